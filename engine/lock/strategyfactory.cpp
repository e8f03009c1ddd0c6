#include "lock/strategyfactory.h"

#include "core/enumnames.h"
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
#include <QMutex>
#include <algorithm>

namespace {
// The single-node rungs lock on node 1, the one Redis of the seed's code.
constexpr int SingleNode = 0;

QString tr(const char* text)
{
    return QCoreApplication::translate("StrategyFactory", text);
}

QMutex& topologyMutex()
{
    static QMutex mutex;
    return mutex;
}

std::optional<FailoverTopology>& runningTopology()
{
    static std::optional<FailoverTopology> topology;
    return topology;
}
} // namespace

void StrategyFactory::setFailoverTopology(const std::optional<FailoverTopology>& topology)
{
    const QMutexLocker locker(&topologyMutex());
    runningTopology() = topology;
}

std::optional<FailoverTopology> StrategyFactory::failoverTopology()
{
    const QMutexLocker locker(&topologyMutex());
    return runningTopology();
}

LockStrategy* StrategyFactory::create(Kind kind, const QList<NodeChannel*>& nodes,
                                      const Clock& clock, QString* error)
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
        if (const auto topology = failoverTopology())
            return new FailoverLock(nodes, *topology, clock);
        break;
    }
    canRun(kind, error);
    return nullptr;
}

bool StrategyFactory::canRun(Kind kind, QString* why)
{
    if (kind != Kind::Failover || failoverTopology())
        return true;
    *why = tr("strategy failover needs a master with a replica and Sentinel (--topology "
              "replicated); these are five independent masters");
    return false;
}

QString StrategyFactory::name(Kind kind)
{
    return EnumNames::name(kind);
}

QStringList StrategyFactory::names()
{
    return EnumNames::all<Kind>();
}

QString StrategyFactory::describe(Kind kind)
{
    switch (kind) {
    case Kind::None:
        return tr("no lock: oversell and lost updates under contention");
    case Kind::Watch:
        return tr("WATCH / MULTI / EXEC: correct for one key, conflicts retried");
    case Kind::Setnx:
        return tr("SETNX, DEL: a crashed holder deadlocks everyone");
    case Kind::SetnxExpire:
        return tr("SETNX then EXPIRE: a crash between the two deadlocks again");
    case Kind::SetPx:
        return tr("SET NX PX, plain DEL: a slow client deletes someone else's lock");
    case Kind::TokenGetDel:
        return tr("token, GET then DEL: the race between GET and DEL");
    case Kind::TokenLua:
        return tr("token, Lua release, one node: correct until that node dies");
    case Kind::Reentrant:
        return tr("Redisson's hash lock: reentry counted");
    case Kind::Watchdog:
        return tr("reentrant, renewed every TTL/3: a paused watchdog stops renewing");
    case Kind::Failover:
        return tr("one master with an async replica: the key is lost in failover");
    case Kind::Redlock:
        return tr("a majority of independent masters");
    }
    return {};
}

int StrategyFactory::nodeCount(Kind kind, int fleetSize)
{
    switch (kind) {
    case Kind::None:
    case Kind::Watch:
        return 0;
    case Kind::Redlock:
        return fleetSize;
    default:
        return std::min(1, fleetSize); // the single-node rungs and failover's master
    }
}

int StrategyFactory::quorum(Kind kind, int fleetSize)
{
    const int nodes = nodeCount(kind, fleetSize);
    return nodes == 0 ? 0 : nodes / 2 + 1;
}
