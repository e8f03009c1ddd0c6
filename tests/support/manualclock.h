// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/clock.h"

// A clock that only moves when told: makes validity arithmetic exact in unit tests.
class ManualClock : public Clock
{
public:
    qint64 nowUs() const override { return m_nowUs; }
    void setNowUs(qint64 us) { m_nowUs = us; }
    void advanceUs(qint64 us) { m_nowUs += us; }
    // Time only moves forward, as on a monotonic clock.
    void advanceToUs(qint64 us)
    {
        if (us > m_nowUs)
            m_nowUs = us;
    }

private:
    qint64 m_nowUs = 1'000'000;
};
