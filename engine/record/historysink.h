// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

// Where the recorder hands every event it keeps, besides the in-memory history: a run file
// on disk (RunWriter). Called in the engine thread for every event, so an implementation
// must only hand the event on, never do slow work there.
class HistorySink
{
public:
    virtual ~HistorySink() = default;
    virtual void take(const HistoryEvent& event) = 0;
};
