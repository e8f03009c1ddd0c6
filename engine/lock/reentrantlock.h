#pragma once

#include "lock/singlenodelock.h"

// Rung 7, Redisson's RLock (seed 002): a hash per lock, one field per owner (the client's
// own id, the same on every acquire) holding how many times it holds it; HINCRBY and
// PEXPIRE in one Lua script, so the owner can acquire again inside its own critical
// section (reentry) and must release as often. A refused acquire returns the key's PTTL.
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

protected:
    QByteArray tokenForAttempt() override { return m_owner; }
    void tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                 TryDone done) override;
    void releaseOnce(const Lock& lock, quint64 op, ReleaseDone done) override;
    // PEXPIRE if the owner still holds it; then(true) when it did.
    void renew(const Lock& lock, std::function<void(bool renewed, const NodeOutcome&)> then);

private:
    QByteArray m_owner;
};
