// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/externalnodecontrol.h"

#include "base/clock.h"
#include "fleet/nodeadmin.h"
#include "fleet/nodemonitor.h"

namespace {
using K = Fault::Kind;
constexpr int LongPauseMs = 3600 * 1000; // "until resumed": Redis needs a length
} // namespace

ExternalNodeControl::ExternalNodeControl(int index, NodeMonitor* monitor, NodeAdmin* admin,
                                         const Clock& clock, QObject* parent)
    : NodeControl(index, admin, parent), m_monitor(monitor), m_clock(clock)
{
    m_pauseTimer.setSingleShot(true);
    m_pauseTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_pauseTimer, &QTimer::timeout, this, [this] { endPause(tr("its time was up")); });
    connect(m_monitor, &NodeMonitor::upChanged, this, [this](bool up) {
        if (!up || !m_stopped)
            return;
        m_stopped = false; // someone started it again
        emit faultEnded(K::Killed, tr("back up"));
        emit faultEnded(K::ShutDown, tr("back up"));
    });
}

void ExternalNodeControl::kill(const AnswerCallback& done)
{
    stop(false, done);
}

void ExternalNodeControl::shutdown(const AnswerCallback& done)
{
    stop(true, done);
}

void ExternalNodeControl::stop(bool save, const AnswerCallback& done)
{
    const QString verb = save ? QStringLiteral("shutdown") : QStringLiteral("kill");
    m_admin->send({"SHUTDOWN", save ? "SAVE" : "NOSAVE"}, verb, done, [this, save] {
        m_stopped = true;
        endPause(tr("shut down"));
        emit faultStarted(
            save ? K::ShutDown : K::Killed,
            save ? QStringLiteral("SHUTDOWN SAVE") : QStringLiteral("SHUTDOWN NOSAVE"), 0);
    });
}

void ExternalNodeControl::pause(int forMs, const AnswerCallback& done)
{
    const int ms = forMs > 0 ? forMs : LongPauseMs;
    m_admin->send({"CLIENT", "PAUSE", QByteArray::number(ms), "WRITE"}, tr("pause"), done,
                  [this, forMs] {
                      m_paused = true;
                      emit faultStarted(K::Paused, tr("CLIENT PAUSE WRITE: writes wait"),
                                        forMs > 0 ? m_clock.nowUs() + qint64(forMs) * 1000 : 0);
                      if (forMs > 0)
                          m_pauseTimer.start(forMs);
                  });
}

void ExternalNodeControl::resume(const AnswerCallback& done)
{
    if (!m_paused) {
        done(CommandAnswer::refused(tr("node %1 is not paused").arg(m_index + 1)));
        return;
    }
    m_admin->send({"CLIENT", "UNPAUSE"}, tr("resume"), done,
                  [this] { endPause(QStringLiteral("CLIENT UNPAUSE")); });
}

void ExternalNodeControl::endPause(const QString& why)
{
    m_pauseTimer.stop();
    if (!std::exchange(m_paused, false))
        return;
    emit faultEnded(K::Paused, why);
}

void ExternalNodeControl::restart(int delayMs, const AnswerCallback& done)
{
    Q_UNUSED(delayMs)
    done(CommandAnswer::refused(
        tr("node %1 is external: start it yourself, the app reconnects on its own")
            .arg(m_index + 1)));
}

QStringList ExternalNodeControl::actions(bool up) const
{
    QStringList actions;
    if (m_paused)
        actions << QStringLiteral("resume");
    else if (up)
        actions << QStringLiteral("pause");
    if (up)
        actions << QStringLiteral("kill") << QStringLiteral("shutdown");
    return actions;
}

NodeSnapshot::State ExternalNodeControl::state(bool monitorUp, bool monitorFailed) const
{
    if (m_paused)
        return NodeSnapshot::State::Paused;
    if (monitorUp)
        return NodeSnapshot::State::Up;
    return monitorFailed ? NodeSnapshot::State::Down : NodeSnapshot::State::Starting;
}

QString ExternalNodeControl::note() const
{
    return tr("external node: faults go through Redis (SHUTDOWN, CLIENT PAUSE, CONFIG) and the "
              "app's proxy; restart it yourself");
}
