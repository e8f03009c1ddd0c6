// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>
#include <deque>
#include <limits>

// One stretch of one lane of the timeline: a client acquiring, holding its lock, paused; a
// node holding a client's key; a fault. Tracks of segments are in time order and, within a
// track, do not overlap, so the part in view is found by binary search.
struct TimelineSegment
{
    enum class Kind : quint8
    {
        // a client's state (the lane's background)
        Idle,
        Acquiring,
        Holding,
        Releasing,
        WaitingRetry,
        Paused,
        Crashed,
        Stopped,
        // a client's critical section
        InSection,   // believes it holds the lock, within its validity
        WithoutLock, // still in its section after its validity ended
                     // a node
        Key,         // a client's key (`client`); ttlUs: its TTL when set or renewed
        NodeDown,    // killed, shut down, waiting for a delayed restart, or unreachable
        NodePaused,
        // a fault (code: Fault::Kind)
        Fault,
    };

    static constexpr qint64 Open = std::numeric_limits<qint64>::max(); // still going on

    qint64 startUs = 0;
    qint64 endUs = Open;
    qint64 ttlUs = 0;     // Key: the TTL it was set or renewed with
    qint64 rampEndUs = 0; // Key: when it expires if nothing else happens (the ramp's 0)
    quint64 event = 0;    // the index of the event that began it
    qint32 client = -1;   // the owner (Key, InSection, WithoutLock) or the client at fault
    qint16 node = -1;     // Fault: the node at fault (-1: a client fault)
    Kind kind = Kind::Idle;
    quint8 code = 0; // Fault: Fault::Kind

    bool isOpen() const { return endUs == Open; }
};

using TimelineTrack = std::deque<TimelineSegment>;
