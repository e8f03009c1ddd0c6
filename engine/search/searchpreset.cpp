// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/searchpreset.h"

namespace {

using F = SearchOptions::FaultKind;
using K = Strategy::Kind;

SearchPreset preset(const QString& name, const QString& description, K strategy,
                    const QList<F>& faults, const QStringList& pinned = {})
{
    SearchPreset p;
    p.name = name;
    p.description = description;
    p.options.strategy = strategy;
    p.options.faults = faults;
    p.options.pinned = pinned;
    return p;
}

} // namespace

QString SearchPreset::livenessProperty()
{
    return QStringLiteral("# liveness: after the faults everyone stops, and a new client gets "
                          "the lock within 5 s\n"
                          "client stop all\n"
                          "client add P retries=1000 retrydelay=50 retryjitter=0\n"
                          "wait until acquired(P) 5000");
}

QList<SearchPreset> SearchPreset::all()
{
    QList<SearchPreset> list;
    list << preset(QStringLiteral("none"), tr("no lock, no fault: two buyers"), K::None, {});
    SearchPreset setnx =
        preset(QStringLiteral("setnx-crash"), tr("SETNX without a TTL, clients crash: a deadlock"),
               K::Setnx, {F::ClientCrash});
    setnx.options.property = livenessProperty();
    setnx.options.propertyOrigin = QStringLiteral("preset:setnx-crash");
    list << setnx;
    SearchPreset expire = preset(QStringLiteral("setnx-expire-crash"),
                                 tr("SETNX then EXPIRE, clients crash: a deadlock again"),
                                 K::SetnxExpire, {F::ClientCrash});
    expire.options.property = livenessProperty();
    expire.options.propertyOrigin = QStringLiteral("preset:setnx-expire-crash");
    list << expire;
    SearchPreset setPx = preset(
        QStringLiteral("set-px-long-work"),
        tr("SET NX PX and a plain DEL, careless clients whose work outlives the TTL"), K::SetPx, {},
        {QStringLiteral("ttl=1000"), QStringLiteral("work=1200-2000"),
         QStringLiteral("careful=off")});
    setPx.options.clients = 3;
    list << setPx;
    list << preset(QStringLiteral("token-get-del-pause"),
                   tr("a token, GET then DEL; clients pause"), K::TokenGetDel, {F::ClientPause});
    list << preset(QStringLiteral("token-lua-kill"),
                   tr("a token and the Lua release on one node; the node is killed"), K::TokenLua,
                   {F::Kill});
    list << preset(QStringLiteral("watchdog-pause"), tr("Redisson's watchdog; the holder pauses"),
                   K::Watchdog, {F::ClientPause});
    SearchPreset failover = preset(QStringLiteral("failover-kill"),
                                   tr("one master, its replica and Sentinel; the nodes are killed"),
                                   K::Failover, {F::Kill});
    failover.options.topology = EngineConfig::Topology::Replicated;
    list << failover;
    list << preset(QStringLiteral("redlock-careless-pause"),
                   tr("Redlock with careless clients; the clients pause"), K::Redlock,
                   {F::ClientPause}, {QStringLiteral("careful=off")});
    list << preset(QStringLiteral("redlock-clock"), tr("Redlock; node clocks jump forward"),
                   K::Redlock, {F::Clock});
    list << preset(QStringLiteral("redlock-restart"),
                   tr("Redlock; nodes restart without persistence"), K::Redlock, {F::Restart});
    SearchPreset careful =
        preset(QStringLiteral("redlock-careful-fenced"),
               tr("Redlock with careful clients, fencing and AOF always; every node fault but "
                  "clock jumps"),
               K::Redlock, {F::Kill, F::Restart, F::Pause, F::Partition, F::Latency, F::Drop},
               {QStringLiteral("careful=on"), QStringLiteral("fencing=on")});
    careful.options.persistence = SearchOptions::Persistence::Always;
    careful.options.clients = 3;
    careful.expectSafe = true;
    careful.budgetS = 600;
    list << careful;
    return list;
}

std::optional<SearchPreset> SearchPreset::find(const QString& name)
{
    for (const SearchPreset& p : all())
        if (p.name == name)
            return p;
    return std::nullopt;
}
