// SPDX-License-Identifier: GPL-3.0-or-later
#include "nemesis.h"

#include "enginerunner.h"

#include <QDebug>
#include <QMetaEnum>

#include <algorithm>
#include <utility>

namespace {

bool hasFault(const NodeSnapshot& node, Fault::Kind kind)
{
    return std::any_of(node.faults.cbegin(), node.faults.cend(),
                       [kind](const Fault& f) { return f.kind == kind; });
}

bool isNetworkFault(Fault::Kind kind)
{
    return kind == Fault::Kind::Partition || kind == Fault::Kind::Latency ||
           kind == Fault::Kind::Drop || kind == Fault::Kind::ClockJump;
}

// Up, answering, and nothing in force: a node that can vote.
bool healthy(const NodeSnapshot& node)
{
    return node.state == NodeSnapshot::State::Up && node.faults.isEmpty();
}

// A timed fault's end on the engine's timer and the nemesis's clock differ by a little:
// the node is not touched again until it surely ended.
constexpr int TimedSlackMs = 300;

} // namespace

Nemesis::Nemesis(EngineRunner& engine, const Options& options)
    : m_engine(engine), m_options(options), m_random(quint32(options.seed ^ (options.seed >> 32))),
      m_nodes(engine.last().nodes.size())
{
    m_clock.start();
}

int Nemesis::nextPauseMs()
{
    return between(m_options.minStepMs, m_options.maxStepMs);
}

bool Nemesis::step(QString* error)
{
    const int roll = pick(100);
    if (roll < 15)
        return clientStep(error);
    bool canHeal = false;
    for (int n = 0; n < m_nodes.size(); ++n)
        canHeal |= needsHeal(n);
    const bool full = faultyCount() >= m_options.maxFaultyNodes;
    if (canHeal && (full || roll < 50))
        return healStep(error);
    return injectStep(error);
}

bool Nemesis::injectStep(QString* error)
{
    // A node already faulty may get one more fault; a healthy one only while fewer than
    // maxFaultyNodes are faulty.
    const bool room = faultyCount() < m_options.maxFaultyNodes;
    QList<int> candidates;
    for (int n = 0; n < m_nodes.size(); ++n)
        if (room || isFaulty(n))
            candidates << n;
    if (candidates.isEmpty())
        return true;
    const int node = candidates.at(pick(int(candidates.size())));
    // Process faults need a running process the nemesis has not touched; network faults
    // (through the node's proxy) go on any node.
    if (processFree(node) && pick(2) == 0)
        return injectProcessFault(node, error);
    return injectNetworkFault(node, error);
}

bool Nemesis::injectProcessFault(int node, QString* error)
{
    NodeRecord& record = m_nodes[node];
    const QString n = QString::number(node + 1);
    switch (pick(5)) {
    case 0:
        record.killed = true;
        return run(QStringLiteral("kill"), QStringLiteral("node kill ") + n, error);
    case 1: // killed and back at once: the AOF must give back what it granted
        return run(QStringLiteral("restart"), QStringLiteral("node restart ") + n, error);
    case 2: {
        const int ms = between(200, m_options.maxRestartDelayMs);
        record.busyUntilMs = nowMs() + ms + TimedSlackMs;
        return run(QStringLiteral("restart delayed"),
                   QStringLiteral("node restart %1 delayed %2").arg(n).arg(ms), error);
    }
    case 3:
        record.paused = true;
        return run(QStringLiteral("pause"), QStringLiteral("node pause ") + n, error);
    default: {
        const int ms = between(50, m_options.maxPauseMs);
        record.busyUntilMs = nowMs() + ms + TimedSlackMs;
        return run(QStringLiteral("pause timed"), QStringLiteral("node pause %1 %2").arg(n).arg(ms),
                   error);
    }
    }
}

bool Nemesis::injectNetworkFault(int node, QString* error)
{
    m_nodes[node].network = true;
    const QString n = QString::number(node + 1);
    switch (pick(4)) {
    case 0: {
        const int fixed = between(1, m_options.maxLatencyMs);
        const int jitter = between(0, m_options.maxLatencyMs - fixed);
        return run(QStringLiteral("latency"),
                   QStringLiteral("node latency %1 %2 %3").arg(n).arg(fixed).arg(jitter), error);
    }
    case 1:
        return run(
            QStringLiteral("drop"),
            QStringLiteral("node drop %1 %2").arg(n).arg(between(5, m_options.maxDropPercent)),
            error);
    case 2:
        return run(QStringLiteral("partition"), QStringLiteral("node partition ") + n, error);
    default: {
        QStringList clients = runningClients();
        QStringList chosen;
        for (int i = between(1, 5); i > 0 && !clients.isEmpty(); --i)
            chosen << clients.takeAt(pick(int(clients.size())));
        return run(QStringLiteral("partition some"),
                   QStringLiteral("node partition %1 %2").arg(n, chosen.join(QLatin1Char(' '))),
                   error);
    }
    }
}

bool Nemesis::healStep(QString* error)
{
    QList<int> candidates;
    for (int n = 0; n < m_nodes.size(); ++n)
        if (needsHeal(n))
            candidates << n;
    const int node = candidates.at(pick(int(candidates.size())));
    NodeRecord& record = m_nodes[node];
    const QString n = QString::number(node + 1);
    if (record.killed) {
        record.killed = false;
        return run(QStringLiteral("heal: restart"), QStringLiteral("node restart ") + n, error);
    }
    if (record.paused) {
        record.paused = false;
        return run(QStringLiteral("heal: resume"), QStringLiteral("node resume ") + n, error);
    }
    record.network = false;
    return run(QStringLiteral("heal: network"), QStringLiteral("node heal ") + n, error);
}

bool Nemesis::clientStep(QString* error)
{
    const QStringList running = runningClients();
    const bool mayCrash = m_crashed.size() < m_options.maxCrashedClients && !running.isEmpty();
    if (mayCrash && (m_crashed.isEmpty() || pick(2) == 0)) {
        const QString& name = running.at(pick(int(running.size())));
        m_crashed << name;
        return run(QStringLiteral("client crash"), QStringLiteral("client crash ") + name, error);
    }
    if (m_crashed.isEmpty())
        return true;
    const QString name = m_crashed.takeAt(pick(int(m_crashed.size())));
    return run(QStringLiteral("client restart"), QStringLiteral("client restart ") + name, error);
}

bool Nemesis::healAll(int timeoutMs, QString* error)
{
    // Refusals here are logged, not fatal: a timed pause may end on its own between the
    // snapshot and the command. Whether everything is healed is judged at the end.
    QString ignored;
    for (const QString& name : std::exchange(m_crashed, {}))
        run(QStringLiteral("heal: client restart"), QStringLiteral("client restart ") + name,
            &ignored);
    for (int node = 0; node < m_nodes.size(); ++node) {
        NodeRecord& record = m_nodes[node];
        const NodeSnapshot* s = nodeSnapshot(node);
        const QString n = QString::number(node + 1);
        const bool restartPending = s && hasFault(*s, Fault::Kind::RestartPending);
        const bool killed = record.killed || (s && hasFault(*s, Fault::Kind::Killed));
        const bool paused = record.paused || (s && hasFault(*s, Fault::Kind::Paused));
        const bool network =
            record.network ||
            (s && std::any_of(s->faults.cbegin(), s->faults.cend(),
                              [](const Fault& f) { return isNetworkFault(f.kind); }));
        record = {};
        if (killed && !restartPending)
            run(QStringLiteral("heal: restart"), QStringLiteral("node restart ") + n, &ignored);
        else if (paused && !killed)
            run(QStringLiteral("heal: resume"), QStringLiteral("node resume ") + n, &ignored);
        if (network)
            run(QStringLiteral("heal: network"), QStringLiteral("node heal ") + n, &ignored);
    }
    const auto allHealed = [](const EngineSnapshot& s) {
        return std::all_of(s.nodes.cbegin(), s.nodes.cend(), healthy) &&
               std::none_of(s.clients.cbegin(), s.clients.cend(), [](const ClientSnapshot& c) {
                   return c.state == ClientSnapshot::State::Crashed;
               });
    };
    if (m_engine.waitFor(allHealed, timeoutMs))
        return true;
    *error = QStringLiteral("not healed after %1 ms: %2").arg(timeoutMs).arg(unhealed());
    return false;
}

bool Nemesis::run(const QString& kind, const QString& line, QString* error)
{
    QString answer;
    const bool ok = m_engine.command(line, &answer);
    qInfo().noquote() << QStringLiteral("nemesis %1 s  %2  ->  %3%4")
                             .arg(nowMs() / 1000.0, 8, 'f', 3)
                             .arg(line, -28)
                             .arg(ok ? QString() : QStringLiteral("REFUSED: "), answer);
    ++m_tally[kind];
    if (!kind.startsWith(QLatin1String("heal")) && kind != QLatin1String("client restart"))
        ++m_injected;
    if (!ok)
        *error = QStringLiteral("'%1' refused: %2").arg(line, answer);
    return ok;
}

bool Nemesis::needsHeal(int node) const
{
    const NodeRecord& r = m_nodes.at(node);
    return r.killed || r.paused || r.network;
}

bool Nemesis::isFaulty(int node) const
{
    const NodeSnapshot* s = nodeSnapshot(node);
    return needsHeal(node) || nowMs() < m_nodes.at(node).busyUntilMs || !s || !healthy(*s);
}

bool Nemesis::processFree(int node) const
{
    const NodeRecord& r = m_nodes.at(node);
    const NodeSnapshot* s = nodeSnapshot(node);
    return !r.killed && !r.paused && nowMs() >= r.busyUntilMs && s &&
           s->state == NodeSnapshot::State::Up;
}

int Nemesis::faultyCount() const
{
    int count = 0;
    for (int n = 0; n < m_nodes.size(); ++n)
        count += isFaulty(n) ? 1 : 0;
    return count;
}

const NodeSnapshot* Nemesis::nodeSnapshot(int node) const
{
    const QList<NodeSnapshot>& nodes = m_engine.last().nodes;
    return node < nodes.size() ? &nodes.at(node) : nullptr;
}

QStringList Nemesis::runningClients() const
{
    QStringList names;
    for (const ClientSnapshot& c : m_engine.last().clients)
        if (c.state != ClientSnapshot::State::Crashed && !m_crashed.contains(c.name))
            names << c.name;
    return names;
}

QString Nemesis::unhealed() const
{
    QStringList parts;
    for (const NodeSnapshot& n : m_engine.last().nodes) {
        if (healthy(n))
            continue;
        QStringList faults;
        for (const Fault& f : n.faults)
            faults << QString::fromLatin1(
                QMetaEnum::fromType<Fault::Kind>().valueToKey(int(f.kind)));
        parts << QStringLiteral("node %1 %2 [%3]")
                     .arg(n.index + 1)
                     .arg(NodeSnapshot::stateName(n.state), faults.join(QLatin1Char(',')));
    }
    for (const ClientSnapshot& c : m_engine.last().clients)
        if (c.state == ClientSnapshot::State::Crashed)
            parts << c.name + QStringLiteral(" crashed");
    return parts.join(QStringLiteral("; "));
}
