// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/lockstrategy.h"

#include <QRandomGenerator>
#include <QTimer>

LockStrategy::LockStrategy(QObject* parent)
    : QObject(parent),
      m_random([](int bound) { return int(QRandomGenerator::global()->bounded(bound)); })
{}

QList<int> LockStrategy::nodeOrder(int count) const
{
    if (m_nodeOrder.size() == count)
        return m_nodeOrder;
    QList<int> order;
    for (int i = 0; i < count; ++i)
        order << i;
    return order;
}

QList<int> LockStrategy::nodesUsed() const
{
    QList<int> nodes;
    for (int i = 0; i < nodeCount(); ++i)
        nodes << i;
    return nodes;
}

void LockStrategy::atHazard(Hazard hazard, std::function<void()> proceed)
{
    if (m_hazard)
        m_hazard(hazard, std::move(proceed));
    else
        proceed();
}

void LockStrategy::retryOrFail(const LockSettings& settings, const QList<AttemptResult>& attempts,
                               const AcquireCallback& callback, std::function<void()> retry,
                               const Wait& wait)
{
    const AttemptResult& last = attempts.last();
    if (last.attempt <= settings.retryCount) {
        const int jitter = settings.jitter ? random(settings.retryJitterMs + 1) : 0;
        const int delayMs = settings.retryDelayMs + jitter;
        auto guarded = [this, current = m_epoch, retry = std::move(retry)] {
            if (current == m_epoch)
                retry();
        };
        if (wait)
            wait(delayMs, std::move(guarded));
        else
            QTimer::singleShot(delayMs, this, std::move(guarded));
        return;
    }
    AcquireResult failed;
    failed.attempts = attempts;
    failed.reason = last.failReason;
    failed.reasonText = last.reason;
    callback(failed);
}
