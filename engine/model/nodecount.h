// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// How many lock nodes a fleet may have: an odd count, so that a majority is always decided
// (no split into halves), from 1 to 9. The command line, the config file, the engine config,
// the Nodes dialog and a remembered fleet all ask this one rule.
namespace NodeCount {

inline constexpr int Min = 1;
inline constexpr int Max = 9;

constexpr bool isValid(qsizetype count)
{
    return count >= Min && count <= Max && count % 2 == 1;
}

} // namespace NodeCount
