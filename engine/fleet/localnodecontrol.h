// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/nodecontrol.h"

#include <QTimer>

class Clock;

// A redis-server this app started: faults are signals to its own pid (SIGKILL, SIGSTOP,
// SIGCONT, SIGTERM) and restarts respawn it on the same port and directory.
class LocalNodeControl : public NodeControl
{
    Q_OBJECT

public:
    LocalNodeControl(int index, RedisServerProcess* process, NodeAdmin* admin, const Clock& clock,
                     QObject* parent = nullptr);

    bool isLocal() const override { return true; }
    void kill(const AnswerCallback& done) override;
    void pause(int forMs, const AnswerCallback& done) override;
    void resume(const AnswerCallback& done) override;
    void restart(int delayMs, const AnswerCallback& done) override;
    void shutdown(const AnswerCallback& done) override;
    QStringList actions(bool up) const override;
    NodeSnapshot::State state(bool monitorUp, bool monitorFailed) const override;
    QString downReason() const override;
    qint64 pid() const override { return m_process->pid(); }

protected:
    void rememberPersistence(Persistence persistence) override;
    bool isReachable() const override;

private:
    void killNow();
    void onProcessState(RedisServerProcess::State state);

    RedisServerProcess* m_process; // not owned: the LocalFleet's
    const Clock& m_clock;
    QTimer m_restartTimer;
    QTimer m_pauseTimer;
    bool m_expectingExit = false; // a kill or shutdown we asked for
    bool m_down = false;          // a killed/shut-down fault is in force
};
