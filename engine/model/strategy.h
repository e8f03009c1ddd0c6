// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <QStringList>

// The ladder by name (`strategy=NAME`; docs/domain.md, "The ladder"): which rung a client
// locks with, and what each rung is. A value everyone shares (settings, snapshots, the
// history, the window's menus); StrategyFactory (lock/) builds the rung itself.
class Strategy
{
    Q_GADGET
    Q_DECLARE_TR_FUNCTIONS(Strategy)

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

    // Whether its release publishes an unlock message a waiter can wake on (wait=pubsub).
    static bool canWaitForRelease(Kind kind)
    {
        return kind == Kind::Reentrant || kind == Kind::Watchdog;
    }
    // Whether fencing=on reaches the storage: the rungs with no token to fence with (and
    // set-px, whose plain DEL the ladder keeps unfenced) ignore it. The same answer as each
    // LockStrategy's canFence(), for settings that have no strategy object yet.
    static bool canFence(Kind kind)
    {
        return kind != Kind::None && kind != Kind::Watch && kind != Kind::Setnx &&
               kind != Kind::SetnxExpire && kind != Kind::SetPx;
    }
    // Whether it needs the replicated topology (a master, its replica and Sentinel).
    static bool needsSentinel(Kind kind) { return kind == Kind::Failover; }
    // How many of a fleet's nodes `kind` locks on, and how many must agree (0: no lock):
    // what a replay shows for a client, which has no strategy object.
    static int nodeCount(Kind kind, int fleetSize);
    static int quorum(Kind kind, int fleetSize);
    static QString name(Kind kind);
    static QStringList names();
    // What the rung is, and the failure it shows, in one line (menus, help).
    static QString describe(Kind kind);
};
