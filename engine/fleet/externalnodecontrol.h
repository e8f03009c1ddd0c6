// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/nodecontrol.h"

#include <QTimer>

class Clock;
class NodeMonitor;

// A node the app did not start: faults go through Redis itself (SHUTDOWN NOSAVE / SAVE,
// CLIENT PAUSE WRITE / UNPAUSE, CONFIG SET); when Redis refuses, its reason is the answer.
// It cannot be restarted from here: whoever runs it starts it again, and the app reconnects.
class ExternalNodeControl : public NodeControl
{
    Q_OBJECT

public:
    ExternalNodeControl(int index, NodeMonitor* monitor, NodeAdmin* admin, const Clock& clock,
                        QObject* parent = nullptr);

    bool isLocal() const override { return false; }
    void kill(const AnswerCallback& done) override;
    void pause(int forMs, const AnswerCallback& done) override;
    void resume(const AnswerCallback& done) override;
    void restart(int delayMs, const AnswerCallback& done) override;
    void shutdown(const AnswerCallback& done) override;
    QStringList actions(bool up) const override;
    NodeSnapshot::State state(bool monitorUp, bool monitorFailed) const override;
    QString note() const override;

protected:
    bool isReachable() const override { return true; }

private:
    void stop(bool save, const AnswerCallback& done);
    void endPause(const QString& why);

    NodeMonitor* m_monitor;
    const Clock& m_clock;
    QTimer m_pauseTimer; // a timed CLIENT PAUSE: Redis ends it by itself; so do we, on time
    bool m_paused = false;
    bool m_stopped = false; // we shut it down; it is back when someone restarts it
};
