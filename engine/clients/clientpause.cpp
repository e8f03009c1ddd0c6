// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/clientpause.h"

#include <algorithm>

ClientPause::ClientPause(QList<QTimer*> ownTimers, QObject* parent)
    : QObject(parent), m_ownTimers(std::move(ownTimers))
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &ClientPause::timedOut);
}

void ClientPause::begin(int forMs)
{
    m_paused = true;
    m_remainingMs.clear();
    for (QTimer* timer : std::as_const(m_ownTimers)) {
        m_remainingMs << (timer->isActive() ? std::max(0, timer->remainingTime()) : -1);
        timer->stop();
    }
    if (forMs > 0)
        m_timer.start(forMs);
}

QList<std::function<void()>> ClientPause::end()
{
    m_paused = false;
    m_timer.stop();
    for (qsizetype i = 0; i < m_ownTimers.size() && i < m_remainingMs.size(); ++i) {
        QTimer* timer = m_ownTimers[i];
        if (m_remainingMs[i] < 0)
            continue;
        if (timer->isSingleShot())
            timer->start(m_remainingMs[i]);
        else
            timer->start(); // periodic: the next tick a full interval from now
    }
    return std::exchange(m_deferred, {});
}

void ClientPause::whenRunning(std::function<void()> step)
{
    if (m_paused)
        m_deferred << std::move(step);
    else
        step();
}

std::optional<ClientPause::Armed> ClientPause::take(Moment moment)
{
    if (!m_armed || m_armed->moment != moment)
        return std::nullopt;
    return std::exchange(m_armed, std::nullopt);
}

void ClientPause::forget()
{
    m_paused = false;
    m_timer.stop();
    m_armed.reset();
    m_deferred.clear();
}
