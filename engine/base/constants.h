// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Numbers more than one part of the app must agree on, defined once.
namespace Constants {

// The engine publishes at most one snapshot per frame, and the window draws at most one
// frame per this many milliseconds (~60 Hz).
inline constexpr int FrameMs = 16;

// The defaults for a lock: TTL 10 s, per-node timeout 50 ms (docs/domain.md, "Defaults").
inline constexpr int DefaultTtlMs = 10000;
inline constexpr int DefaultNodeTimeoutMs = 50;

// The longest delay a node's network may be given (`node latency`, a client's delay, the
// proxy's upstream connect timeout): ten minutes.
inline constexpr int MaxNetworkDelayMs = 600000;

} // namespace Constants
