// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/reentrantlock.h"

#include <QTimer>

// The `watchdog` rung, Redisson's watchdog (docs/sources.md, "Redisson's RLock"): the reentrant
// lock, renewed every TTL/3 for as long as its holder lives, so work of any length keeps the
// lock. A crashed holder stops renewing (the key then expires); a paused one's watchdog is paused
// with it, and the lock can expire under a holder that still believes in it.
class WatchdogLock : public ReentrantLock
{
    Q_OBJECT

public:
    WatchdogLock(NodeChannel* node, int nodeIndex, const Clock& clock, QObject* parent = nullptr);

    void acquire(const QByteArray& resource, AcquireCallback callback, quint64 op = 0) override;
    void release(const Lock& lock, ReleaseCallback callback = {}, quint64 op = 0) override;
    void cancel() override;
    void freeze() override;
    void thaw() override;

private:
    void renewNow();

    QTimer m_timer;
    Lock m_held; // what the watchdog keeps alive; null when nothing
    int m_holds = 0;
};
