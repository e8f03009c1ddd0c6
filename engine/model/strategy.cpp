// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/strategy.h"

#include "base/enumnames.h"

#include <algorithm>

QString Strategy::name(Kind kind)
{
    return EnumNames::name(kind);
}

QStringList Strategy::names()
{
    return EnumNames::all<Kind>();
}

QString Strategy::describe(Kind kind)
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

int Strategy::nodeCount(Kind kind, int fleetSize)
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

int Strategy::quorum(Kind kind, int fleetSize)
{
    const int nodes = nodeCount(kind, fleetSize);
    return nodes == 0 ? 0 : nodes / 2 + 1;
}
