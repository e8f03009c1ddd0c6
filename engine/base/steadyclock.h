// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/clock.h"

#include <chrono>

// Clock on std::chrono::steady_clock: never jumps with the wall clock.
class SteadyClock : public Clock
{
public:
    SteadyClock() : m_start(std::chrono::steady_clock::now()) {}

    qint64 nowUs() const override
    {
        const auto elapsed = std::chrono::steady_clock::now() - m_start;
        return std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
    }

    // One clock for the whole process, so every timestamp in the history is comparable.
    static const SteadyClock& instance()
    {
        static const SteadyClock clock;
        return clock;
    }

private:
    std::chrono::steady_clock::time_point m_start;
};
