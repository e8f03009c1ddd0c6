// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// The engine's monotonic time source, in microseconds since the run started.
// Injectable so unit tests can pin the validity arithmetic to exact numbers.
class Clock
{
public:
    virtual ~Clock() = default;
    virtual qint64 nowUs() const = 0;
};
