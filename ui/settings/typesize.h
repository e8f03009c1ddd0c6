// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The window's type size in percent of normal, defined once for --zoom and --large, the
// View menu's large type and what the settings file may remember.
namespace TypeSize {

inline constexpr int MinPct = 70;
inline constexpr int MaxPct = 260;
inline constexpr int LargePct = 135; // for the back of the room

inline constexpr double scale(int pct)
{
    return pct / 100.0;
}

// Whether a scale is the large type (give or take the steps of Bigger and Smaller).
inline constexpr bool isLarge(double scale)
{
    return scale >= TypeSize::scale(LargePct) - 0.05;
}

} // namespace TypeSize
