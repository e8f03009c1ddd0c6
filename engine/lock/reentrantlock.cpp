// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/reentrantlock.h"

#include "base/clock.h"
#include "lock/locktoken.h"
#include "lock/redlock.h"
#include "net/nodesubscriber.h"

#include <QPointer>
#include <QTimer>
#include <utility>

// KEYS: the lock hash, the fence counter. ARGV: ttl ms, owner, fence (1 / 0).
// Taken: {0, pttl}. Held: {1, hold count, fence counter or -1}.
const QByteArray ReentrantLock::AcquireScript =
    "local fresh = redis.call('exists', KEYS[1]) == 0 "
    "if fresh or redis.call('hexists', KEYS[1], ARGV[2]) == 1 then "
    "  local count = redis.call('hincrby', KEYS[1], ARGV[2], 1) "
    "  redis.call('pexpire', KEYS[1], ARGV[1]) "
    "  local fence = -1 "
    "  if fresh and ARGV[3] == '1' then fence = redis.call('incr', KEYS[2]) end "
    "  return {1, count, fence} "
    "end "
    "return {0, redis.call('pttl', KEYS[1])}";

// KEYS: the lock hash, the channel. ARGV: ttl ms, owner.
// Not ours: nil. Still held (reentered): 0. Released: 1 (and an unlock message).
const QByteArray ReentrantLock::ReleaseScript =
    "if redis.call('hexists', KEYS[1], ARGV[2]) == 0 then return nil end "
    "local count = redis.call('hincrby', KEYS[1], ARGV[2], -1) "
    "if count > 0 then redis.call('pexpire', KEYS[1], ARGV[1]) return 0 end "
    "redis.call('del', KEYS[1]) redis.call('publish', KEYS[2], 'unlock') return 1";

const QByteArray ReentrantLock::RenewScript =
    "if redis.call('hexists', KEYS[1], ARGV[2]) == 1 then "
    "return redis.call('pexpire', KEYS[1], ARGV[1]) end return 0";

QByteArray ReentrantLock::channel(const QByteArray& resource)
{
    return "redlockscope_lock__channel:{" + resource + '}'; // Redisson's naming
}

ReentrantLock::ReentrantLock(NodeChannel* node, int nodeIndex, const Clock& clock, QObject* parent)
    : SingleNodeLock(node, nodeIndex, clock, parent), m_owner(LockToken::generate())
{}

void ReentrantLock::tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                            TryDone done)
{
    Q_UNUSED(op)
    const QByteArray fence = settings().fencing ? "1" : "0";
    send({"EVAL", AcquireScript, "2", resource, Redlock::fenceKey(resource), ttlArgument(), token,
          fence},
         [done](NodeOutcome outcome, const RedisReply& reply) {
             if (outcome.kind == NodeOutcome::Kind::Ok) {
                 const bool held = reply.elements.value(0).integer == 1;
                 outcome.kind = held ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken;
                 if (held)
                     outcome.fenceCounter = reply.elements.value(2).integer;
             }
             done(outcome);
         });
}

void ReentrantLock::releaseOnce(const Lock& lock, quint64 op, ReleaseDone done)
{
    Q_UNUSED(op)
    send({"EVAL", ReleaseScript, "2", lock.resource, channel(lock.resource), ttlArgument(),
          lock.token},
         [lock, done](NodeOutcome outcome, const RedisReply& reply) {
             // 1: the key is gone; 0: we still hold it (a reentry is left); nil: not ours.
             if (outcome.kind == NodeOutcome::Kind::Ok && reply.isNil())
                 outcome.kind = NodeOutcome::Kind::Taken;
             done(outcome, reply.integer == 1 ? lock.token : QByteArray());
         });
}

void ReentrantLock::renew(const Lock& lock,
                          std::function<void(bool renewed, const NodeOutcome&)> then)
{
    send({"EVAL", RenewScript, "1", lock.resource, ttlArgument(), lock.token},
         [then](const NodeOutcome& outcome, const RedisReply& reply) {
             then(outcome.kind == NodeOutcome::Kind::Ok && reply.integer == 1, outcome);
         });
}

void ReentrantLock::extend(const Lock& lock, ExtendCallback callback, quint64 op)
{
    Q_UNUSED(op)
    if (lock.extensions >= settings().maxExtensions) {
        SingleNodeLock::extend(lock, std::move(callback), op); // refused: bounded
        return;
    }
    const qint64 startUs = clock().nowUs();
    renew(lock, [this, lock, callback, startUs](bool renewed, const NodeOutcome& outcome) {
        ExtendResult r;
        r.lock = lock;
        r.extended = renewed;
        r.attempt.resource = lock.resource;
        r.attempt.token = lock.token;
        r.attempt.startUs = startUs;
        r.attempt.decidedUs = clock().nowUs();
        r.attempt.validityMs =
            settings().ttlMs - r.attempt.elapsedUs() / 1000.0 - settings().driftMs();
        r.attempt.acquired = renewed;
        if (renewed) {
            r.lock.validUntilUs = r.attempt.decidedUs + qint64(r.attempt.validityMs * 1000);
            ++r.lock.extensions;
        } else {
            r.attempt.failReason = HistoryEvent::FailReason::Taken;
            r.attempt.reason =
                outcome.error.isEmpty() ? tr("the lock is no longer ours") : outcome.error;
        }
        callback(r);
    });
}

void ReentrantLock::setSubscriber(NodeSubscriber* subscriber)
{
    m_subscriber = subscriber;
    if (!m_subscriber)
        return;
    m_subscriber->setMessageHandler([this](const QByteArray& channelName, const QByteArray&) {
        QByteArray resource;
        for (const Waiter& waiter : std::as_const(m_waiters))
            if (channel(waiter.resource) == channelName)
                resource = waiter.resource;
        if (!resource.isEmpty())
            wake(resource, true); // nobody waiting: the message is for nobody
    });
}

void ReentrantLock::cancel()
{
    m_waiters.clear();
    if (m_subscriber)
        m_subscriber->close(); // a crashed client's sockets die with it
    SingleNodeLock::cancel();
}

void ReentrantLock::waitToRetry(const QByteArray& resource, quint64 op, int delayMs,
                                std::function<void()> retry)
{
    if (settings().wait != LockSettings::Wait::PubSub || !m_subscriber) {
        SingleNodeLock::waitToRetry(resource, op, delayMs, std::move(retry));
        return;
    }
    auto once = std::make_shared<std::function<void()>>(std::move(retry));
    QTimer::singleShot(delayMs, this, [once] {
        if (auto run = std::exchange(*once, {}))
            run(); // the delay ran out first: no message came (or it was lost)
    });
    m_waiters.removeIf([](const Waiter& w) { return !*w.retry; });
    m_waiters << Waiter{resource, op, clock().nowUs(), delayMs, once};
    listen(resource);
}

// Redisson's order: refused, subscribe, then try again at once, because the release may
// have come between the refusal and the subscription. Once subscribed it stays so, until
// the connection is lost.
void ReentrantLock::listen(const QByteArray& resource)
{
    const QByteArray name = channel(resource);
    if (m_subscriber->isSubscribed(name))
        return;
    QPointer<ReentrantLock> self(this);
    m_subscriber->subscribe(name, settings().nodeTimeoutMs,
                            [self, resource](bool subscribed, const QString&) {
                                if (self && subscribed)
                                    self->wake(resource, false);
                            });
}

void ReentrantLock::wake(const QByteArray& resource, bool message)
{
    const QList<Waiter> waiters = std::exchange(m_waiters, {});
    const qint64 now = clock().nowUs();
    QPointer<ReentrantLock> self(this);
    for (const Waiter& waiter : waiters) {
        if (!self)
            return;
        if (waiter.resource != resource) {
            m_waiters << waiter;
            continue;
        }
        auto run = std::exchange(*waiter.retry, {});
        if (!run)
            continue; // its delay ran out already
        if (message)
            emit wokenUp(waiter.op, now - waiter.sinceUs, waiter.delayMs);
        run();
    }
}
