// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/timelinesegment.h"

#include <QString>

// One row of the timeline: a client or a node, with its tracks (drawn in this order).
struct TimelineLane
{
    enum class Type : quint8
    {
        Client,
        Node
    };

    Type type = Type::Client;
    int id = -1; // client id, or node index
    QString name;
    TimelineTrack state;   // client: its states; node: down or paused
    TimelineTrack section; // client: its critical sections; node: the keys it holds
    TimelineTrack faults;  // client: paused, crashed; node: its faults (kinds may overlap)
    bool removed = false;  // a client removed from the run (its lane stays for the past)

    // The open critical section (client), not yet split at its validity's end.
    qint64 sectionStartUs = -1; // -1: none open
    qint64 validUntilUs = 0;
    quint64 sectionEvent = 0;
};
