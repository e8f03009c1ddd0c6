// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/nolock.h"

#include "base/clock.h"
#include "lock/locktoken.h"

#include <QTimer>

NoLock::NoLock(const Clock& clock, QObject* parent) : LockStrategy(parent), m_clock(clock) {}

void NoLock::later(std::function<void()> answer)
{
    const quint64 begun = epoch();
    QTimer::singleShot(0, this, [this, begun, answer] {
        if (begun == epoch())
            answer();
    });
}

void NoLock::acquire(const QByteArray& resource, AcquireCallback callback, quint64 op)
{
    AttemptResult r;
    r.resource = resource;
    r.token = LockToken::generate(); // nothing to lock; it names the purchase in the history
    r.startUs = r.decidedUs = m_clock.nowUs();
    r.acquired = true;
    r.validityMs = double(Lock::NoExpiryUs) / 1000;
    emit attemptStarted(op, 1, r.token);
    later([this, r, op, callback] {
        emit attemptDecided(op, r);
        AcquireResult done;
        done.acquired = true;
        done.attempts = {r};
        done.lock.resource = r.resource;
        done.lock.token = r.token;
        done.lock.acquiredUs = r.decidedUs;
        done.lock.validUntilUs = r.decidedUs + Lock::NoExpiryUs;
        callback(done);
    });
}

void NoLock::release(const Lock& lock, ReleaseCallback callback, quint64 op)
{
    Q_UNUSED(lock)
    Q_UNUSED(op)
    if (callback)
        later([callback] { callback(ReleaseResult{}); });
}

void NoLock::extend(const Lock& lock, ExtendCallback callback, quint64 op)
{
    Q_UNUSED(op)
    later([lock, callback] {
        ExtendResult r;
        r.lock = lock;
        r.extended = true; // nothing ends, nothing to extend
        callback(r);
    });
}
