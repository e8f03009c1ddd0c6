// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/singlenodelock.h"

#include "base/clock.h"
#include "lock/locktoken.h"
#include "lock/redlock.h"
#include "model/aclrefusal.h"
#include "model/nodemask.h"

#include <QPointer>
#include <QTimer>
#include <limits>

namespace {
using Fail = HistoryEvent::FailReason;
} // namespace

struct SingleNodeLock::Acquisition
{
    quint64 op = 0;
    QByteArray resource;
    AcquireCallback callback;
    QList<AttemptResult> attempts;
    quint64 epoch = 0;
};

SingleNodeLock::SingleNodeLock(NodeChannel* node, int nodeIndex, const Clock& clock,
                               QObject* parent)
    : LockStrategy(parent), m_index(nodeIndex), m_node(node), m_clock(clock)
{}

NodeOutcome SingleNodeLock::outcomeOf(const CommandResult& result)
{
    NodeOutcome o;
    o.sentUs = result.sentUs;
    o.repliedUs = result.repliedUs;
    o.error = result.error;
    if (result.status == CommandResult::Status::Timeout)
        o.kind = NodeOutcome::Kind::Timeout;
    else if (result.status == CommandResult::Status::Down)
        o.kind = NodeOutcome::Kind::Down;
    else if (result.reply.isError()) {
        o.kind = NodeOutcome::Kind::Error;
        o.error = AclRefusal::said(result.reply.text);
    } else {
        o.kind = NodeOutcome::Kind::Ok; // what the reply means is the subclass's to say
    }
    return o;
}

void SingleNodeLock::send(const QByteArrayList& command,
                          std::function<void(const NodeOutcome&, const RedisReply&)> then)
{
    QPointer<SingleNodeLock> self(this);
    const quint64 begun = epoch();
    m_node->send(command, m_settings.nodeTimeoutMs,
                 [self, begun, then](const CommandResult& result) {
                     if (!self || begun != self->epoch())
                         return; // cancelled: a crashed client hears nothing
                     then(outcomeOf(result), result.reply);
                 });
}

QByteArray SingleNodeLock::tokenForAttempt()
{
    return LockToken::generate();
}

void SingleNodeLock::acquire(const QByteArray& resource, AcquireCallback callback, quint64 op)
{
    auto acquisition = std::make_shared<Acquisition>();
    acquisition->op = op;
    acquisition->resource = resource;
    acquisition->callback = std::move(callback);
    acquisition->epoch = epoch();
    attempt(acquisition);
}

void SingleNodeLock::attempt(const std::shared_ptr<Acquisition>& acquisition)
{
    AttemptResult r;
    r.resource = acquisition->resource;
    r.token = tokenForAttempt();
    r.attempt = int(acquisition->attempts.size()) + 1;
    r.quorum = 1;
    r.startUs = m_clock.nowUs();
    r.nodes = QList<NodeOutcome>(m_index + 1);
    emit attemptStarted(acquisition->op, r.attempt, r.token);
    QPointer<SingleNodeLock> self(this);
    tryOnce(
        r.resource, r.token, acquisition->op, [self, acquisition, r](NodeOutcome outcome) mutable {
            if (!self || acquisition->epoch != self->epoch())
                return;
            if (r.nodes.size() <= self->m_index) // the try moved to another node
                r.nodes.resize(self->m_index + 1);
            r.askedMask = quint16(NodeMask::bit(self->m_index));
            outcome.roundStartUs = r.startUs;
            r.nodes[self->m_index] = outcome;
            emit self->nodeAnswered(acquisition->op, Operation::Acquire, self->m_index, outcome);
            self->decide(acquisition, r);
        });
}

void SingleNodeLock::decide(const std::shared_ptr<Acquisition>& acquisition, AttemptResult r)
{
    const NodeOutcome& outcome = r.nodes[m_index];
    r.decidedUs = m_clock.nowUs();
    r.okCount = outcome.kind == NodeOutcome::Kind::Ok ? 1 : 0;
    r.okMask = r.okCount ? quint16(NodeMask::bit(m_index)) : 0;
    r.validityMs = expires() ? m_settings.ttlMs - r.elapsedUs() / 1000.0 - m_settings.driftMs()
                             : double(Lock::NoExpiryUs) / 1000;
    r.acquired = r.okCount == 1 && r.validityMs > 0;
    if (r.acquired)
        r.failReason = Fail::None;
    else if (r.okCount == 1)
        r.failReason = Fail::ValidityExpired;
    else if (outcome.kind == NodeOutcome::Kind::Taken)
        r.failReason = Fail::Taken;
    else
        r.failReason = Fail::NoQuorum; // the node did not answer, or answered an error
    r.reason = r.acquired ? QString()
               : r.failReason == Fail::Taken
                   ? tr("node %1 holds the key for someone else").arg(m_index + 1)
                   : tr("node %1: %2 %3")
                         .arg(m_index + 1)
                         .arg(NodeOutcome::kindName(outcome.kind), outcome.error);
    emit attemptDecided(acquisition->op, r);
    acquisition->attempts << r;
    if (r.acquired) {
        AcquireResult done;
        done.acquired = true;
        done.attempts = acquisition->attempts;
        done.lock.resource = r.resource;
        done.lock.token = r.token;
        done.lock.acquiredUs = r.decidedUs;
        done.lock.validUntilUs = r.decidedUs + qint64(r.validityMs * 1000);
        done.lock.nodeMask = r.okMask;
        if (outcome.fenceCounter >= 0)
            done.lock.fence.set(m_index, outcome.fenceCounter);
        acquisition->callback(done);
        return;
    }
    retryOrFail(
        m_settings, acquisition->attempts, acquisition->callback,
        [this, acquisition] { attempt(acquisition); },
        [this, acquisition](int delayMs, std::function<void()> retry) {
            waitToRetry(acquisition->resource, acquisition->op, delayMs, std::move(retry));
        });
}

void SingleNodeLock::waitToRetry(const QByteArray& resource, quint64 op, int delayMs,
                                 std::function<void()> retry)
{
    Q_UNUSED(resource)
    Q_UNUSED(op)
    QTimer::singleShot(delayMs, this, std::move(retry));
}

void SingleNodeLock::release(const Lock& lock, ReleaseCallback callback, quint64 op)
{
    releaseThrough(lock, callback, op,
                   [this, lock, op](ReleaseDone done) { releaseOnce(lock, op, std::move(done)); });
}

// A client that holds nothing deletes nothing: where the rung's own release would delete any
// key, the compare-and-delete script deletes only a key that holds this attempt's token.
void SingleNodeLock::releaseUnheld(const Lock& lock, ReleaseCallback callback, quint64 op)
{
    if (releaseComparesToken()) {
        release(lock, std::move(callback), op);
        return;
    }
    releaseThrough(lock, callback, op, [this, lock](ReleaseDone done) {
        send({"EVAL", Redlock::ReleaseScript, "1", lock.resource, lock.token},
             [lock, done](NodeOutcome outcome, const RedisReply& reply) {
                 const bool deleted = outcome.kind == NodeOutcome::Kind::Ok && reply.integer == 1;
                 if (outcome.kind == NodeOutcome::Kind::Ok && !deleted)
                     outcome.kind = NodeOutcome::Kind::Taken; // not ours (or gone): kept
                 done(outcome, deleted ? lock.token : QByteArray());
             });
    });
}

void SingleNodeLock::releaseThrough(const Lock& lock, const ReleaseCallback& callback, quint64 op,
                                    const std::function<void(ReleaseDone)>& once)
{
    const quint64 begun = epoch();
    QPointer<SingleNodeLock> self(this);
    once([self, begun, op, lock, callback](const NodeOutcome& outcome, const QByteArray& deleted) {
        if (!self)
            return;
        emit self->nodeAnswered(op, Operation::Release, self->m_index, outcome);
        if (!deleted.isEmpty() && deleted != lock.token)
            emit self->deletedOthersKey(op, self->m_index, deleted);
        if (!callback || begun != self->epoch())
            return;
        ReleaseResult result;
        result.nodes = QList<NodeOutcome>(self->m_index + 1);
        result.nodes[self->m_index] = outcome;
        result.releasedCount =
            outcome.kind == NodeOutcome::Kind::Ok && deleted == lock.token ? 1 : 0;
        callback(result);
    });
}

// Most rungs cannot extend: only the reentrant lock renews (and the watchdog by itself).
void SingleNodeLock::extend(const Lock& lock, ExtendCallback callback, quint64 op)
{
    Q_UNUSED(op)
    ExtendResult refused;
    refused.lock = lock;
    refused.attempt.resource = lock.resource;
    refused.attempt.token = lock.token;
    refused.attempt.failReason = Fail::ExtensionLimit;
    refused.attempt.reason = tr("this lock cannot be extended");
    const quint64 begun = epoch();
    QTimer::singleShot(0, this, [this, begun, refused, callback] {
        if (begun == epoch())
            callback(refused);
    });
}
