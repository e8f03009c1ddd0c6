// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/redisserverprocess.h"
#include "model/commandanswer.h"
#include "model/fault.h"
#include "model/nodesnapshot.h"

#include <QObject>
#include <QStringList>

class NodeAdmin;

// How a node is crashed, frozen, restarted and given its persistence: one implementation
// for a local redis-server the app started (signals to its pid, respawn), one for an
// external node (Redis's own SHUTDOWN, CLIENT PAUSE, CONFIG SET). The faults on the network
// (partition, latency, drop) and the clock are the same for both and live in FleetNode.
class NodeControl : public QObject
{
    Q_OBJECT

public:
    using Persistence = RedisServerProcess::Persistence;

    NodeControl(int index, NodeAdmin* admin, QObject* parent = nullptr);

    virtual bool isLocal() const = 0;
    virtual void kill(const AnswerCallback& done) = 0;
    virtual void pause(int forMs, const AnswerCallback& done) = 0; // 0: until resumed
    virtual void resume(const AnswerCallback& done) = 0;
    virtual void restart(int delayMs, const AnswerCallback& done) = 0; // 0: now
    virtual void shutdown(const AnswerCallback& done) = 0;
    void setPersistence(Persistence persistence, const AnswerCallback& done);

    // Which of kill, pause, resume, restart, shutdown are possible now.
    virtual QStringList actions(bool up) const = 0;
    // The node's state as the cards show it, given what the monitor sees.
    virtual NodeSnapshot::State state(bool monitorUp, bool monitorFailed) const = 0;
    // Why it is down, when the control knows better than the connection.
    virtual QString downReason() const { return {}; }
    virtual qint64 pid() const { return 0; }
    virtual QString note() const { return {}; } // why some actions are missing
    Persistence persistence() const { return m_persistence; }
    static QString persistenceName(Persistence persistence);

signals:
    void faultStarted(Fault::Kind kind, const QString& detail, qint64 untilUs);
    void faultEnded(Fault::Kind kind, const QString& why);
    void changed();
    void info(const QString& text);

protected:
    // A local node also restarts with it; an external node only has CONFIG SET.
    virtual void rememberPersistence(Persistence persistence) { Q_UNUSED(persistence) }
    virtual bool isReachable() const = 0;

    int m_index;
    NodeAdmin* m_admin;
    Persistence m_persistence = Persistence::None;
};
