// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/sentinelview.h"

#include <QList>
#include <QString>

// The Sentinels' view of the replicated topology: who they think is master and how many
// agree. Empty (present = false) on independent masters.
struct SentinelSnapshot
{
    bool present = false;
    bool ready = false; // the Sentinels agree on node 1: the failover strategy may run
    QList<SentinelView> views;
    int quorum = 2;
    int masterNode = -1; // the node a majority of Sentinels names, -1 when none does
    int agreeing = 0;    // how many Sentinels name that node
    bool quorumReached = false;
    bool masterDown = false;         // some Sentinel sees the master down (s_down or o_down)
    bool failoverInProgress = false; // a Sentinel is promoting a replica right now
};
