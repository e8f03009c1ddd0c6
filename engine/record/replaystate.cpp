// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/replaystate.h"

#include "commands/commandparser.h"

#include <algorithm>

namespace {
using K = HistoryEvent::Kind;
constexpr qsizetype MaxViolationsShown = 20; // as SnapshotBuilder
} // namespace

ReplayState::ReplayState(const RunHeader& header)
    : m_header(header), m_checker(int(header.nodes.size()))
{
    for (int i = 0; i < header.nodeCount(); ++i)
        m_nodes << ReplayNode(i, header.nodes.at(i), header.persistence);
    m_defaults = header.clientDefaults;
    m_storage.address = header.storage;
    m_storage.local = header.storage == QLatin1String("local");
}

const ReplayClient* ReplayState::client(int id) const
{
    const auto it = m_clients.constFind(id);
    return it == m_clients.cend() ? nullptr : &*it;
}

void ReplayState::apply(const HistoryEvent& e)
{
    ++m_applied;
    if (e.kind != K::Violation && e.kind != K::ViolationEnd) {
        HistoryEvent judged = e; // the run's own Violation events are this checker's findings
        m_checker.feed(judged);
    }
    if (e.kind == K::ClientAdded) {
        onClientAdded(e);
        return;
    }
    if (e.kind == K::ClientRemoved) {
        m_clients.remove(e.client);
        return;
    }
    if (e.kind == K::Command) {
        onCommand(e);
        return;
    }
    if (e.node == HistoryEvent::StorageNode || e.kind == K::StockSet)
        onStorageEvent(e);
    if (e.node >= 0 && e.node < m_nodes.size())
        onNodeEvent(e);
    if (e.kind == K::Attempt) {
        m_decided.insert(e.client, {e.op, e.token, e.tUs});
        m_lastDecisionUs = e.tUs;
        for (ReplayNode& node : m_nodes)
            node.onAttempt(e);
    }
    const auto it = m_clients.find(e.client);
    if (it != m_clients.end() && e.kind != K::NodeAnswer)
        it->apply(e);
}

void ReplayState::onClientAdded(const HistoryEvent& e)
{
    m_clients.insert(e.client, ReplayClient(e.client, e.text, m_header.resource, m_defaults, e.tUs,
                                            m_header.nodeCount()));
    m_lastAdded = e.client;
}

void ReplayState::onNodeEvent(const HistoryEvent& e)
{
    ReplayNode& node = m_nodes[e.node];
    switch (e.kind) {
    case K::NodeAnswer: {
        const ReplayClient* c = client(e.client);
        const ClientSettings& settings = c ? c->settings() : m_defaults;
        node.onAnswer(e, qint64(settings.lock.ttlMs) * 1000, tokenOfAnswer(e));
        break;
    }
    case K::FaultStart:
        if (e.client < 0)
            node.onFaultStart(e);
        break;
    case K::FaultEnd:
        if (e.client < 0)
            node.onFaultEnd(e);
        break;
    case K::NodeUp:
        node.onUp(e.tUs);
        break;
    case K::NodeDown:
        node.onDown(e.tUs, e.text);
        break;
    default:
        break;
    }
}

// An answer sent before its attempt was decided, and arriving after, is a late answer of
// that attempt (a retry is sent only after a decision and a delay): its token is known.
QByteArray ReplayState::tokenOfAnswer(const HistoryEvent& e) const
{
    const auto it = m_decided.constFind(e.client);
    const qint64 sentUs = e.latencyUs >= 0 ? e.tUs - e.latencyUs : e.tUs;
    if (it == m_decided.cend() || it->op != e.op || sentUs > it->decidedUs)
        return {};
    return it->token;
}

void ReplayState::onStorageEvent(const HistoryEvent& e)
{
    using Op = HistoryEvent::Operation;
    switch (e.kind) {
    case K::StockSet:
        m_storage.stockActive = true;
        m_storage.stockExists = true;
        m_storage.stock = e.number;
        m_storage.initial = e.number;
        m_storage.readUs = e.tUs;
        break;
    case K::Ok:
        if (e.operation == Op::Write) {
            m_storage.stock = e.number;
            m_storage.readUs = e.tUs;
            if (!e.fence.isNull())
                m_storage.newestFence = e.fence;
        }
        break;
    case K::Fail:
        if (e.operation == Op::Write && e.failReason() == HistoryEvent::FailReason::Rejected)
            ++m_storage.rejected;
        break;
    case K::NodeUp:
        m_storage.state = NodeSnapshot::State::Up;
        m_storage.error.clear();
        break;
    case K::NodeDown:
        m_storage.state = NodeSnapshot::State::Down;
        m_storage.error = e.text;
        break;
    default:
        break;
    }
}

// Commands change what no other event records: settings, persistence, partitions, clock
// jumps. Only the ones the engine accepted.
void ReplayState::onCommand(const HistoryEvent& e)
{
    if (!e.code)
        return;
    CommandParser::Error error;
    const auto parsed = CommandParser::parse(e.text, {int(m_nodes.size())}, &error);
    if (!parsed)
        return;
    if (parsed->verb().startsWith(QLatin1String("node ")))
        onNodeCommand(*parsed, e.tUs);
    else
        onClientCommand(*parsed);
}

void ReplayState::onClientCommand(const ParsedCommand& c)
{
    const QString verb = c.verb();
    const QStringList assignments = c.words(QStringLiteral("key=value"));
    if (verb == QLatin1String("defaults")) {
        QString error;
        if (const auto s = m_defaults.withAssignments(assignments, &error))
            m_defaults = *s;
    } else if (verb == QLatin1String("client add")) {
        const QString name = c.word(QStringLiteral("NAME"));
        applySettings(name.isEmpty() ? QStringLiteral("#%1").arg(m_lastAdded) : name, assignments);
    } else if (verb == QLatin1String("client set")) {
        applySettings(c.word(QStringLiteral("NAME|all")), assignments);
    } else if ((verb == QLatin1String("client pause") || verb == QLatin1String("client crash")) &&
               !c.word(QStringLiteral("MOMENT")).isEmpty()) { // armed for a moment
        const QString target = c.word(QStringLiteral("NAME|all"));
        for (ReplayClient& client : m_clients)
            if (target == QLatin1String("all") || client.name() == target)
                client.armPause();
    } else if (verb == QLatin1String("client partition")) {
        for (int node : c.nodes())
            if (node >= 0 && node < m_nodes.size())
                m_nodes[node].partition({c.word(QStringLiteral("NAME"))});
    }
}

// `target`: a name, "all", or "#ID" for the client a nameless `client add` just added.
void ReplayState::applySettings(const QString& target, const QStringList& assignments)
{
    if (assignments.isEmpty())
        return;
    for (auto it = m_clients.begin(); it != m_clients.end(); ++it) {
        const bool named = target == QLatin1String("all") || it->name() == target ||
                           target == QStringLiteral("#%1").arg(it.key());
        QString error;
        if (named)
            if (const auto s = it->settings().withAssignments(assignments, &error))
                it->setSettings(*s);
    }
}

void ReplayState::onNodeCommand(const ParsedCommand& c, qint64 tUs)
{
    const int index = c.node();
    if (index < 0 || index >= m_nodes.size())
        return;
    ReplayNode& node = m_nodes[index];
    const QString verb = c.verb();
    if (verb == QLatin1String("node persistence"))
        node.setPersistence(c.word(QStringLiteral("MODE")).toLower());
    else if (verb == QLatin1String("node clock"))
        node.jumpClock(c.number(QStringLiteral("+MS")) * 1000, tUs);
    else if (verb == QLatin1String("node partition"))
        node.partition(c.words(QStringLiteral("CLIENT")));
    else if (verb == QLatin1String("node heal"))
        node.heal();
}

ResourceSnapshot ReplayState::resource(const QList<NodeSnapshot>& nodes,
                                       const QList<ClientSnapshot>& clients) const
{
    ResourceSnapshot r;
    r.resource = m_header.resource;
    r.nodeCount = int(nodes.size());
    r.quorum = r.nodeCount / 2 + 1;
    r.collect(nodes, clients);
    return r;
}

EngineSnapshot ReplayState::snapshot(qint64 nowUs) const
{
    EngineSnapshot s;
    s.tUs = nowUs;
    s.sequence = m_applied;
    for (const ReplayNode& node : m_nodes)
        s.nodes << node.snapshot(m_header.resource, nowUs);
    s.storage = m_storage;
    for (const ReplayClient& client : m_clients)
        s.clients << client.snapshot();
    s.resources << resource(s.nodes, s.clients);
    s.eventCount = m_applied;
    s.lastDecisionUs = m_lastDecisionUs;
    s.counters = m_checker.counters();
    s.storage.soldSinceStock = m_checker.salesSinceStock();
    const QList<Violation>& all = m_checker.violations();
    s.violations = all.mid(std::max<qsizetype>(0, all.size() - MaxViolationsShown));
    s.moments = m_checker.moments();
    return s;
}
