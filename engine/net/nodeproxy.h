#pragma once

#include <QHash>
#include <QObject>
#include <QRandomGenerator>
#include <QSet>
#include <QString>
#include <deque>
#include <memory>
#include <unordered_map>
#include <vector>

class QTcpServer;
class QTcpSocket;
class QTimer;

// A loopback TCP proxy between the simulated clients and ONE Redis node, the place where
// network faults happen: partition (from all clients or chosen ones), latency and drop.
// It forwards raw bytes and never parses RESP, so AUTH, SELECT and every command pass through.
//
// Each client gets a listener of its own (listenPort()), so the proxy knows at accept time
// whose connection it is: a partition of "C2 from node 3" is a property of the listener
// C2 dials, not of anything in the byte stream.
//
// Faults apply to traffic from the moment they are set:
// - partition: a cut network. Bytes are discarded in both directions, also chunks that a
//   latency queue still holds (they were "in flight"). A new connection from a cut client is
//   accepted (the kernel completes the TCP handshake anyway) but not connected upstream, so
//   the client's first command times out; it is connected when healed if still open.
// - latency: each chunk from the client reaches the node fixed + uniform(0..jitter) ms later,
//   never reordered within a connection. Replies are not delayed: once per round trip.
// - drop: each chunk from the client is discarded with that probability. A chunk is what one
//   read() returned: usually whole commands, but a command split over two reads could lose
//   one half, which the node then sees as a protocol error (it closes the connection).
//
// Lives in one thread (the engine's); not thread-safe, like every engine QObject.
class NodeProxy : public QObject
{
    Q_OBJECT

public:
    explicit NodeProxy(const QString& upstreamHost, quint16 upstreamPort,
                       QObject* parent = nullptr);
    ~NodeProxy() override; // closes every listener and connection

    QString upstreamHost() const { return m_upstreamHost; }
    quint16 upstreamPort() const { return m_upstreamPort; }

    // The 127.0.0.1 port client `clientId` must dial; the listener is created on first use.
    // `name` (e.g. "C2") is used by faultDescription(); a later non-empty name replaces it.
    // Returns 0 and sets lastError() if the listener could not be opened.
    quint16 listenPort(int clientId, const QString& name = {});
    // Closes the client's listener and aborts its connections. Unknown ids are ignored.
    void releaseClient(int clientId);
    // Why the last listenPort() / setLatency() / setDropRate() failed; empty after a success.
    QString lastError() const { return m_lastError; }

    // Open client connections (held-back ones included); 0 once every client has closed.
    int connectionCount() const { return int(m_connections.size()); }

    void setPartitioned(bool partitioned); // from every client
    bool isPartitioned() const { return m_partitionAll; }
    void setPartitionedClients(const QSet<int>& clientIds); // replaces the set
    void setClientPartitioned(int clientId, bool partitioned);
    QSet<int> partitionedClients() const { return m_partitionedClients; }
    bool isClientPartitioned(int clientId) const;
    void heal(); // ends both kinds of partition; latency and drop stay

    // 0, 0 = none. False (and lastError()) for negative values or more than kMaxDelayMs.
    bool setLatency(int fixedMs, int jitterMs = 0);
    int latencyMs() const { return m_latencyMs; }
    int jitterMs() const { return m_jitterMs; }

    // Fraction of client chunks discarded, 0..1. False (and lastError()) outside that range.
    bool setDropRate(double fraction);
    double dropRate() const { return m_dropRate; }

    void clearFaults(); // heal() + no latency + no drop

    // Seeds the jitter and drop draws, for reproducible scenario runs.
    void setRandomSeed(quint32 seed) { m_random.seed(seed); }

    // "partitioned from C2, C3; latency 40±20 ms; drop 30%", or "" when there is no fault.
    QString faultDescription() const;

    static constexpr int kMaxDelayMs = 600000;

signals:
    void connectionCountChanged(int count);
    void faultsChanged();

private:
    struct Chunk
    {
        qint64 sendAtUs;
        QByteArray bytes;
    };
    struct Connection
    {
        int clientId = 0;
        quint64 serial = 0;
        QTcpSocket* client = nullptr;
        QTcpSocket* upstream = nullptr; // null while a partition holds the connection back
        QTimer* timer = nullptr;        // created on the first chunk that must wait
        std::deque<Chunk> queue;        // client -> node chunks not yet due
        qint64 lastSendAtUs = 0;
        bool closing = false;
        bool graceArmed = false; // an abort is scheduled in case the graceful close lingers
        bool finished = false;
    };
    enum class CloseMode
    {
        Graceful,
        Abort
    };

    void onNewConnection(int clientId, QTcpServer* server);
    void connectUpstream(Connection* connection);
    void onClientReadyRead(Connection* connection);
    void onUpstreamReadyRead(Connection* connection);
    void onSocketError(Connection* connection, QTcpSocket* socket);
    void dispatchDue(Connection* connection);
    void armTimer(Connection* connection, qint64 inUs);
    void closeConnection(Connection* connection, CloseMode mode);
    void finishIfClosed(Connection* connection);
    void purgeFinished();
    void onPartitionChanged();
    Connection* findConnection(quint64 serial) const;
    bool shouldDrop();
    qint64 nextDelayUs();
    QString clientName(int clientId) const;

    QString m_upstreamHost;
    quint16 m_upstreamPort = 0;
    QString m_lastError;

    QHash<int, QTcpServer*> m_listeners;
    QHash<int, QString> m_names;
    std::unordered_map<quint64, std::unique_ptr<Connection>> m_connections;
    // Closed connections stay alive until control returns to the event loop: a close can
    // happen deep inside a socket's signal, whose caller still holds the pointer.
    std::vector<std::unique_ptr<Connection>> m_finished;
    quint64 m_nextSerial = 0;

    bool m_partitionAll = false;
    QSet<int> m_partitionedClients;
    int m_latencyMs = 0;
    int m_jitterMs = 0;
    double m_dropRate = 0.0;
    QRandomGenerator m_random;
};
