// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

class RunData;

// Why a stale write's writer had lost its lock, as the history proves it (never a fixed
// phrase): read from the recorded events before the write, the writer's acquisition with its
// validity, the superseder's acquisition and what happened to the nodes in between.
//
// - NoLock: the writer took no lock at all (its acquisition granted on no node).
// - Expired: the superseder acquired after the writer's validity had ended (in a pause, when
//   the writer was paused then).
// - the writer's validity still ran when the superseder acquired, so its keys were lost
//   without expiring: Failover (the writer's master died and another node granted the
//   superseder), ClockJump (a node the superseder took jumped its clock), Restart (such a
//   node was down and came back without the key), KeyDeleted (another client's release
//   deleted the writer's key).
// - Unknown: none of these is in the history (or it is no longer kept): the words then say
//   only who held the lock too.
struct IncidentCause
{
    enum class Kind
    {
        Unknown,
        NoLock,
        Expired,
        Failover,
        ClockJump,
        Restart,
        KeyDeleted,
    };

    Kind kind = Kind::Unknown;
    bool paused = false;         // Expired: the writer was paused when its validity ended
    int node = -1;               // ClockJump, Restart, Failover: the node (index) it names
    int deleter = -1;            // KeyDeleted: whose release deleted the writer's key
    qint64 validUntilUs = -1;    // the writer's validity end, -1: not known
    qint64 supersededUs = -1;    // when the superseder acquired, -1: not known
    quint16 supersederNodes = 0; // the nodes that granted the superseder

    // The cause of `writer`'s write at `writeUs` after `superseder` had acquired, from the
    // events `history` holds. `failover`: the writer locks the master Sentinel names.
    static IncidentCause judge(const RunData& history, int writer, int superseder, qint64 writeUs,
                               bool failover);
};
