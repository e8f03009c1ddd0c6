// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/lockstrategy.h"
#include "net/nodechannel.h"

#include <memory>

class Clock;

// The rungs of the ladder that lock on one node (docs/architecture.md, "The lock ladder's
// classes"): the retry policy, the validity arithmetic, the answers and the events are the same
// for all of them; what differs is the command (or commands) that take and give back the key,
// which each subclass writes in tryOnce() and releaseOnce().
//
// The node is the fleet's node 1 (index 0) unless told otherwise: the single Redis the
// oversell ladder's code talks to.
class SingleNodeLock : public LockStrategy
{
    Q_OBJECT

public:
    SingleNodeLock(NodeChannel* node, int nodeIndex, const Clock& clock, QObject* parent = nullptr);

    void setSettings(const LockSettings& settings) override { m_settings = settings; }
    int nodeCount() const override { return 1; }
    int quorum() const override { return 1; }
    QList<int> nodesUsed() const override { return {m_index}; }

    void acquire(const QByteArray& resource, AcquireCallback callback, quint64 op = 0) override;
    void release(const Lock& lock, ReleaseCallback callback = {}, quint64 op = 0) override;
    void releaseUnheld(const Lock& lock, ReleaseCallback callback = {}, quint64 op = 0) override;
    void extend(const Lock& lock, ExtendCallback callback, quint64 op = 0) override;

protected:
    // What one try found: Ok (fenceCounter set when fenced), Taken (owner when known), or a
    // failure of the node.
    using TryDone = std::function<void(const NodeOutcome& outcome)>;
    // One try at the key; calls done once (or never, when cancelled).
    virtual void tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                         TryDone done) = 0;
    // Gives the key back; `deleted` is the value the node removed (empty: none), so a
    // release that deleted another client's key says so.
    using ReleaseDone = std::function<void(const NodeOutcome& outcome, const QByteArray& deleted)>;
    virtual void releaseOnce(const Lock& lock, quint64 op, ReleaseDone done) = 0;
    // Whether releaseOnce() deletes the key only when it holds the lock's token. The rungs
    // whose release deletes any key say no: releaseUnheld() then compares first.
    virtual bool releaseComparesToken() const { return true; }
    // False for the rungs whose key has no TTL (SETNX): the validity never ends on its own.
    virtual bool expires() const { return true; }

    // Waits before the next try of `op` and then calls retry, once: by default the retry
    // delay; the reentrant rungs may wake sooner on an unlock message (wait=pubsub).
    virtual void waitToRetry(const QByteArray& resource, quint64 op, int delayMs,
                             std::function<void()> retry);
    // The token of one attempt: a fresh one (default), or the client's own owner id for the
    // reentrant locks (Redisson's uuid:thread), which must be the same on every reentry.
    virtual QByteArray tokenForAttempt();
    // Sends one command to the node; the answer is handed on unless cancel() came first.
    void send(const QByteArrayList& command,
              std::function<void(const NodeOutcome&, const RedisReply&)> then);
    static NodeOutcome outcomeOf(const CommandResult& result);
    const LockSettings& settings() const { return m_settings; }
    const Clock& clock() const { return m_clock; }
    bool nodeKnowsSetNxGet() const { return m_node->supportsSetNxGet(); }
    QByteArray ttlArgument() const { return QByteArray::number(m_settings.ttlMs); }
    // The failover rung moves to whichever node is master now; what follows goes there.
    void setNode(NodeChannel* node, int nodeIndex)
    {
        m_node = node;
        m_index = nodeIndex;
    }

    int m_index;

private:
    struct Acquisition;
    void attempt(const std::shared_ptr<Acquisition>& acquisition);
    // A release through `once` (the rung's own, or the compare-and-delete script): its answer
    // and what it deleted are reported as the release `op`.
    void releaseThrough(const Lock& lock, const ReleaseCallback& callback, quint64 op,
                        const std::function<void(ReleaseDone)>& once);
    void decide(const std::shared_ptr<Acquisition>& acquisition, AttemptResult result);

    NodeChannel* m_node;
    const Clock& m_clock;
    LockSettings m_settings;
};
