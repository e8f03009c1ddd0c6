// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/latencywindow.h"

#include <QMap>
#include <QString>

struct ClientSnapshot;

// What a client counts of itself, for its lane and its tooltip (the checker counts from
// the history, not from here).
struct ClientStats
{
    quint64 attempts = 0;
    quint64 acquisitions = 0;
    quint64 sales = 0;
    quint64 lockLosses = 0;
    quint64 gaveUp = 0;
    quint64 rejectedWrites = 0;
    quint64 conflicts = 0;           // WATCH: writes EXEC refused
    quint64 reentries = 0;           // reentrant: holds taken again inside the section
    quint64 wakeUps = 0;             // wait=pubsub: tries an unlock message brought forward
    QMap<QString, quint64> failures; // by reason ("no-quorum", "split-vote", ...)
    LatencyWindow acquireLatency;

    void noteAcquisition(qint64 latencyUs)
    {
        ++acquisitions;
        acquireLatency.add(latencyUs);
    }
    void copyTo(ClientSnapshot& snapshot) const;
};
