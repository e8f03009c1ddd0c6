// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/replaynode.h"

#include <QCoreApplication>

namespace {
using FK = Fault::Kind;
using S = NodeSnapshot::State;
constexpr qint64 EverysecUs = 1'000'000; // AOF everysec may lose the last second of writes
} // namespace

ReplayNode::ReplayNode(int index, const QString& address, const QString& persistence)
    : m_index(index), m_address(address), m_persistence(persistence)
{}

void ReplayNode::onAnswer(const HistoryEvent& e, qint64 ttlUs, const QByteArray& token)
{
    using Op = HistoryEvent::Operation;
    const auto kind = NodeOutcome::Kind(e.code);
    const qint64 sentUs = e.latencyUs >= 0 ? e.tUs - e.latencyUs : e.tUs;
    if (e.operation == Op::Acquire || e.operation == Op::None) { // as SnapshotBuilder::noteAnswer
        NodeOutcome outcome;
        outcome.kind = kind;
        outcome.owner = e.token;
        outcome.error = e.text;
        outcome.sentUs = sentUs;
        outcome.repliedUs = e.tUs;
        m_outcomes.insert(e.client, {e.client, e.operation, outcome});
    }
    if (kind != NodeOutcome::Kind::Ok)
        return;
    const bool ours = m_key && m_key->client == e.client && m_key->expiresUs > e.tUs;
    switch (e.operation) {
    case Op::Acquire:
        m_key = Key{e.client, e.op, token, sentUs, sentUs + ttlUs, ttlUs};
        break;
    case Op::Extend:
        if (ours) {
            m_key->expiresUs = sentUs + ttlUs;
            m_key->ttlUs = ttlUs;
        }
        break;
    case Op::Release: // the compare-and-delete said it deleted: it was this client's key
        if (ours)
            m_key.reset();
        break;
    default:
        break;
    }
}

void ReplayNode::onAttempt(const HistoryEvent& e)
{
    for (std::optional<Key>* key : {&m_key, &m_persisted})
        if (*key && (*key)->client == e.client && (*key)->op == e.op && (*key)->token.isEmpty())
            (*key)->token = e.token;
}

void ReplayNode::loseKeyOnCrash(qint64 tUs)
{
    const bool kept =
        m_key && (m_persistence == QLatin1String("always") ||
                  (m_persistence == QLatin1String("everysec") && m_key->setUs <= tUs - EverysecUs));
    m_persisted = kept ? m_key : std::nullopt;
    m_key.reset();
    m_running = false;
}

void ReplayNode::onFaultStart(const HistoryEvent& e)
{
    const auto kind = FK(e.code);
    Fault fault;
    fault.kind = kind;
    fault.detail = e.text;
    fault.sinceUs = e.tUs;
    fault.untilUs = e.number;
    m_faults.insert(kind, fault);
    if (kind == FK::Killed || kind == FK::ShutDown)
        loseKeyOnCrash(e.tUs);
    m_state = stateNow();
    m_stateSinceUs = e.tUs;
}

void ReplayNode::onFaultEnd(const HistoryEvent& e)
{
    const auto kind = FK(e.code);
    m_faults.remove(kind);
    if (kind == FK::Partition) {
        m_partitionedAll = false;
        m_partitioned.clear();
    }
    const S before = m_state;
    m_state = stateNow();
    if (m_state != before)
        m_stateSinceUs = e.tUs;
}

void ReplayNode::onUp(qint64 tUs)
{
    if (!m_running && m_persisted && m_persisted->expiresUs > tUs)
        m_key = m_persisted; // read back from its AOF file
    if (!m_running && m_everUp)
        m_restartedUs = tUs; // a new process: the card says so for a while
    m_everUp = true;
    m_persisted.reset();
    m_running = true;
    m_downReason.clear();
    m_state = stateNow();
    m_stateSinceUs = tUs;
}

void ReplayNode::onDown(qint64 tUs, const QString& why)
{
    // Unreachable is not dead (a pause, a slow network): its keys stay. A crash is a fault.
    m_downReason = why.isEmpty() ? QStringLiteral("down") : why;
    m_state = S::Down;
    m_stateSinceUs = tUs;
}

NodeSnapshot::State ReplayNode::stateNow() const
{
    if (m_faults.contains(FK::Killed) || m_faults.contains(FK::ShutDown) ||
        m_faults.contains(FK::RestartPending))
        return S::Down;
    if (m_faults.contains(FK::Paused))
        return S::Paused;
    if (!m_downReason.isEmpty())
        return S::Down;
    return m_running ? S::Up : S::Starting;
}

void ReplayNode::jumpClock(qint64 deltaUs, qint64 tUs)
{
    if (!m_key)
        return;
    m_key->expiresUs -= deltaUs;
    if (m_key->expiresUs <= tUs)
        m_key.reset();
}

void ReplayNode::partition(const QStringList& clients)
{
    if (clients.isEmpty())
        m_partitionedAll = true;
    for (const QString& client : clients)
        if (!m_partitioned.contains(client))
            m_partitioned << client;
}

void ReplayNode::heal()
{
    m_partitionedAll = false;
    m_partitioned.clear();
}

std::optional<ReplayNode::Key> ReplayNode::key(qint64 nowUs) const
{
    if (!m_key || m_key->expiresUs <= nowUs)
        return std::nullopt;
    return m_key;
}

NodeSnapshot ReplayNode::snapshot(const QByteArray& resource, qint64 nowUs) const
{
    NodeSnapshot n;
    n.index = m_index;
    n.local = m_address == QLatin1String("local");
    // A local node's port was chosen at its start, after the header was written.
    n.address = n.local ? QCoreApplication::translate("ReplayNode", "recorded run") : m_address;
    n.state = m_state;
    n.stateSinceUs = m_stateSinceUs;
    n.restartedUs = m_restartedUs;
    n.error = m_state == S::Down ? (m_faults.isEmpty() ? m_downReason : m_faults.first().detail)
                                 : QString();
    if (const auto k = key(nowUs)) {
        KeySnapshot ks;
        ks.resource = resource;
        ks.token = k->token.isEmpty() ? QByteArray("op:") + QByteArray::number(k->op) : k->token;
        ks.ownerClient = k->client;
        ks.pttlMs = (k->expiresUs - nowUs) / 1000;
        ks.readUs = nowUs;
        ks.stale = m_state != S::Up; // as live: a node that cannot be read shows its last key
        n.keys << ks;
    }
    n.lastOutcomes = m_outcomes.values();
    n.faults = m_faults.values();
    n.partitionedFromAll = m_partitionedAll;
    n.partitionedClients = m_partitioned;
    n.persistence = m_persistence.isEmpty() || m_persistence == QLatin1String("none")
                        ? m_persistence
                        : QStringLiteral("aof ") + m_persistence;
    n.actionsNote = QCoreApplication::translate("ReplayNode", "a recorded run: nothing to do");
    return n;
}
