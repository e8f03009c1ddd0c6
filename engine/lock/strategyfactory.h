// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/failovertopology.h"
#include "model/strategy.h"

#include <QList>
#include <QString>

class Clock;
class LockStrategy;
class NodeChannel;

// The one place that builds a rung of the ladder (Strategy::Kind) over a client's nodes.
class StrategyFactory
{
public:
    using Kind = Strategy::Kind;

    // Builds `kind` over the client's connections to the nodes (index = node); nullptr with
    // *error when it cannot run here (failover without a replicated topology: `topology`
    // is the one running, or nullptr).
    static LockStrategy* create(Kind kind, const QList<NodeChannel*>& nodes,
                                const FailoverTopology* topology, const Clock& clock,
                                QString* error);
    // Whether `kind` can run on a fleet with (or without) Sentinel running; *why if not.
    static bool canRun(Kind kind, bool sentinelRunning, QString* why);
};
