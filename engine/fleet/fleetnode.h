// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/constants.h"
#include "fleet/nodecontrol.h"
#include "model/commandanswer.h"
#include "model/fault.h"
#include "model/historyevent.h"
#include "model/nodeaddress.h"
#include "model/nodesnapshot.h"
#include "net/foreignexchange.h"
#include "net/noderoute.h"
#include "net/redisconnection.h"

#include <QMap>
#include <QObject>
#include <QSet>
#include <functional>
#include <optional>

class Clock;
class FaultGate;
class NetworkFaults;
class NodeAdmin;
class NodeMonitor;
class NodeProxy;
class RedisServerProcess;

// One node of the fleet as the engine manages it: its monitor (what is really on the node),
// where its network faults happen (the FaultGate in the simulated clients' connections, and
// the loopback proxy that foreign clients, replication links and Sentinels go through; both
// get every network fault), its control (local process or external Redis), and the faults
// in force. Every fault goes into
// the history with its start and its end. Each action first checks that it is possible now,
// so the answer to an impossible one says why and nothing changes.
class FleetNode : public QObject
{
    Q_OBJECT

public:
    using ClientResolver = std::function<int(const QString& name)>; // -1: no such client
    using Persistence = NodeControl::Persistence;

    FleetNode(int index, const NodeAddress& address, RedisServerProcess* process,
              const RedisConnection::Options& options, const Clock& clock,
              QObject* parent = nullptr);
    ~FleetNode() override;

    void start(int pollIntervalMs, const QByteArrayList& resources);
    // The simulated clients' route: through the node's gate, straight to the node (the
    // default), or through a listener of their own on its proxy (--client-path proxy).
    void setClientsViaProxy(bool viaProxy) { m_clientsViaProxy = viaProxy; }
    // Where client `clientId` connects to reach this node: the node itself through its gate,
    // or (via the proxy) its listener there, a Unix-domain socket (the host is its path, the
    // port 0). Nothing (and *error says why) when that listener cannot be opened: a client
    // going around the proxy would not see this node's network faults, and the picture
    // would lie.
    std::optional<NodeRoute> routeFor(int clientId, const QString& clientName, QString* error);
    void forgetClient(int clientId);
    // A port for foreign clients on `host`:`port`, through this node's proxy and its faults
    // (NodeProxy::expose). The address they dial, or nothing and *error.
    std::optional<NodeAddress> expose(const QString& host, quint16 port, QString* error);
    void unexpose();
    // Its exposed port and replication-link listener, opened from now on, answer TLS clients
    // with this certificate (NodeProxy::setServerTls); plain ones as before.
    void serveTls(const TlsSettings& identity);
    void tagForeign(const QString& key, int clientId);
    void setClientHeld(int clientId, bool held);
    // The network between one client and this node (netdelay): ms, 0 for none.
    void setClientDelay(int clientId, int ms);
    // When this node's proxy cuts client `clientId` off (a partition in force), why, in words
    // a client's failed answer can carry; empty otherwise.
    QString cutOffReason(int clientId) const;
    // The node's replication-link listener on its proxy (client `linkId`, named `name` in
    // faults): the address its replicas dial and the Sentinels know it by. Latency delays
    // the stream on it too; Sentinel's own connections there get no network fault
    // (NodeProxy::setReplicationLink). Nothing, and *error, if it cannot be opened.
    std::optional<NodeAddress> openReplicationLink(int linkId, const QString& name, QString* error);
    // Its port; 0 until openReplicationLink().
    quint16 linkPort() const { return m_linkPort; }
    // For delayed restarts: the largest TTL any client uses.
    void setLargestTtlMs(int ttlMs) { m_largestTtlMs = ttlMs; }
    int defaultRestartDelayMs() const { return m_largestTtlMs + 1000; }
    void setRandomSeed(quint32 seed);

    void kill(const AnswerCallback& done);
    void pause(int forMs, const AnswerCallback& done);
    void resume(const AnswerCallback& done);
    void restart(int delayMs, const AnswerCallback& done);
    void shutdown(const AnswerCallback& done);
    void setPersistence(Persistence persistence, const AnswerCallback& done);
    // No names: from every client. Names add to those already cut off.
    void partition(const QStringList& clients, const ClientResolver& resolve,
                   const AnswerCallback& done);
    void heal(const AnswerCallback& done);
    void setLatency(int fixedMs, int jitterMs, const AnswerCallback& done);
    void setDrop(int percent, const AnswerCallback& done);
    void jumpClock(qint64 deltaMs, const AnswerCallback& done);

    int index() const { return m_index; }
    NodeMonitor* monitor() const { return m_monitor; }
    bool isLocal() const { return m_control->isLocal(); }
    NodeSnapshot snapshot() const;

signals:
    void happened(const HistoryEvent& event);
    void changed();
    void foreignConnection(int node, const ForeignIdentity& who, bool open);
    void foreignExchange(int node, const ForeignExchange& exchange);
    void foreignRequests(int node, const ForeignRequests& requests);

private:
    // A TCP listener of the proxy's network half (a replication link).
    std::optional<NodeAddress> tcpAddressFor(int clientId, const QString& clientName,
                                             QString* error);
    std::optional<NodeAddress> viaProxy(const QString& host, quint16 port, bool opened,
                                        QString* error) const;
    bool refuseUnlessPossible(const QString& verb, const AnswerCallback& done) const;
    // Sets a network fault in the gate and the proxy alike: false, and *error, if refused.
    bool inNetwork(const std::function<bool(NetworkFaults&)>& set, QString* error);
    void startFault(Fault::Kind kind, const QString& detail, qint64 untilUs = 0);
    void endFault(Fault::Kind kind, const QString& why);
    bool hasFault(Fault::Kind kind) const { return m_faults.contains(kind); }
    void onMonitorUp(bool up, const QString& error);
    QStringList possibleActions() const;
    QString doneText(const QString& what) const;

    int m_index;
    NodeAddress m_address;
    const Clock& m_clock;
    NodeMonitor* m_monitor;
    NodeAdmin* m_admin;
    NodeControl* m_control;
    NodeProxy* m_proxy;
    FaultGate* m_gate;
    bool m_clientsViaProxy = false;
    QMap<Fault::Kind, Fault> m_faults;
    QSet<int> m_partitionedClients;
    quint16 m_linkPort = 0;
    QStringList m_partitionedNames;
    bool m_partitionedAll = false;
    int m_largestTtlMs = Constants::DefaultTtlMs;
    qint64 m_clockJumpMs = 0;
};
