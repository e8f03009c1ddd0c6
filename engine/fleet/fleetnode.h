#pragma once

#include "commands/commandanswer.h"
#include "record/historyevent.h"
#include "net/nodeaddress.h"
#include "fleet/nodefault.h"
#include "fleet/nodemonitor.h"
#include "snapshot/nodesnapshot.h"
#include "net/redisconnection.h"
#include "fleet/redisserverprocess.h"

#include <QMap>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <functional>

class Clock;
class NodeProxy;

// One node of the fleet as the engine manages it: its monitor (the trainer's view of
// what is on the node), the loopback proxy the clients reach it through (so network
// faults can be injected), its local redis-server process when it is ours, and the
// faults in force. Every fault goes into the history with its start and end.
//
// Local nodes are faulted through their process (signals, respawn); external nodes
// through Redis itself (SHUTDOWN NOSAVE, CLIENT PAUSE WRITE, CONFIG SET) and, for the
// network, the same proxy. When Redis refuses, the answer says so.
class FleetNode : public QObject
{
    Q_OBJECT

public:
    using ClientResolver = std::function<int(const QString& name)>; // -1: no such client
    using Persistence = RedisServerProcess::Persistence;

    FleetNode(int index, const NodeAddress& address, RedisServerProcess* process,
              const RedisConnection::Options& options, const Clock& clock,
              QObject* parent = nullptr);
    ~FleetNode() override;

    void start(int pollIntervalMs, const QByteArrayList& resources);
    // Where client `clientId` connects to reach this node (through the proxy).
    NodeAddress addressFor(int clientId, const QString& clientName);
    void forgetClient(int clientId);

    // `node VERB N args...` with the node already chosen; `done` is called once.
    void execute(const QString& verb, const QStringList& args, const ClientResolver& resolve,
                 const AnswerCallback& done);
    // For delayed restarts: the largest TTL any client uses.
    void setLargestTtlMs(int ttlMs) { m_largestTtlMs = ttlMs; }

    int index() const { return m_index; }
    NodeMonitor* monitor() const { return m_monitor; }
    bool isLocal() const { return m_process != nullptr; }
    NodeSnapshot snapshot() const;

signals:
    void event(const HistoryEvent& event);
    void changed();

private:
    CommandAnswer kill();
    CommandAnswer pause(int forMs);
    CommandAnswer resume();
    CommandAnswer restart(int delayMs);
    CommandAnswer shutdown();
    CommandAnswer partition(const QStringList& clients, const ClientResolver& resolve);
    CommandAnswer heal();
    CommandAnswer latency(const QStringList& args);
    CommandAnswer drop(const QStringList& args);
    void clockJump(const QStringList& args, const AnswerCallback& done);
    void setPersistence(const QStringList& args, const AnswerCallback& done);
    void externalCommand(const QByteArrayList& command, const QString& what,
                         const AnswerCallback& done, std::function<void()> onSuccess);

    void startFault(NodeFault::Kind kind, const QString& detail, qint64 untilUs = 0);
    void endFault(NodeFault::Kind kind, const QString& why);
    bool hasFault(NodeFault::Kind kind) const { return m_faults.contains(kind); }
    void onProcessState(RedisServerProcess::State state);
    void record(HistoryEvent::Kind kind, const QString& detail);
    QStringList possibleActions() const;
    QString persistenceName() const;

    int m_index;
    NodeAddress m_address;
    RedisServerProcess* m_process; // not owned: the LocalFleet's
    const Clock& m_clock;
    RedisConnection::Options m_options;
    NodeMonitor* m_monitor;
    NodeProxy* m_proxy;
    QMap<NodeFault::Kind, NodeFault> m_faults;
    QSet<int> m_partitionedClients;
    QStringList m_partitionedNames;
    bool m_partitionedAll = false;
    Persistence m_persistence = Persistence::None;
    QTimer m_restartTimer;
    QTimer m_pauseTimer;
    int m_largestTtlMs = 10000;
    qint64 m_clockJumpMs = 0;
    bool m_expectingExit = false; // a kill or shutdown we asked for
};
