// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/localnodecontrol.h"

#include "base/clock.h"

namespace {
using K = Fault::Kind;
using S = RedisServerProcess::State;
} // namespace

LocalNodeControl::LocalNodeControl(int index, RedisServerProcess* process, NodeAdmin* admin,
                                   const Clock& clock, QObject* parent)
    : NodeControl(index, admin, parent), m_process(process), m_clock(clock)
{
    m_persistence = m_process->persistence();
    connect(m_process, &RedisServerProcess::stateChanged, this, &LocalNodeControl::onProcessState);
    m_restartTimer.setSingleShot(true);
    m_restartTimer.setTimerType(Qt::PreciseTimer); // "down for 1.5 s" means 1.5 s
    connect(&m_restartTimer, &QTimer::timeout, this, [this] { m_process->start(); });
    m_pauseTimer.setSingleShot(true);
    m_pauseTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_pauseTimer, &QTimer::timeout, this, [this] { resume([](const CommandAnswer&) {}); });
}

void LocalNodeControl::killNow()
{
    m_restartTimer.stop();
    m_pauseTimer.stop();
    m_expectingExit = true;
    emit faultEnded(K::Paused, tr("killed"));
    m_process->kill();
    m_down = true;
    emit faultStarted(K::Killed, tr("SIGKILL: crashed, no goodbye"), 0);
}

void LocalNodeControl::kill(const AnswerCallback& done)
{
    killNow();
    done(CommandAnswer::done(tr("node %1 killed").arg(m_index + 1)));
}

void LocalNodeControl::pause(int forMs, const AnswerCallback& done)
{
    m_process->pause();
    emit faultStarted(K::Paused, tr("SIGSTOP: connections accepted, nothing answered"),
                      forMs > 0 ? m_clock.nowUs() + qint64(forMs) * 1000 : 0);
    if (forMs > 0)
        m_pauseTimer.start(forMs);
    done(CommandAnswer::done(forMs > 0 ? tr("node %1 paused for %2 ms").arg(m_index + 1).arg(forMs)
                                       : tr("node %1 paused").arg(m_index + 1)));
}

void LocalNodeControl::resume(const AnswerCallback& done)
{
    if (m_process->state() != S::Paused) {
        done(CommandAnswer::refused(tr("node %1 is not paused").arg(m_index + 1)));
        return;
    }
    m_pauseTimer.stop();
    m_process->resume();
    emit faultEnded(K::Paused, tr("SIGCONT"));
    done(CommandAnswer::done(tr("node %1 resumed").arg(m_index + 1)));
}

void LocalNodeControl::restart(int delayMs, const AnswerCallback& done)
{
    const S state = m_process->state();
    if (state == S::Running || state == S::Paused || state == S::Starting)
        killNow();
    m_pauseTimer.stop();
    if (delayMs > 0) {
        emit faultStarted(K::RestartPending,
                          tr("stays down %1 s, then restarts").arg(delayMs / 1000.0, 0, 'f', 1),
                          m_clock.nowUs() + qint64(delayMs) * 1000);
        m_restartTimer.start(delayMs);
        done(CommandAnswer::done(tr("node %1 restarts in %2 ms").arg(m_index + 1).arg(delayMs)));
        return;
    }
    m_process->start();
    done(CommandAnswer::done(tr("node %1 restarting").arg(m_index + 1)));
}

void LocalNodeControl::shutdown(const AnswerCallback& done)
{
    m_restartTimer.stop();
    m_pauseTimer.stop();
    m_expectingExit = true;
    emit faultEnded(K::Paused, tr("shut down"));
    m_process->shutdown();
    m_down = true;
    emit faultStarted(K::ShutDown, tr("SIGTERM: graceful shutdown"), 0);
    done(CommandAnswer::done(tr("node %1 shutting down").arg(m_index + 1)));
}

void LocalNodeControl::rememberPersistence(Persistence persistence)
{
    m_process->setPersistence(persistence); // and at every later start
}

bool LocalNodeControl::isReachable() const
{
    return m_process->state() == S::Running || m_process->state() == S::Starting;
}

void LocalNodeControl::onProcessState(RedisServerProcess::State state)
{
    if (state == S::Running) {
        m_expectingExit = false;
        m_down = false;
        for (K kind : {K::Killed, K::ShutDown, K::RestartPending, K::Paused})
            emit faultEnded(kind, tr("restarted"));
    } else if ((state == S::Stopped || state == S::Failed) && !m_expectingExit && !m_down) {
        m_down = true;
        emit faultStarted(K::Killed,
                          tr("the process ended on its own: %1").arg(m_process->lastError()), 0);
    }
    emit changed();
}

QStringList LocalNodeControl::actions(bool up) const
{
    Q_UNUSED(up)
    switch (m_process->state()) {
    case S::Running:
        return {QStringLiteral("kill"), QStringLiteral("pause"), QStringLiteral("restart"),
                QStringLiteral("shutdown")};
    case S::Paused:
        return {QStringLiteral("resume"), QStringLiteral("kill"), QStringLiteral("restart")};
    case S::Starting:
        return {QStringLiteral("kill")};
    case S::Stopped:
    case S::Failed:
        if (!m_restartTimer.isActive())
            return {QStringLiteral("restart")};
        break;
    }
    return {};
}

NodeSnapshot::State LocalNodeControl::state(bool monitorUp, bool monitorFailed) const
{
    switch (m_process->state()) {
    case S::Paused:
        return NodeSnapshot::State::Paused;
    case S::Stopped:
    case S::Failed:
        return NodeSnapshot::State::Down;
    case S::Starting:
        return NodeSnapshot::State::Starting;
    case S::Running:
        break;
    }
    if (monitorUp)
        return NodeSnapshot::State::Up;
    return monitorFailed ? NodeSnapshot::State::Down : NodeSnapshot::State::Starting;
}

QString LocalNodeControl::downReason() const
{
    return m_process->lastError();
}
