#pragma once

#include "lock/failovertopology.h"

#include <QList>
#include <QObject>
#include <QString>
#include <optional>

class Clock;
class LockStrategy;
class NodeChannel;

// The seeds' ladder by name (`strategy=NAME`), and the one place that builds a rung.
class StrategyFactory
{
    Q_GADGET

public:
    enum class Kind
    {
        None,        // no lock
        Watch,       // WATCH / MULTI / EXEC on the stock
        Setnx,       // SETNX, DEL
        SetnxExpire, // SETNX then EXPIRE
        SetPx,       // SET NX PX, plain DEL
        TokenGetDel, // token, GET then DEL
        TokenLua,    // token, Lua compare-and-delete
        Reentrant,   // Redisson's hash lock
        Watchdog,    // reentrant, renewed every TTL/3
        Failover,    // token-lua on a master found through Sentinel
        Redlock,     // N independent masters, a majority
    };
    Q_ENUM(Kind)

    // Builds `kind` over the client's connections to the nodes (index = node); nullptr with
    // *error when it cannot run here (failover without a replicated topology).
    static LockStrategy* create(Kind kind, const QList<NodeChannel*>& nodes, const Clock& clock,
                                QString* error);
    // Whether `kind` can run on the fleet the app has (failover needs Sentinel); *why if not.
    static bool canRun(Kind kind, QString* why);
    // Whether its release publishes an unlock message a waiter can wake on (wait=pubsub).
    static bool canWaitForRelease(Kind kind)
    {
        return kind == Kind::Reentrant || kind == Kind::Watchdog;
    }
    // How many of a fleet's nodes `kind` locks on, and how many must agree (0: no lock):
    // what a replay shows for a client, which has no strategy object.
    static int nodeCount(Kind kind, int fleetSize);
    static int quorum(Kind kind, int fleetSize);
    // The replicated topology, while it runs (set by the fleet once the Sentinels agree,
    // cleared when it stops): failover can run only then. Process-wide and locked, because
    // the engine thread sets it and the UI thread asks canRun() for its menus.
    static void setFailoverTopology(const std::optional<FailoverTopology>& topology);
    static std::optional<FailoverTopology> failoverTopology();
    static QString name(Kind kind);
    static QStringList names();
    // What the rung is, and the failure it shows, in one line (menus, help).
    static QString describe(Kind kind);
};
