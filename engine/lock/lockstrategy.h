// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/attemptresult.h"
#include "model/historyevent.h"
#include "model/lock.h"
#include "model/locksettings.h"
#include "model/nodeoutcome.h"

#include <QObject>
#include <functional>

class NodeSubscriber;

// How a client takes, extends and gives back a lock: the ladder of locks, each rung one
// implementation (docs/architecture.md, "The lock ladder's classes"); Redlock is one of them.
//
// Operations carry the client's operation id (`op`), echoed in every signal, so the
// history pairs each node's answer with the operation it belongs to. Several operations may
// be in flight at once (the release of a failed attempt overlaps the retry delay).
// Completion callbacks are called once, never from inside the call, unless cancel() came
// first.
class LockStrategy : public QObject
{
    Q_OBJECT

public:
    using Operation = HistoryEvent::Operation;

    // What the strategy promises the client.
    enum class Exclusion
    {
        Lock,       // a lock: one holder at a time while its validity lasts
        None,       // no lock at all (the ladder's first rung): every client goes in
        Optimistic, // no lock; the write itself is conditional (WATCH / MULTI / EXEC)
    };
    // The moments between two of a strategy's commands where a pause or a crash shows its
    // flaw (`client pause|crash NAME ... before-expire|before-delete`).
    enum class Hazard
    {
        BeforeExpire, // setnx-expire: after SETNX, before EXPIRE
        BeforeDelete, // token-get-del: after GET said "ours", before DEL
    };
    using HazardHook = std::function<void(Hazard hazard, std::function<void()> proceed)>;

    struct AcquireResult
    {
        bool acquired = false;
        Lock lock;
        QList<AttemptResult> attempts;
        HistoryEvent::FailReason reason = HistoryEvent::FailReason::None; // when not acquired
        QString reasonText;
    };
    struct ReleaseResult
    {
        int releasedCount = 0; // nodes where our key was deleted
        QList<NodeOutcome> nodes;
    };
    struct ExtendResult
    {
        bool extended = false;
        Lock lock; // with the new validity when extended
        AttemptResult attempt;
    };

    using AcquireCallback = std::function<void(const AcquireResult&)>;
    using ReleaseCallback = std::function<void(const ReleaseResult&)>;
    using ExtendCallback = std::function<void(const ExtendResult&)>;

    explicit LockStrategy(QObject* parent = nullptr);

    virtual void setSettings(const LockSettings& settings) = 0;
    // The nodes its keys live on (indexes in the fleet) and how many must agree.
    virtual int nodeCount() const = 0;
    virtual int quorum() const = 0;
    virtual QList<int> nodesUsed() const;
    virtual Exclusion exclusion() const { return Exclusion::Lock; }
    // Whether it can carry a fencing token (it has a token to fence).
    virtual bool canFence() const { return true; }
    // Whether its holder may acquire it again inside its own critical section.
    virtual bool reentrant() const { return false; }
    // A pause freezes what the strategy does on its own (a watchdog's renewals).
    virtual void freeze() {}
    virtual void thaw() {}
    // wait=pubsub: where the unlock messages of its node arrive (a connection of its own).
    // The rungs whose release publishes nothing ignore it (Strategy::canWaitForRelease).
    virtual void setSubscriber(NodeSubscriber* subscriber) { Q_UNUSED(subscriber) }

    virtual void acquire(const QByteArray& resource, AcquireCallback callback, quint64 op = 0) = 0;
    virtual void release(const Lock& lock, ReleaseCallback callback = {}, quint64 op = 0) = 0;
    // Gives back what an attempt of `lock.token` may have set, for a client that holds nothing
    // (stopped while acquiring): a key is deleted only where it holds that token. The rungs
    // whose release compares the token release as usual; those whose release deletes any key
    // (setnx, setnx-expire, set-px) compare first (docs/domain.md, "Release").
    virtual void releaseUnheld(const Lock& lock, ReleaseCallback callback = {}, quint64 op = 0)
    {
        release(lock, std::move(callback), op);
    }
    virtual void extend(const Lock& lock, ExtendCallback callback, quint64 op = 0) = 0;
    // Forget every operation in flight: no callback of theirs will be called, pending
    // retries are dropped. Replies still arriving are ignored.
    virtual void cancel() { ++m_epoch; }

    // Every random choice (the retry jitter) comes from here: a scenario's seed makes a run
    // replay the same way. Default: the process's random source.
    void setRandomSource(std::function<int(int bound)> random) { m_random = std::move(random); }
    // The order the nodes are sent to, as a client on its own host would: each client
    // reaches the nodes in its own order. Default: 0, 1, 2, ...
    void setNodeOrder(const QList<int>& order) { m_nodeOrder = order; }
    // Called at each hazard point with the rest of the operation; the default proceeds.
    void setHazardHook(HazardHook hook) { m_hazard = std::move(hook); }

protected:
    int random(int bound) { return bound > 0 ? m_random(bound) : 0; }
    // Bumped by cancel(): an operation begun in an older epoch stays silent.
    quint64 epoch() const { return m_epoch; }
    // After a try that did not acquire (the last of `attempts`): `retry` after the policy's
    // delay while tries are left (through `wait`, which a rung may end sooner: wait=pubsub),
    // else the failure, to `callback`. Nothing after a cancel().
    using Wait = std::function<void(int delayMs, std::function<void()> retry)>;
    void retryOrFail(const LockSettings& settings, const QList<AttemptResult>& attempts,
                     const AcquireCallback& callback, std::function<void()> retry,
                     const Wait& wait = {});
    QList<int> nodeOrder(int count) const;
    void atHazard(Hazard hazard, std::function<void()> proceed);

signals:
    void attemptStarted(quint64 op, int attempt, const QByteArray& token);
    void attemptDecided(quint64 op, const AttemptResult& result);
    // Every node's answer to every operation as it comes, also after the decision.
    void nodeAnswered(quint64 op, HistoryEvent::Operation operation, int node,
                      const NodeOutcome& outcome);
    // A release deleted a key that was not ours (plain DEL, GET-then-DEL): whose it was.
    void deletedOthersKey(quint64 op, int node, const QByteArray& token);
    // The lock's validity moved on without the client asking (a watchdog's renewal).
    void validityExtended(const QByteArray& token, qint64 validUntilUs);
    // wait=pubsub: a waiter woke on an unlock message after waitedUs, and tries again at once
    // instead of at the end of its retry delay (delayMs).
    void wokenUp(quint64 op, qint64 waitedUs, int delayMs);

private:
    HazardHook m_hazard;
    std::function<int(int)> m_random;
    QList<int> m_nodeOrder;
    quint64 m_epoch = 0;
};
