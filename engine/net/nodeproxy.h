// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <functional>
#include <memory>

class NetworkThread;
class ProxyWorker;

// A loopback TCP proxy between the simulated clients and ONE Redis node, the place where
// network faults happen: partition (from all clients or chosen ones), latency and drop.
// It forwards bytes untouched, so AUTH, SELECT and every command pass through; it only
// follows the client's byte stream far enough to know where each command ends.
//
// Each client gets a listener of its own (listenPort()), so the proxy knows at accept time
// whose connection it is: a partition of "C2 from node 3" is a property of the listener
// C2 dials, not of anything in the byte stream.
//
// Faults apply to traffic from the moment the setter returns:
// - partition: a cut network. Bytes are discarded in both directions, also chunks that a
//   latency queue still holds (they were "in flight"). A new connection from a cut client is
//   accepted (the kernel completes the TCP handshake anyway) but not connected upstream, so
//   the client's first command times out; it is connected when healed if still open.
//   A replication link (setReplicationLink) is cut as TCP is: its bytes are held both ways,
//   not lost, and go on in order when healed (TCP retransmits; its connection stays up until
//   Redis's repl-timeout ends it). A stream that lost a piece would resume mid-command and
//   leave the replica behind for good. Over 64 MiB held, its connection is aborted.
// - latency: each chunk from the client reaches the node fixed + uniform(0..jitter) ms later,
//   never reordered within a connection. Replies are not delayed: once per round trip.
// - drop: each client COMMAND is discarded with that probability, whole: a command split
//   over several reads is held back until its last byte is in, then kept or dropped, so the
//   node never sees half a command (it would answer with a protocol error and close). A
//   command that had already started going to the node when drop was switched on is
//   always completed. Framing costs a copy only while a drop rate is set; see
//   ProxyWorker::followUnframed for how the boundaries are known before that.
//
// A replication-link listener (setReplicationLink) is shared: the replica dials it to reach
// its master, and so do the Sentinels, which must know the node by the address the replica
// dials (else they re-point the replica at the node's own port). There a connection is held,
// not yet connected upstream and its bytes not forwarded, until its first command is whole:
// "CLIENT SETNAME sentinel-<8 hex>-cmd|pubsub" (after an AUTH, if any) makes it a Sentinel's,
// which no network fault reaches (partition, latency, drop: Sentinel reached the node
// directly before, so only process faults, kill and pause, reach it); anything else (a
// replica's handshake starts with PING) is the link, which takes that listener's faults from
// its first byte, and latency delays the link's node -> replica stream as well. See
// SentinelSniffer. The hold costs one loopback connect after the first command, once per
// connection.
//
// When the node cannot be reached for a client (refused, host not found, connect timed out
// after upstreamConnectTimeoutMs()), the client gets a RESP error naming the real reason
// (ConnectError::proxyReply) before the proxy closes its connection.
//
// Threads: all socket work happens in the process's shared network thread (NetworkThread),
// in a ProxyWorker, so that forwarding neither waits for the engine's work nor adds to it.
// This object is the engine-side face of it and is used from its own thread only, like every
// engine QObject. Its getters answer from state kept here (this object is the only writer
// of the fault settings, so its copy is the current one); connectionCount() reads a counter
// the network thread keeps. Setters and listenPort() run in the network thread and WAIT
// for it (a blocking queued call): when they return, the fault is in force and the listener
// open. That cannot deadlock because the network thread never waits for anyone. The
// signals are emitted in this object's thread.
class NodeProxy : public QObject
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
    // Closes the client's listener and aborts its connections. Unknown ids are ignored.
    void releaseClient(int clientId);
    // Why the last listenPort() / setLatency() / setDropRate() / setUpstreamConnectTimeout()
    // failed; empty after a success.
    QString lastError() const { return m_lastError; }

    // Open client connections (held-back ones included); 0 once every client has closed.
    int connectionCount() const;

    void setPartitioned(bool partitioned);                  // from every client
    void setPartitionedClients(const QSet<int>& clientIds); // replaces the set
    void setClientPartitioned(int clientId, bool partitioned);
    QSet<int> partitionedClients() const { return m_partitionedClients; }
    bool isClientPartitioned(int clientId) const;
    void heal(); // ends both kinds of partition; latency and drop stay

    // 0, 0 = none. False (and lastError()) for negative values or more than kMaxDelayMs.
    bool setLatency(int fixedMs, int jitterMs = 0);
    int latencyMs() const { return m_latencyMs; }
    int jitterMs() const { return m_jitterMs; }

    // Fraction of client commands discarded, 0..1. False (and lastError()) outside that range.
    bool setDropRate(double fraction);
    // The network between client `clientId` and this node, as clients on other hosts have:
    // each request from it arrives `ms` (and up to 1 ms more) later. Not a fault: a setting.
    void setClientDelay(int clientId, int ms);
    // The listener of `clientId` is this node's replication-link listener: a replica's link
    // to this node (latency delays the node's stream to it as well, not only what the replica
    // sends), shared with the Sentinels, whose connections pass it with no network fault.
    // For connections accepted from now on.
    void setReplicationLink(int clientId);

    void clearFaults(); // heal() + no latency + no drop

    // How long the proxy tries to reach the node for a new client connection before it
    // tells the client "timed out connecting". For connections accepted from now on.
    // False (and lastError()) below 1 ms or above kMaxDelayMs.
    bool setUpstreamConnectTimeout(int ms);
    int upstreamConnectTimeoutMs() const { return m_connectTimeoutMs; }

    // Seeds the jitter and drop draws, for reproducible scenario runs.
    void setRandomSeed(quint32 seed);

    // "partitioned from C2, C3; latency 40±20 ms; drop 30%", or "" when there is no fault.
    QString faultDescription() const;

    static constexpr int kMaxDelayMs = 600000;
    // The same as RedisConnection's default connect timeout.
    static constexpr int kDefaultConnectTimeoutMs = 1000;

signals:
    void connectionCountChanged(int count);
    void faultsChanged();

private:
    void inNetworkThread(const std::function<void(ProxyWorker&)>& call);
    void applyPartition();
    QString clientName(int clientId) const;

    QString m_upstreamHost;
    quint16 m_upstreamPort = 0;
    QString m_lastError;

    QHash<int, quint16> m_ports; // the listeners the worker has open, by client
    QHash<int, QString> m_names;

    bool m_partitionAll = false;
    QSet<int> m_partitionedClients;
    int m_latencyMs = 0;
    int m_jitterMs = 0;
    double m_dropRate = 0.0;
    int m_connectTimeoutMs = kDefaultConnectTimeoutMs;

    std::shared_ptr<NetworkThread> m_network;
    ProxyWorker* m_worker = nullptr; // lives in the network thread; deleted there
};
