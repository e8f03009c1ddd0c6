// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/strategyfactory.h"

#include "lock/failoverlock.h"
#include "lock/nolock.h"
#include "lock/redlock.h"
#include "lock/reentrantlock.h"
#include "lock/setnxexpirelock.h"
#include "lock/setnxlock.h"
#include "lock/setpxlock.h"
#include "lock/tokengetdellock.h"
#include "lock/tokenlualock.h"
#include "lock/watchdoglock.h"
#include "lock/watchlock.h"

#include <QCoreApplication>

namespace {
// The single-node rungs lock on node 1, the one Redis of the oversell ladder's code.
constexpr int SingleNode = 0;

QString tr(const char* text)
{
    return QCoreApplication::translate("StrategyFactory", text);
}

} // namespace

LockStrategy* StrategyFactory::create(Kind kind, const QList<NodeChannel*>& nodes,
                                      const FailoverTopology* topology, const Clock& clock,
                                      QString* error)
{
    NodeChannel* first = nodes.value(SingleNode);
    switch (kind) {
    case Kind::None:
        return new NoLock(clock);
    case Kind::Watch:
        return new WatchLock(clock);
    case Kind::Setnx:
        return new SetNxLock(first, SingleNode, clock);
    case Kind::SetnxExpire:
        return new SetNxExpireLock(first, SingleNode, clock);
    case Kind::SetPx:
        return new SetPxLock(first, SingleNode, clock);
    case Kind::TokenGetDel:
        return new TokenGetDelLock(first, SingleNode, clock);
    case Kind::TokenLua:
        return new TokenLuaLock(first, SingleNode, clock);
    case Kind::Reentrant:
        return new ReentrantLock(first, SingleNode, clock);
    case Kind::Watchdog:
        return new WatchdogLock(first, SingleNode, clock);
    case Kind::Redlock:
        return new Redlock(nodes, clock);
    case Kind::Failover:
        if (topology)
            return new FailoverLock(nodes, *topology, clock);
        break;
    }
    canRun(kind, topology != nullptr, error);
    return nullptr;
}

bool StrategyFactory::canRun(Kind kind, bool sentinelRunning, QString* why)
{
    if (!Strategy::needsSentinel(kind) || sentinelRunning)
        return true;
    *why = tr("strategy failover needs a master with a replica and Sentinel (--topology "
              "replicated); these are five independent masters");
    return false;
}
