// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/redisserverprocess.h"
#include "model/commandanswer.h"
#include "model/historyevent.h"
#include "model/nodeaddress.h"
#include "model/sentinelsnapshot.h"
#include "net/redisconnection.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QTimer>

class Clock;

// The failover rung's setting on top of two local nodes: node 2 becomes a replica of node 1,
// its replication link going through node 1's loopback proxy (so `node latency|partition 1`
// reach it), and three redis-sentinel processes watch node 1 with quorum 2. Each Sentinel is
// a RedisServerProcess (own temp dir, stopped by pid, left-over dirs cleaned the same way).
// Why every node is known by its proxy's replication-link listener, so that Sentinel's
// re-pointing keeps the link on the proxy: docs/failover.md; the listener
// itself: docs/proxy.md, "The replication-link listener".
//
// start() does it in order, each step waiting for the last: nodes announcing their link
// listeners, replica linked, Sentinels up, every Sentinel knowing the replica and the other
// Sentinels (without those a failover cannot be agreed on). Then it asks the Sentinels every
// PollMs who the master is.
class ReplicatedTopology : public QObject
{
    Q_OBJECT

public:
    static constexpr int SentinelCount = 3;
    static constexpr int Quorum = 2;
    static const QByteArray MasterName;

    // `sentinel`: how each Sentinel is started (its executable, and its TLS files when the
    // nodes speak TLS); the sentinel.conf lines are this class's.
    ReplicatedTopology(const RedisServerProcess::Options& sentinel,
                       const RedisConnection::Options& options, const Clock& clock,
                       QObject* parent = nullptr);
    ~ReplicatedTopology() override;

    // `nodes`: the master's and the replica's own addresses (node 1, node 2); `links`: their
    // replication-link listeners (127.0.0.1:port on each node's proxy), where a replica dials
    // and the Sentinels know each node by. Emits ready() or failed().
    void start(const QList<NodeAddress>& nodes, const QList<NodeAddress>& links);
    void stop(); // every Sentinel, by pid

    // SENTINEL FAILOVER: promote the replica now, without waiting for the master to fail.
    void failover(const AnswerCallback& done);
    QList<NodeAddress> sentinelAddresses() const;
    const SentinelSnapshot& snapshot() const { return m_snapshot; }
    // The redis-server arguments by which a node announces `link` as its address to a master
    // (hence to the Sentinels), as CONFIG SET does at start: for its restarts.
    static QStringList announceArgs(const NodeAddress& link);

signals:
    void ready();
    void failed(const QString& error);
    void changed();
    void happened(const HistoryEvent& event);

private:
    void announce(int node);
    void linkReplica();
    void waitForLink();
    void startSentinels();
    void onSentinelStarted();
    void onSentinelLog(int index, const QString& text);
    void poll();
    void ask(int index);
    void onMasterReply(int index, const CommandResult& result);
    void onAddressReply(int index, const CommandResult& result);
    void summarize();
    void fail(const QString& error);
    void noteRepointed(int index, const QString& text);
    void failoverStalled();
    int nodeOf(const QString& host, qint64 port) const;
    bool isLinkPort(qint64 port) const;
    QStringList sentinelConfig() const;

    RedisServerProcess::Options m_sentinelOptions;
    RedisConnection::Options m_options;
    const Clock& m_clock;
    QList<NodeAddress> m_nodes;
    QList<NodeAddress> m_links;
    // One per node, for the announce settings, REPLICAOF and the link check only.
    QList<RedisConnection*> m_nodeConnections;
    RedisConnection* m_replica = nullptr; // node 2's
    QSet<int> m_announced;                // the nodes that took their announce settings
    bool m_linking = false;
    QList<RedisServerProcess*> m_sentinels;
    QList<RedisConnection*> m_connections;
    SentinelSnapshot m_snapshot;
    QTimer m_stepTimer;
    QTimer m_pollTimer;
    QTimer m_deadline;
    int m_startedSentinels = 0;
    bool m_failed = false;
    int m_lastMasterNode = 0;
    // A failover Sentinel accepted: which node was master then, and what Sentinel said since
    // that may explain why no promotion follows (-failover-abort-..., +tilt).
    QTimer m_failoverWatch;
    int m_failoverFrom = -1;
    QString m_failoverHitch;
    // A promotion went through (+switch-master): a later -failover-abort nobody asked for is
    // Sentinel reconsidering the new master, not a failure of the run.
    bool m_switched = false;
};
