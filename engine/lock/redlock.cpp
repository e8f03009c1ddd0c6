// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/redlock.h"

#include "base/clock.h"
#include "lock/locktoken.h"
#include "model/aclrefusal.h"
#include "model/nodemask.h"

#include <QHash>
#include <QPointer>
#include <QRandomGenerator>
#include <QTimer>
#include <algorithm>

const QByteArray Redlock::ReleaseScript = "if redis.call('get', KEYS[1]) == ARGV[1] then "
                                          "return redis.call('del', KEYS[1]) else return 0 end";
// SET NX PX and, when it took, INCR the resource's counter on this node, in one atomic
// step (docs/domain.md, "Fencing"): the counter is the node's part of the fencing token. A
// refusal names the holder, like SET NX GET.
const QByteArray Redlock::FencedAcquireScript =
    "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
    "return redis.call('incr', KEYS[2]) end "
    "return redis.call('get', KEYS[1])";
const QByteArray Redlock::ExtendScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

// One round of requests to every node that is decided by a quorum: an acquisition attempt
// or an extension.
struct Redlock::Attempt
{
    Operation operation = Operation::Acquire;
    quint64 op = 0;
    AttemptResult result;
    QList<bool> usedSetNxGet; // per node: the acquire command's reply form
    bool fenced = false;      // acquire through the fencing script
    int okCount = 0;
    int failedCount = 0;
    bool decided = false;
    quint64 epoch = 0;
    std::shared_ptr<Acquisition> acquisition; // Acquire
    Lock lock;                                // Extend: the lock being extended
    ExtendCallback extendCallback;            // Extend
};

// An acquire() call: its attempts, retries included.
struct Redlock::Acquisition
{
    quint64 op = 0;
    QByteArray resource;
    AcquireCallback callback;
    QList<AttemptResult> attempts;
    quint64 epoch = 0;
};

Redlock::Redlock(const QList<NodeChannel*>& nodes, const Clock& clock, QObject* parent)
    : LockStrategy(parent), m_nodes(nodes), m_clock(clock)
{
    Q_ASSERT(!m_nodes.isEmpty());
}

Redlock::~Redlock() = default;

void Redlock::acquire(const QByteArray& resource, AcquireCallback callback, quint64 op)
{
    auto acquisition = std::make_shared<Acquisition>();
    acquisition->op = op;
    acquisition->resource = resource;
    acquisition->callback = std::move(callback);
    acquisition->epoch = epoch();
    startAttempt(acquisition);
}

void Redlock::startAttempt(const std::shared_ptr<Acquisition>& acquisition)
{
    auto attempt = std::make_shared<Attempt>();
    attempt->operation = Operation::Acquire;
    attempt->fenced = m_settings.fencing;
    attempt->op = acquisition->op;
    attempt->acquisition = acquisition;
    attempt->epoch = acquisition->epoch;
    AttemptResult& r = attempt->result;
    r.resource = acquisition->resource;
    r.token = LockToken::generate(); // a fresh token for every attempt
    r.attempt = int(acquisition->attempts.size()) + 1;
    emit attemptStarted(attempt->op, r.attempt, r.token);
    sendToAll(attempt);
}

void Redlock::extend(const Lock& lock, ExtendCallback callback, quint64 op)
{
    if (lock.extensions >= m_settings.maxExtensions) {
        // Bounded, as the Redlock page asks: otherwise a lock could be held forever.
        ExtendResult refused;
        refused.lock = lock;
        refused.attempt.resource = lock.resource;
        refused.attempt.token = lock.token;
        refused.attempt.failReason = HistoryEvent::FailReason::ExtensionLimit;
        refused.attempt.reason =
            QStringLiteral("extension limit reached (%1)").arg(m_settings.maxExtensions);
        const quint64 begun = epoch();
        QTimer::singleShot(0, this, [this, begun, refused, callback] {
            if (begun == epoch())
                callback(refused);
        });
        return;
    }
    auto attempt = std::make_shared<Attempt>();
    attempt->operation = Operation::Extend;
    attempt->op = op;
    attempt->lock = lock;
    attempt->extendCallback = std::move(callback);
    attempt->epoch = epoch();
    attempt->result.resource = lock.resource;
    attempt->result.token = lock.token;
    attempt->result.attempt = lock.extensions + 1;
    sendToAll(attempt);
}

// Multiplexed: every request goes out before any reply is handled (the NodeChannel
// contract guarantees callbacks never run inside send()).
void Redlock::sendToAll(const std::shared_ptr<Attempt>& attempt)
{
    AttemptResult& r = attempt->result;
    r.quorum = quorum();
    r.startUs = m_clock.nowUs();
    r.askedMask = quint16(NodeMask::bit(nodeCount()) - 1);
    r.nodes = QList<NodeOutcome>(nodeCount());
    attempt->usedSetNxGet = QList<bool>(nodeCount(), false);
    QPointer<Redlock> self(this);
    for (int i : nodeOrder(nodeCount())) {
        attempt->usedSetNxGet[i] = m_nodes[i]->supportsSetNxGet();
        r.nodes[i].sentUs = r.startUs;
        m_nodes[i]->send(commandFor(*attempt, i), m_settings.nodeTimeoutMs,
                         [self, attempt, i](const CommandResult& result) {
                             if (self)
                                 self->onAttemptReply(attempt, i, result);
                         });
    }
}

QByteArrayList Redlock::commandFor(const Attempt& attempt, int node) const
{
    const QByteArray ttl = QByteArray::number(m_settings.ttlMs);
    const AttemptResult& r = attempt.result;
    if (attempt.operation == Operation::Extend)
        return {"EVAL", ExtendScript, "1", r.resource, r.token, ttl};
    if (attempt.fenced)
        return {"EVAL", FencedAcquireScript, "2", r.resource, fenceKey(r.resource), r.token, ttl};
    // Standard wire format (key = resource, value = token), so other Redlock clients
    // interoperate. GET (Redis 7) names the holder when the key is taken.
    QByteArrayList command{"SET", r.resource, r.token, "NX", "PX", ttl};
    if (attempt.usedSetNxGet[node])
        command << "GET";
    return command;
}

NodeOutcome Redlock::outcomeOf(const Attempt& attempt, int node, const CommandResult& result)
{
    NodeOutcome o;
    o.sentUs = result.sentUs;
    o.repliedUs = result.repliedUs;
    o.roundStartUs = attempt.result.startUs;
    if (result.status == CommandResult::Status::Timeout) {
        o.kind = NodeOutcome::Kind::Timeout;
        o.error = result.error;
        return o;
    }
    if (result.status == CommandResult::Status::Down) {
        o.kind = NodeOutcome::Kind::Down;
        o.error = result.error;
        return o;
    }
    const RedisReply& reply = result.reply;
    if (reply.isError()) {
        o.kind = NodeOutcome::Kind::Error;
        o.error = AclRefusal::said(reply.text);
    } else if (attempt.operation == Operation::Acquire && attempt.fenced) {
        // The counter when it took; the holder's token (or nil) when it did not.
        o.kind = reply.type == RedisReply::Type::Integer ? NodeOutcome::Kind::Ok
                                                         : NodeOutcome::Kind::Taken;
        o.fenceCounter = o.kind == NodeOutcome::Kind::Ok ? reply.integer : -1;
        o.owner = reply.text;
    } else if (attempt.operation == Operation::Extend) {
        const bool extended = reply.type == RedisReply::Type::Integer && reply.integer == 1;
        o.kind = extended ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken;
    } else if (attempt.usedSetNxGet[node]) {
        // SET ... NX GET: nil means the key was free and is now ours; a string is the holder.
        o.kind = reply.isNil() ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken;
        o.owner = reply.text;
    } else {
        o.kind = reply.isOkStatus() ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken;
    }
    return o;
}

void Redlock::onAttemptReply(const std::shared_ptr<Attempt>& attempt, int node,
                             const CommandResult& result)
{
    const NodeOutcome outcome = outcomeOf(*attempt, node, result);
    attempt->result.nodes[node] = outcome;
    emit nodeAnswered(attempt->op, attempt->operation, node, outcome);
    if (attempt->decided)
        return; // a late answer: recorded and reported, the decision stands
    if (outcome.kind == NodeOutcome::Kind::Ok) {
        ++attempt->okCount;
        attempt->result.okMask |= quint16(NodeMask::bit(node));
    } else {
        ++attempt->failedCount;
    }
    // Decide the moment the outcome is known: do not wait for the slowest node.
    if (attempt->okCount >= quorum() || attempt->failedCount > nodeCount() - quorum())
        decide(attempt);
}

void Redlock::decide(const std::shared_ptr<Attempt>& attempt)
{
    attempt->decided = true;
    AttemptResult& r = attempt->result;
    r.decidedUs = m_clock.nowUs();
    r.okCount = attempt->okCount;
    r.validityMs = m_settings.ttlMs - r.elapsedUs() / 1000.0 - m_settings.driftMs();
    r.acquired = r.okCount >= r.quorum && r.validityMs > 0;
    r.failReason = failReasonOf(*attempt);
    if (r.failReason == HistoryEvent::FailReason::ValidityExpired) {
        r.reason = QStringLiteral("validity expired: %1 ms elapsed of a %2 ms ttl")
                       .arg(r.elapsedUs() / 1000.0, 0, 'f', 1)
                       .arg(m_settings.ttlMs);
    } else if (!r.acquired) {
        r.reason = QStringLiteral("no quorum: %1 of %2 nodes, %3 needed")
                       .arg(r.okCount)
                       .arg(nodeCount())
                       .arg(r.quorum);
    }
    r.operation = attempt->operation;
    emit attemptDecided(attempt->op, r);
    if (attempt->operation == Operation::Acquire)
        finishAcquireAttempt(attempt);
    else
        finishExtendAttempt(attempt);
}

void Redlock::finishAcquireAttempt(const std::shared_ptr<Attempt>& attempt)
{
    const AttemptResult& r = attempt->result;
    const std::shared_ptr<Acquisition>& acquisition = attempt->acquisition;
    if (acquisition->epoch != epoch())
        return; // cancelled: a crashed client does not clean up after itself
    acquisition->attempts.append(r);
    if (r.acquired) {
        AcquireResult done;
        done.acquired = true;
        done.lock.resource = r.resource;
        done.lock.token = r.token;
        done.lock.acquiredUs = r.decidedUs;
        done.lock.nodeMask = r.okMask;
        for (int i = 0; i < r.nodes.size(); ++i)
            if (r.nodes[i].kind == NodeOutcome::Kind::Ok && r.nodes[i].fenceCounter >= 0)
                done.lock.fence.set(i, r.nodes[i].fenceCounter);
        done.lock.validUntilUs = r.decidedUs + qint64(r.validityMs * 1000);
        done.attempts = acquisition->attempts;
        acquisition->callback(done);
        return;
    }
    // Release on every node, even those that said no: a late OK may still land there.
    releaseToken(r.resource, r.token, {}, attempt->op);
    retryOrFail(m_settings, acquisition->attempts, acquisition->callback,
                [this, acquisition] { startAttempt(acquisition); });
}

void Redlock::finishExtendAttempt(const std::shared_ptr<Attempt>& attempt)
{
    if (attempt->epoch != epoch())
        return;
    const AttemptResult& r = attempt->result;
    ExtendResult done;
    done.extended = r.acquired;
    done.attempt = r;
    done.lock = attempt->lock;
    if (done.extended) {
        done.lock.validUntilUs = r.decidedUs + qint64(r.validityMs * 1000);
        ++done.lock.extensions;
    }
    attempt->extendCallback(done);
}

void Redlock::release(const Lock& lock, ReleaseCallback callback, quint64 op)
{
    releaseToken(lock.resource, lock.token, std::move(callback), op);
}

// What the client can tell from its own answers: a quorum too slow for the TTL, or no
// quorum. Whether another client held the lock or the votes were split, only the whole
// history says: the checker judges it (RoundJudge) and the recorded event says so.
HistoryEvent::FailReason Redlock::failReasonOf(const Attempt& attempt)
{
    const AttemptResult& r = attempt.result;
    if (r.acquired)
        return HistoryEvent::FailReason::None;
    if (r.okCount >= r.quorum)
        return HistoryEvent::FailReason::ValidityExpired;
    return HistoryEvent::FailReason::NoQuorum;
}

NodeOutcome Redlock::releaseOutcomeOf(const CommandResult& result)
{
    NodeOutcome o;
    o.sentUs = result.sentUs;
    o.repliedUs = result.repliedUs;
    o.error = result.error;
    switch (result.status) {
    case CommandResult::Status::Timeout:
        o.kind = NodeOutcome::Kind::Timeout;
        break;
    case CommandResult::Status::Down:
        o.kind = NodeOutcome::Kind::Down;
        break;
    case CommandResult::Status::Replied:
        if (result.reply.isError()) {
            o.kind = NodeOutcome::Kind::Error;
            o.error = AclRefusal::said(result.reply.text);
        } else {
            // 0: the key was gone already or held by someone else; nothing was deleted.
            const bool deleted = result.reply.integer == 1;
            o.kind = deleted ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken;
        }
        break;
    }
    return o;
}

void Redlock::releaseToken(const QByteArray& resource, const QByteArray& token,
                           ReleaseCallback callback, quint64 op)
{
    struct Release
    {
        ReleaseResult result;
        int answered = 0;
        quint64 epoch = 0;
        ReleaseCallback callback;
    };
    auto release = std::make_shared<Release>();
    release->result.nodes = QList<NodeOutcome>(nodeCount());
    release->epoch = epoch();
    release->callback = std::move(callback);
    const QByteArrayList command{"EVAL", ReleaseScript, "1", resource, token};
    QPointer<Redlock> self(this);
    for (int i : nodeOrder(nodeCount())) {
        m_nodes[i]->send(command, m_settings.nodeTimeoutMs,
                         [self, release, i, op](const CommandResult& result) {
                             if (!self)
                                 return;
                             const NodeOutcome outcome = releaseOutcomeOf(result);
                             release->result.nodes[i] = outcome;
                             if (outcome.kind == NodeOutcome::Kind::Ok)
                                 ++release->result.releasedCount;
                             emit self->nodeAnswered(op, Operation::Release, i, outcome);
                             if (++release->answered == self->nodeCount() && release->callback &&
                                 release->epoch == self->epoch())
                                 release->callback(release->result);
                         });
    }
}

QByteArray Redlock::fenceKey(const QByteArray& resource)
{
    return resource + ":fence";
}
