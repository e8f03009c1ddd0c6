// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/redisserverprocess.h"
#include "model/commandanswer.h"
#include "model/engineconfig.h"
#include "model/failovertopology.h"
#include "model/historyevent.h"
#include "model/nodesnapshot.h"
#include "model/sentinelsnapshot.h"
#include "net/foreignexchange.h"
#include "net/noderoute.h"
#include "net/redisconnection.h"

#include <QList>
#include <QMap>
#include <QObject>
#include <memory>
#include <optional>

class Clock;
class FleetNode;
class LocalFleet;
class ReplicatedTopology;
class ThrowawayCa;
class SentinelGate;

// The lock nodes: N local redis-server processes the app starts (and stops by pid), or the
// user's own nodes. Brings them up, then hands out FleetNodes; until then, snapshots show
// them as starting.
//
// With the replicated topology (config.topology) there are two local nodes, node 2 a replica
// of node 1, and three Sentinels (ReplicatedTopology); the fleet is ready once the Sentinels
// agree, and only then may clients run the failover strategy.
class Fleet : public QObject
{
    Q_OBJECT

public:
    Fleet(const EngineConfig& config, const RedisConnection::Options& options, const Clock& clock,
          QObject* parent = nullptr);
    ~Fleet() override;

    void start(); // emits ready() or failed()
    void stop();  // local nodes by pid

    int size() const { return int(m_nodes.size()); }
    int plannedSize() const { return m_config.nodeCount(); }
    FleetNode* node(int index) const { return m_nodes.at(index); }
    const QList<FleetNode*>& nodes() const { return m_nodes; }
    // Each node's route for client `clientId` (FleetNode::routeFor); nothing, and *error,
    // when one of them cannot be had (no listener is left open for the client then).
    std::optional<QList<NodeRoute>> routesFor(int clientId, const QString& clientName,
                                              QString* error) const;
    void forgetClient(int clientId);
    // Ports for foreign clients: node i on `port` + i, through each node's proxy. The
    // addresses they dial, or nothing and *error (the ports opened so far stay open).
    std::optional<QList<NodeAddress>> expose(const QString& host, quint16 port, QString* error);
    // The certificate the exposed ports show to clients that speak TLS to them on a --tls run:
    // the run's CA's, or nothing and *error (not --tls, no openssl). Its caFile is what such a
    // client trusts.
    std::optional<TlsSettings> exposedIdentity(QString* error);
    void unexpose();
    // On the replicated topology, ports for the Sentinels too (`port` + i for Sentinel i),
    // whose answers name the nodes and Sentinels by the exposed ports (`nodes`: what expose()
    // opened), so that a Sentinel-aware client follows a failover through the proxies. The
    // addresses (none on independent masters), or nothing and *error (none left open).
    std::optional<QList<NodeAddress>> exposeSentinels(const QString& host, quint16 port,
                                                      const QList<NodeAddress>& nodes,
                                                      QString* error);
    void unexposeSentinels();
    int sentinelCount() const;
    void tagForeign(const QString& key, int clientId);
    void setClientHeld(int clientId, bool held);
    void setLargestTtlMs(int ttlMs);
    // The gates' and proxies' random choices (latency jitter, drops) come from the scenario's
    // seed.
    void setSeed(quint64 seed);
    // The node as the cards show it; a placeholder while the fleet is still starting.
    NodeSnapshot snapshot(int index) const;

    // The replication link's own listener on node 1's proxy: `node partition 1 replica`
    // cuts it like a client's. Far above any client id (clients count from 1).
    static constexpr int ReplicationLinkId = 1000000;
    static constexpr const char* ReplicationLinkName = "replica";
    bool isReplicated() const { return m_config.replicated(); }
    SentinelSnapshot sentinels() const;
    // The replicated topology once the Sentinels agree (the failover strategy runs on it);
    // nothing on independent masters or before.
    std::optional<FailoverTopology> failoverTopology() const;
    // SENTINEL FAILOVER; `node` must be the master the Sentinels name.
    void failover(int node, const AnswerCallback& done);

signals:
    void foreignConnection(int node, const ForeignIdentity& who, bool open);
    void foreignExchange(int node, const ForeignExchange& exchange);
    void foreignRequests(int node, const ForeignRequests& requests);
    void ready();
    void failed(const QString& error);
    void happened(const HistoryEvent& event);
    void changed();

private:
    void onAddressesKnown(const QList<NodeAddress>& addresses);
    void awaitFirstAnswers();
    // A node's first answer: up, or why not; `tlsRefused`: the handshake proved that the node
    // refuses our TLS set-up (RedisConnection::tlsRefused).
    void onFirstAnswer(int index, bool up, const QString& error, bool tlsRefused);
    void startReplication(const QList<NodeAddress>& addresses);
    int nodeOfPort(quint16 port) const;
    void fail(const QString& error);
    void recordTls();
    void record(HistoryEvent::Kind kind, const QString& text);

    EngineConfig m_config;
    RedisConnection::Options m_options;
    const Clock& m_clock;
    LocalFleet* m_local = nullptr;
    // The run's CA (--tls, and the exposed ports' TLS), made at its first use.
    std::unique_ptr<ThrowawayCa> m_ca;
    const ThrowawayCa* runCa(QString* error);
    bool startTls(RedisServerProcess::Options* options);
    void serveTls(FleetNode* node);
    ReplicatedTopology* m_topology = nullptr;
    SentinelGate* m_sentinelGate = nullptr; // the Sentinels' exposed ports
    QList<FleetNode*> m_nodes;
    struct FirstAnswer
    {
        QString error; // empty: up
        bool tlsRefused = false;
    };
    QMap<int, FirstAnswer> m_firstAnswers; // the user's nodes, until each answered once
};
