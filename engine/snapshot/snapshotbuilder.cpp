// SPDX-License-Identifier: GPL-3.0-or-later
#include "snapshot/snapshotbuilder.h"

#include "clients/clientregistry.h"
#include "clients/foreignclients.h"
#include "clients/lockclient.h"
#include "clients/tokenowners.h"
#include "fleet/fleet.h"
#include "model/aclrefusal.h"
#include "record/recorder.h"
#include "storage/storage.h"

#include <algorithm>

namespace {
constexpr qsizetype MaxViolationsShown = 20;
} // namespace

SnapshotBuilder::SnapshotBuilder(const QByteArray& resource, const Fleet& fleet,
                                 const ClientRegistry& clients, const ForeignClients& foreign,
                                 const Storage& storage, Recorder& recorder,
                                 const TokenOwners& owners)
    : m_resource(resource), m_fleet(fleet), m_clients(clients), m_foreign(foreign),
      m_storage(storage), m_recorder(recorder), m_owners(owners)
{}

void SnapshotBuilder::noteAnswer(int client, int node, HistoryEvent::Operation operation,
                                 const NodeOutcome& outcome)
{
    // The cards show each client's latest acquisition attempt, or the node's refusal of its
    // new connection (no operation: a foreign client's reconnect to a dead node).
    if (operation == HistoryEvent::Operation::Acquire || operation == HistoryEvent::Operation::None)
        m_lastOutcomes[node][client] = {client, operation, outcome};
}

void SnapshotBuilder::noteEvent(const HistoryEvent& event)
{
    if (event.kind != HistoryEvent::Kind::Attempt)
        return;
    m_lastDecisionUs = event.tUs;
}

void SnapshotBuilder::forgetClient(int client)
{
    for (auto& outcomes : m_lastOutcomes)
        outcomes.remove(client);
}

NodeSnapshot SnapshotBuilder::nodeSnapshot(int index) const
{
    NodeSnapshot n = m_fleet.snapshot(index);
    for (KeySnapshot& key : n.keys)
        key.ownerClient = m_owners.ownerOf(key.token);
    n.lastOutcomes = m_lastOutcomes.value(index).values();
    n.refusal = refusalOf(n);
    return n;
}

// A node that is up but answers the lock's writes with READONLY or OOM cannot grant a
// lock to anyone: the card says why in Redis's words; one whose ACL refuses the user a
// command or a key, in words naming the permission (AclRefusal).
QString SnapshotBuilder::refusalOf(const NodeSnapshot& node)
{
    qint64 newestUs = -1;
    QString refusal;
    for (const NodeSnapshot::ClientOutcome& o : node.lastOutcomes) {
        if (o.outcome.repliedUs < newestUs)
            continue;
        newestUs = o.outcome.repliedUs;
        const bool error = o.outcome.kind == NodeOutcome::Kind::Error;
        const QString acl = error ? AclRefusal::words(o.outcome.error) : QString();
        const bool refusing = error && (o.outcome.error.startsWith(QLatin1String("READONLY")) ||
                                        o.outcome.error.startsWith(QLatin1String("OOM")));
        refusal = !acl.isEmpty() ? acl : refusing ? o.outcome.error : QString();
    }
    return refusal;
}

ResourceSnapshot SnapshotBuilder::resourceSnapshot(const QList<NodeSnapshot>& nodes,
                                                   const QList<ClientSnapshot>& clients) const
{
    ResourceSnapshot r;
    r.resource = m_resource;
    r.nodeCount = int(nodes.size());
    r.replicated = m_fleet.isReplicated();
    r.quorum = r.replicated ? 1 : r.nodeCount / 2 + 1;
    r.collect(nodes, clients);
    return r;
}

EngineSnapshot SnapshotBuilder::build(qint64 nowUs)
{
    EngineSnapshot s;
    s.tUs = nowUs;
    s.sequence = ++m_sequence;
    for (int i = 0; i < m_fleet.plannedSize(); ++i)
        s.nodes << nodeSnapshot(i);
    s.sentinels = m_fleet.sentinels();
    s.storage = m_storage.snapshot();
    for (const LockClient* client : m_clients.all())
        s.clients << client->snapshot();
    s.clients << m_foreign.snapshots();
    s.clientDefaults = m_clients.defaults();
    if (m_fleet.size() > 0)
        s.resources << resourceSnapshot(s.nodes, s.clients);
    History& history = m_recorder.history();
    s.newEvents = history.takeNew();
    s.eventCount = history.totalCount();
    s.eventsPerSecond = history.ratePerSecond(nowUs);
    s.lastDecisionUs = m_lastDecisionUs;
    const SafetyChecker& checker = m_recorder.checker();
    s.counters = checker.counters();
    s.storage.soldSinceStock = checker.salesSinceStock();
    const QList<Violation>& all = checker.violations();
    s.violations = all.mid(std::max<qsizetype>(0, all.size() - MaxViolationsShown));
    s.moments = checker.moments();
    return s;
}
