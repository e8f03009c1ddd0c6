// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/singlenodelock.h"

#include <memory>

// The `reentrant` rung, Redisson's RLock (docs/sources.md, "Redisson's RLock"): a hash per lock,
// one field per owner (the client's own id, the same on every acquire) holding how many times it
// holds it; HINCRBY and PEXPIRE in one Lua script, so the owner can acquire again inside its own
// critical section (reentry) and must release as often. A refused acquire returns the key's PTTL.
class ReentrantLock : public SingleNodeLock
{
    Q_OBJECT

public:
    static const QByteArray AcquireScript;
    static const QByteArray ReleaseScript;
    static const QByteArray RenewScript;
    // The channel a release publishes on (for waiters that subscribe instead of polling).
    static QByteArray channel(const QByteArray& resource);

    ReentrantLock(NodeChannel* node, int nodeIndex, const Clock& clock, QObject* parent = nullptr);

    bool reentrant() const override { return true; }
    void extend(const Lock& lock, ExtendCallback callback, quint64 op = 0) override;
    void cancel() override;
    void setSubscriber(NodeSubscriber* subscriber) override;

protected:
    QByteArray tokenForAttempt() override { return m_owner; }
    void tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                 TryDone done) override;
    void releaseOnce(const Lock& lock, quint64 op, ReleaseDone done) override;
    // wait=pubsub: Redisson's waiter. It listens on the resource's channel and tries again
    // when the release's unlock message comes, or at the end of the retry delay, whichever
    // is first: a lost message costs the delay, never a hang.
    void waitToRetry(const QByteArray& resource, quint64 op, int delayMs,
                     std::function<void()> retry) override;
    // PEXPIRE if the owner still holds it; then(true) when it did.
    void renew(const Lock& lock, std::function<void(bool renewed, const NodeOutcome&)> then);

private:
    struct Waiter
    {
        QByteArray resource;
        quint64 op = 0;
        qint64 sinceUs = 0;
        int delayMs = 0;
        std::shared_ptr<std::function<void()>> retry; // emptied when it ran
    };
    // Runs the retries of the waiters on `resource`; `message`: an unlock message woke them.
    void wake(const QByteArray& resource, bool message);
    void listen(const QByteArray& resource);

    QByteArray m_owner;
    NodeSubscriber* m_subscriber = nullptr;
    QList<Waiter> m_waiters;
};
