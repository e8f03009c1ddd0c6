// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/schedulegenerator.h"

#include "base/enumnames.h"
#include "model/clientsettings.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace {

using Kind = ScheduleStep::Kind;
using FaultKind = SearchOptions::FaultKind;

constexpr quint64 SeedMask = (quint64(1) << 53) - 1;
constexpr int Tries = 20; // draws of one fault before it is left out

Kind stepKind(FaultKind fault)
{
    switch (fault) {
    case FaultKind::Kill:
        return Kind::Kill;
    case FaultKind::Restart:
        return Kind::Restart;
    case FaultKind::Pause:
        return Kind::Pause;
    case FaultKind::Partition:
        return Kind::Partition;
    case FaultKind::Latency:
        return Kind::Latency;
    case FaultKind::Drop:
        return Kind::Drop;
    case FaultKind::Clock:
        return Kind::Clock;
    case FaultKind::ClientPause:
        return Kind::ClientPause;
    case FaultKind::ClientCrash:
        return Kind::ClientCrash;
    }
    return Kind::Pause;
}

QString keyOf(const QString& assignment)
{
    return assignment.section(QLatin1Char('='), 0, 0).trimmed().toLower();
}

int round10(double ms)
{
    return std::max(0, int(std::lround(ms / 10.0)) * 10);
}

} // namespace

// Everything one schedule draws, from its seed alone.
struct ScheduleGenerator::Draw
{
    explicit Draw(quint64 seed)
    {
        const quint32 words[2] = {quint32(seed), quint32(seed >> 32)};
        random = QRandomGenerator(words, 2);
    }
    // Uniform in [low, high], both included.
    int between(int low, int high)
    {
        return low >= high ? low : low + int(random.bounded(high - low + 1));
    }
    bool chance(double p) { return random.generateDouble() < p; }
    template <typename T> const T& pick(const QList<T>& list)
    {
        return list[qsizetype(random.bounded(quint32(list.size())))];
    }

    QRandomGenerator random;
    Schedule schedule;
    ClientSettings settings; // the defaults as drawn and pinned
    int windowMs = 0;        // faults begin within [0, windowMs]
};

ScheduleGenerator::ScheduleGenerator(const SearchOptions& options) : m_options(options) {}

quint64 ScheduleGenerator::nextSeed(quint64 seed)
{
    quint64 z = seed + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (z ^ (z >> 31)) & SeedMask;
}

Schedule ScheduleGenerator::generate(quint64 seed) const
{
    Draw draw(seed);
    draw.schedule.seed = seed & SeedMask;
    draw.schedule.nodeCount = m_options.nodeCount();
    if (m_options.persistence != SearchOptions::Persistence::None)
        draw.schedule.persistence = EnumNames::name(m_options.persistence);
    draw.schedule.defaults = drawDefaults(draw);
    const int ttl = draw.settings.lock.ttlMs;
    draw.windowMs = draw.between(1000, 4000) + std::min(ttl, 6000);
    addClients(draw);
    if (!m_options.faults.isEmpty()) {
        const int faults = draw.between(1, 4);
        for (int i = 0; i < faults; ++i)
            addFault(draw);
    }
    Schedule& s = draw.schedule;
    // The run goes on after the last fault for as long as its consequences need: a lock
    // living out its TTL, the work under it, and then some.
    s.endMs = std::max(draw.windowMs, s.lastActionMs()) + std::min(ttl, 6000) +
              std::min(draw.settings.workMaxMs, 6000) + 500;
    s.normalise();
    return s;
}

// The rung, then every setting the user did not pin, drawn around one TTL so that the work,
// the pauses and the faults are of the lock's own scale.
QStringList ScheduleGenerator::drawDefaults(Draw& draw) const
{
    QStringList pinnedKeys;
    for (const QString& a : m_options.pinned)
        pinnedKeys << keyOf(a);
    const auto drawn = [&pinnedKeys](const QString& key) { return !pinnedKeys.contains(key); };
    QStringList list{QStringLiteral("strategy=%1").arg(Strategy::name(m_options.strategy))};
    ClientSettings base;
    base.strategy = m_options.strategy;
    QString error;
    // The TTL first: the other ranges follow it (pinned or drawn).
    const ClientSettings pinned = base.withAssignments(m_options.pinned, &error).value_or(base);
    const int ttl = drawn(QStringLiteral("ttl")) ? draw.between(5, 30) * 100 : pinned.lock.ttlMs;
    if (drawn(QStringLiteral("ttl")))
        list << QStringLiteral("ttl=%1").arg(ttl);
    if (drawn(QStringLiteral("work"))) {
        const int low = round10(ttl * draw.between(5, 60) / 100.0);
        const int high = low + round10(ttl * draw.between(0, 50) / 100.0);
        list << QStringLiteral("work=%1-%2").arg(low).arg(high);
    }
    if (drawn(QStringLiteral("think")))
        list << QStringLiteral("think=%1").arg(draw.between(2, 50) * 10);
    if (drawn(QStringLiteral("retrydelay")))
        list << QStringLiteral("retrydelay=%1").arg(draw.between(2, 20) * 10);
    if (drawn(QStringLiteral("retryjitter")))
        list << QStringLiteral("retryjitter=%1").arg(draw.between(0, 20) * 10);
    list << m_options.pinned;
    draw.settings = base.withAssignments(list, &error).value_or(pinned);
    return list;
}

void ScheduleGenerator::addClients(Draw& draw) const
{
    const int ttl = draw.settings.lock.ttlMs;
    QStringList pinnedKeys;
    for (const QString& a : m_options.pinned)
        pinnedKeys << keyOf(a);
    for (int i = 1; i <= m_options.clients; ++i) {
        ScheduleStep add;
        add.kind = Kind::AddClient;
        add.client = QStringLiteral("C%1").arg(i);
        if (i > 1 && draw.chance(0.5))
            add.atMs = round10(draw.between(0, draw.windowMs / 2));
        // Some clients work at their own pace (a slow job among quick ones).
        if (!pinnedKeys.contains(QStringLiteral("work")) && draw.chance(0.3)) {
            const int low = round10(ttl * draw.between(5, 150) / 100.0);
            add.settings << QStringLiteral("work=%1").arg(low);
        }
        draw.schedule.steps << add;
    }
}

QList<int> ScheduleGenerator::lockNodes() const
{
    const int n = m_options.nodeCount();
    const int used = std::max(1, Strategy::nodeCount(m_options.strategy, n));
    QList<int> nodes;
    for (int i = 1; i <= std::min(used, n); ++i)
        nodes << i;
    return nodes;
}

QStringList ScheduleGenerator::moments() const
{
    QStringList list{QStringLiteral("before-write")};
    if (m_options.strategy == Strategy::Kind::SetnxExpire)
        list << QStringLiteral("before-expire");
    if (m_options.strategy == Strategy::Kind::TokenGetDel)
        list << QStringLiteral("before-delete");
    return list;
}

void ScheduleGenerator::addFault(Draw& draw) const
{
    const int ttl = draw.settings.lock.ttlMs;
    const auto length = [&draw, ttl](int lowPct, int highPct) {
        return std::max(100, round10(ttl * draw.between(lowPct, highPct) / 100.0));
    };
    const QStringList clients = draw.schedule.clients();
    for (int attempt = 0; attempt < Tries; ++attempt) {
        ScheduleStep step;
        step.kind = stepKind(draw.pick(m_options.faults));
        step.atMs = round10(draw.between(0, draw.windowMs));
        switch (step.kind) {
        case Kind::Kill:
        case Kind::Pause:
            step.lengthMs = length(10, 200);
            break;
        case Kind::Partition:
            step.lengthMs = length(20, 200);
            // Cut off every client, or some of those there by then.
            if (draw.chance(0.5)) {
                for (const ScheduleStep& c : draw.schedule.steps)
                    if (c.kind == Kind::AddClient && c.atMs <= step.atMs && draw.chance(0.5))
                        step.cut << c.client;
            }
            break;
        case Kind::Latency:
            step.lengthMs = length(20, 200);
            step.amount = draw.between(1, 40) * 10;
            break;
        case Kind::Drop:
            step.lengthMs = length(20, 200);
            step.amount = draw.between(1, 10) * 10;
            break;
        case Kind::Clock:
            step.amount = std::max(100, round10(ttl * draw.between(20, 150) / 100.0));
            break;
        case Kind::ClientPause:
            step.lengthMs = length(20, 300);
            if (draw.chance(0.5))
                step.moment = draw.pick(moments());
            break;
        case Kind::ClientCrash:
            step.lengthMs = length(20, 200);
            if (draw.chance(0.3))
                step.moment = draw.pick(moments());
            step.comesBack = step.moment.isEmpty() && draw.chance(0.5);
            // A crash for good has no length (drawn all the same, so the draws that follow
            // stay those of the seed): one would only keep the schedule going after it for
            // nothing (a setnx-expire finding ended 2.7 s after its last step).
            if (!step.comesBack)
                step.lengthMs = 0;
            break;
        case Kind::Restart:
        case Kind::AddClient:
            break;
        }
        if (step.isNodeFault()) {
            step.node = draw.pick(lockNodes());
            if (placeNodeFault(draw, step))
                return;
        } else {
            step.client = draw.pick(clients);
            if (placeClientFault(draw, step))
                return;
        }
    }
}

// A node fault fits when its node is free for its whole time and no more than the bound of
// nodes are faulty at any moment of it. Ends are checked at the window's end at the latest:
// a crash for good does not exist for nodes (every fault ends).
bool ScheduleGenerator::placeNodeFault(Draw& draw, ScheduleStep step) const
{
    Schedule& s = draw.schedule;
    const int far = draw.windowMs * 4;
    const int from = step.atMs;
    const int until = step.busyUntilMs(far, SettleMs);
    QList<QPair<int, int>> others; // other nodes' busy times overlapping this one
    for (const ScheduleStep& o : s.steps) {
        if (!o.isNodeFault())
            continue;
        const int oFrom = o.atMs;
        const int oUntil = o.busyUntilMs(far, SettleMs);
        if (oUntil <= from || oFrom >= until)
            continue;
        if (o.node == step.node)
            return false;
        others << qMakePair(oFrom, oUntil);
    }
    // The most nodes busy at once while this one is: checked at each start inside it.
    QList<int> moments{from};
    for (const auto& o : others)
        moments << std::max(from, o.first);
    for (int t : moments) {
        QSet<int> busy{step.node};
        for (const ScheduleStep& o : s.steps)
            if (o.isNodeFault() && o.atMs <= t && t < o.busyUntilMs(far, SettleMs))
                busy.insert(o.node);
        if (busy.size() > m_options.faultyBound())
            return false;
    }
    s.steps << step;
    return true;
}

// A client fault fits when the client has joined and nothing else is done to it meanwhile
// (a crashed client is not paused; a client crashed for good takes nothing more).
bool ScheduleGenerator::placeClientFault(Draw& draw, ScheduleStep step) const
{
    Schedule& s = draw.schedule;
    const int far = draw.windowMs * 4;
    const int until = step.busyUntilMs(far, SettleMs);
    for (const ScheduleStep& o : s.steps) {
        if (o.client != step.client)
            continue;
        if (o.kind == Kind::AddClient) {
            if (o.atMs > step.atMs)
                return false; // not there yet
            continue;
        }
        if (o.busyUntilMs(far, SettleMs) > step.atMs && o.atMs < until)
            return false;
    }
    s.steps << step;
    return true;
}
