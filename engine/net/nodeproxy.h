// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/tlssettings.h"
#include "net/foreignexchange.h"
#include "net/networkfaults.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <functional>
#include <memory>

class NetworkThread;
class ProxyWorker;

// A loopback proxy between the clients and ONE Redis node, one of the two places where its
// network faults happen (NetworkFaults; the other is the simulated clients' FaultGate):
// partition (from all clients or chosen ones), latency and drop. It forwards bytes
// untouched; each client dials a listener of its own, so a fault can single a client out.
// How each fault acts on traffic, the replication-link listener shared with the Sentinels,
// and which thread forwards what: docs/proxy.md.
//
// It has two ProxyWorkers with the same faults: one in this object's own thread (listenLocal(),
// a Unix-domain socket: its bytes never wait for a wake-up of another thread; the simulated
// clients' route with --client-path proxy, and the tests'), and one in the shared
// NetworkThread for everything that must flow whatever this thread does (listenPort():
// replication links, tests, and expose() for foreign clients). Used from its own thread only.
// Getters answer from state kept here; setters return when the fault is in force in both workers
// and listenPort() when the listener is open. Signals are emitted in this object's thread.
class NodeProxy : public QObject, public NetworkFaults
{
    Q_OBJECT

public:
    explicit NodeProxy(const QString& upstreamHost, quint16 upstreamPort,
                       QObject* parent = nullptr);
    ~NodeProxy() override; // closes every listener and connection (waits for the network thread)

    QString upstreamHost() const { return m_upstreamHost; }
    quint16 upstreamPort() const { return m_upstreamPort; }

    // The 127.0.0.1 port client `clientId` must dial; the listener is created on first use.
    // `name` (e.g. "C2") is used by faultDescription(); a later non-empty name replaces it.
    // Returns 0 and sets lastError() if the listener could not be opened.
    quint16 listenPort(int clientId, const QString& name = {});
    // The Unix-domain socket path client `clientId` of this thread (a simulated client)
    // dials, forwarded in this thread; empty and lastError() if it could not be opened.
    QString listenLocal(int clientId, const QString& name = {});
    // Closes the client's listener and aborts its connections. Unknown ids are ignored.
    void releaseClient(int clientId);
    // A port for foreign clients (real lock clients under test) on `host`:`port` (0: any),
    // through this proxy and its faults: what they do there is reported (foreignExchange).
    // Returns the port, or 0 and lastError().
    quint16 expose(const QString& host, quint16 port);
    quint16 exposedPort() const { return m_exposedPort; }
    // Closes the exposed port (its connections stay): an `expose` that failed half-way.
    void unexpose();
    // The connections of foreign identity `key` are client `clientId`'s from now on.
    // 0: no client's any more (its lane retired), forgotten.
    void tagForeign(const QString& key, int clientId);
    // lastError() also says why the last listenPort() / listenLocal() /
    // setUpstreamConnectTimeout() failed.

    // Open client connections (held-back ones included); 0 once every client has closed.
    int connectionCount() const;

    // The listener of `clientId` is this node's replication-link listener: a replica's link
    // to this node (latency delays the node's stream to it as well, not only what the replica
    // sends), shared with the Sentinels, whose connections pass it with no network fault.
    // For connections accepted from now on.
    void setReplicationLink(int clientId);

    // How long the proxy tries to reach the node for a new client connection before it
    // tells the client "timed out connecting". For connections accepted from now on.
    // False (and lastError()) below 1 ms or above kMaxDelayMs.
    bool setUpstreamConnectTimeout(int ms);
    // The node speaks only TLS (rediss://): the proxy's upstream half speaks TLS to it with
    // these settings (its clients' half stays plain, as they dial a loopback port). For
    // connections accepted from now on: set it before the first listener.
    void setUpstreamTls(const TlsSettings& settings);
    // The exposed port and the replication-link listener also speak TLS to clients that open
    // with a TLS handshake, showing `identity`'s certificate (its certFile and keyFile); others
    // stay plain on the same port. For listeners opened from now on. False and lastError() when
    // the files cannot be used.
    bool setServerTls(const TlsSettings& identity);
    int upstreamConnectTimeoutMs() const { return m_connectTimeoutMs; }

    // The same as RedisConnection's default connect timeout.
    static constexpr int kDefaultConnectTimeoutMs = 1000;

signals:
    void connectionCountChanged(int count);
    void foreignConnection(const ForeignIdentity& who, bool open);
    void foreignExchange(const ForeignExchange& exchange);
    void foreignRequests(const ForeignRequests& requests);
    // A connection went over a bound and was closed (docs/proxy.md, "Bounds"): why, in words.
    void connectionCapped(const QString& text);

protected:
    void applyPartition(bool all, const QSet<int>& clientIds) override;
    void applyLatency(int fixedMs, int jitterMs) override;
    void applyDropRate(double fraction) override;
    void applyClientDelay(int clientId, int ms) override;
    void applyHeld(const QSet<int>& clientIds) override;
    void applySeed(quint32 seed) override;

private:
    void inNetworkThread(const std::function<void(ProxyWorker&)>& call);
    void inWorkers(const std::function<void(ProxyWorker&)>& call); // both, the same call
    QString listenError(int clientId, const QString& what, const QString& error) const;

    QString m_upstreamHost;
    quint16 m_upstreamPort = 0;

    QHash<int, quint16> m_ports; // the listeners the network worker has open, by client
    int m_connectTimeoutMs = kDefaultConnectTimeoutMs;
    quint16 m_exposedPort = 0;

    std::shared_ptr<NetworkThread> m_network;
    ProxyWorker* m_worker = nullptr; // lives in the network thread; deleted there
    ProxyWorker* m_local = nullptr;  // our child: lives in our thread
};
