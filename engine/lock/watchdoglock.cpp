// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/watchdoglock.h"

#include "base/clock.h"

WatchdogLock::WatchdogLock(NodeChannel* node, int nodeIndex, const Clock& clock, QObject* parent)
    : ReentrantLock(node, nodeIndex, clock, parent)
{
    m_timer.setParent(this);
    connect(&m_timer, &QTimer::timeout, this, &WatchdogLock::renewNow);
}

void WatchdogLock::acquire(const QByteArray& resource, AcquireCallback callback, quint64 op)
{
    ReentrantLock::acquire(
        resource,
        [this, callback](const AcquireResult& result) {
            if (result.acquired) {
                if (m_holds++ == 0) {
                    m_held = result.lock;
                    m_timer.start(std::max(1, settings().ttlMs / 3)); // Redisson: every TTL/3
                }
            }
            callback(result);
        },
        op);
}

void WatchdogLock::release(const Lock& lock, ReleaseCallback callback, quint64 op)
{
    if (m_holds > 0 && --m_holds == 0) {
        m_timer.stop();
        m_held = {};
    }
    ReentrantLock::release(lock, std::move(callback), op);
}

void WatchdogLock::cancel()
{
    m_timer.stop(); // a crashed client's watchdog dies with it
    m_held = {};
    m_holds = 0;
    ReentrantLock::cancel();
}

void WatchdogLock::freeze()
{
    m_timer.stop(); // the watchdog is a thread of the paused process: it stops too
}

void WatchdogLock::thaw()
{
    if (!m_held.isNull())
        m_timer.start(std::max(1, settings().ttlMs / 3));
}

void WatchdogLock::renewNow()
{
    const Lock lock = m_held;
    const qint64 startUs = clock().nowUs();
    renew(lock, [this, lock, startUs](bool renewed, const NodeOutcome&) {
        if (!renewed || m_held.token != lock.token)
            return;
        // Measured from before the renewal went out, less the drift: never more than true.
        const qint64 validUntil = startUs + qint64(settings().ttlMs - settings().driftMs()) * 1000;
        emit validityExtended(lock.token, validUntil);
    });
}
