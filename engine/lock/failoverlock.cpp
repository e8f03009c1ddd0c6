// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/failoverlock.h"

#include "net/redisconnection.h"

#include <QPointer>

namespace {
// A Sentinel that does not answer in this time is skipped for the next one: a client must
// never hang on a Sentinel that lost its quorum or its process.
constexpr int AskSentinelMs = 200;
} // namespace

FailoverLock::FailoverLock(const QList<NodeChannel*>& nodes, const FailoverTopology& topology,
                           const Clock& clock, QObject* parent)
    : TokenLuaLock(nodes.value(0), 0, clock, parent), m_nodes(nodes), m_topology(topology)
{
    for (const NodeAddress& address : topology.sentinels) {
        auto* connection = new RedisConnection(address, RedisConnection::Options{}, clock, this);
        connection->open();
        m_sentinels << connection;
    }
}

FailoverLock::~FailoverLock() = default;

void FailoverLock::tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                           TryDone done)
{
    QPointer<FailoverLock> self(this);
    findMaster(0, [self, resource, token, op, done](const QString& error) {
        if (!self)
            return;
        if (error.isEmpty()) {
            self->SetPxLock::tryOnce(resource, token, op, done);
            return;
        }
        NodeOutcome outcome;
        outcome.kind = NodeOutcome::Kind::Error;
        outcome.error = error;
        done(outcome);
    });
}

void FailoverLock::findMaster(int first, const Found& then)
{
    for (int i = first; i < m_sentinels.size(); ++i) {
        if (!m_sentinels[i]->isReady())
            continue;
        QPointer<FailoverLock> self(this);
        m_sentinels[i]->send({"SENTINEL", "get-master-addr-by-name", m_topology.masterName},
                             AskSentinelMs, [self, i, then](const CommandResult& result) {
                                 if (self)
                                     self->onMasterNamed(i, result, then);
                             });
        return;
    }
    // Answered on a later turn, as every try is (SingleNodeLock's contract).
    QMetaObject::invokeMethod(
        this, [then] { then(FailoverLock::tr("no Sentinel answers: the master is unknown")); },
        Qt::QueuedConnection);
}

void FailoverLock::onMasterNamed(int sentinel, const CommandResult& result, const Found& then)
{
    const RedisReply& reply = result.reply;
    if (result.status == CommandResult::Status::Replied && reply.elements.size() == 2) {
        const int index = m_topology.nodeOf(quint16(reply.elements[1].text.toUInt()));
        if (index >= 0 && index < m_nodes.size()) {
            setNode(m_nodes[index], index);
            then({});
            return;
        }
    }
    findMaster(sentinel + 1, then); // this one is down, slow or names a stranger
}
