// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/clientlease.h"

#include "base/clock.h"
#include "lock/lockstrategy.h"

#include <algorithm>
#include <climits>

namespace {
constexpr int ExtendCheckMs = 50;
}

ClientLease::ClientLease(const ClientJournal& journal, const ClientSettings& settings,
                         const Clock& clock, Hooks hooks, QObject* parent)
    : QObject(parent), m_journal(journal), m_clock(clock), m_hooks(std::move(hooks)),
      m_settings(settings)
{
    m_extendTimer.setInterval(ExtendCheckMs);
    connect(&m_extendTimer, &QTimer::timeout, this, &ClientLease::maybeExtend);
    m_deadlineTimer.setSingleShot(true);
    m_deadlineTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_deadlineTimer, &QTimer::timeout, this,
            [this] { m_hooks.whenRunning([this] { onDeadline(); }); });
}

void ClientLease::watch(const Lock& lock, quint64 sectionOp, LockStrategy* strategy)
{
    m_lock = lock;
    m_sectionOp = sectionOp;
    m_strategy = strategy;
    m_watching = true;
    m_lost = false;
    armDeadline();
    if (m_settings.autoExtend)
        m_extendTimer.start();
}

void ClientLease::stopWatching()
{
    m_watching = false;
    m_deadlineTimer.stop();
    m_extendTimer.stop();
}

bool ClientLease::isOver() const
{
    return m_clock.nowUs() >= m_lock.validUntilUs;
}

bool ClientLease::noteLost()
{
    if (m_lost)
        return false;
    m_lost = true;
    m_journal.lockLost(m_sectionOp, m_lock);
    return true;
}

void ClientLease::renew(const QByteArray& token, qint64 validUntilUs)
{
    if (!m_watching || token != m_lock.token)
        return;
    m_lock.validUntilUs = validUntilUs;
    m_journal.renewedByWatchdog(m_hooks.nextOp(), token, validUntilUs);
    armDeadline();
}

void ClientLease::armDeadline()
{
    const qint64 leftUs = m_lock.validUntilUs - m_clock.nowUs();
    m_deadlineTimer.start(int(std::clamp<qint64>((leftUs + 999) / 1000, 0, INT_MAX)));
}

// The deadline came due (or, after a pause, had passed): the lock may be gone.
void ClientLease::onDeadline()
{
    if (!m_watching || m_lost)
        return;
    if (!isOver()) {
        armDeadline(); // extended meanwhile
        return;
    }
    emit expired();
}

void ClientLease::maybeExtend()
{
    if (!m_watching || m_lock.isNull())
        return;
    const double left = m_lock.validityLeftMs(m_clock.nowUs());
    if (left > m_settings.extendBelowMs || left <= 0 ||
        m_lock.extensions >= m_settings.lock.maxExtensions)
        return;
    m_extendTimer.stop(); // one extension in flight at a time
    const quint64 op = m_hooks.nextOp();
    m_journal.invoke(HistoryEvent::Operation::Extend, op);
    m_strategy->extend(
        m_lock,
        [this, op](const LockStrategy::ExtendResult& result) {
            m_hooks.whenRunning([this, op, result] {
                m_journal.extendOutcome(op, result);
                if (!m_watching || result.lock.token != m_lock.token || !result.extended)
                    return;
                m_lock.validUntilUs = result.lock.validUntilUs;
                m_lock.extensions = result.lock.extensions;
                armDeadline();
                m_extendTimer.start();
            });
        },
        op);
}

void ClientLease::copyTo(ClientSnapshot& snapshot, bool inSection) const
{
    if (!m_lock.isNull())
        snapshot.token = m_lock.token;
    snapshot.fence = m_lock.fence;
    snapshot.lockNodes = m_lock.nodeMask;
    snapshot.extensions = m_lock.extensions;
    snapshot.validUntilUs = inSection ? m_lock.validUntilUs : 0;
    snapshot.lockLost = inSection && isLost();
}
