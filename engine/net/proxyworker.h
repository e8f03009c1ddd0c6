// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/tlssettings.h"
#include "net/faultpolicy.h"
#include "net/foreignexchange.h"
#include "net/foreignsniffer.h"
#include "net/respframer.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QSslConfiguration>
#include <QString>
#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

class PostBatch;
class QHostAddress;
class QTcpServer;
class ProcessFolder;
class QTcpSocket;
class QTimer;

// The half of NodeProxy that lives in the network thread (see NetworkThread): the
// listeners, the connections, and the faults as they act on traffic. NodeProxy creates it,
// moves it there and calls it only through NetworkThread::run(); nothing here may be called
// from another thread except connectionCount(). The fault rules are in docs/proxy.md.
class ProxyWorker : public QObject
{
    Q_OBJECT

public:
    ProxyWorker(const QString& upstreamHost, quint16 upstreamPort, quint32 seed);
    ~ProxyWorker() override; // closes every listener and connection

    // The port of client `clientId`'s listener, opened on first use; 0 and *error if not.
    quint16 listen(int clientId, QString* error);
    // The same on a Unix-domain socket: the path of client `clientId`'s listener, in a
    // directory of this worker's own (removed with it); empty and *error if not. Its
    // connections are forwarded and faulted exactly like those of a TCP listener.
    QString listenLocal(int clientId, QString* error);
    // A listener for foreign clients (real lock clients) on `host`:`port` (0: any free port):
    // its connections are followed (ForeignSniffer) and known by who they are. Returns the
    // port, or 0 and *error.
    quint16 expose(const QHostAddress& host, quint16 port, QString* error);
    // From now on the connections of foreign identity `key` are client `clientId`'s: the
    // faults of that client (partition, hold) reach them.
    void unexpose();
    void tagForeign(const QString& key, int clientId); // 0: forgotten
    // A stop-the-world pause of these clients as the network sees it: every byte of theirs,
    // both ways, waits here until released, then goes on in order.
    void setHeld(const QSet<int>& clientIds);
    void releaseClient(int clientId);

    void setPartition(bool all, const QSet<int>& clientIds);
    void setLatency(int fixedMs, int jitterMs);
    // The network between one client and this node: its own delay (0: none).
    void setClientDelay(int clientId, int ms);
    // This listener is a node's replication-link listener (see NodeProxy::setReplicationLink):
    // its connections are sorted by their first command, Sentinel's pass without faults, and
    // the link's node -> client bytes wait out the latency too.
    void setReplicationLink(int clientId) { m_linkListeners.insert(clientId); }
    void setDropRate(double fraction);
    void setRandomSeed(quint32 seed) { m_policy.seed(seed); }
    void setUpstreamConnectTimeout(int ms) { m_connectTimeoutMs = ms; }
    // The node speaks only TLS (a rediss:// node): every upstream connection is a QSslSocket
    // with these settings, ready once encrypted; its bytes go through Qt, never straight to
    // the descriptor. The clients' side stays plain. For connections accepted from now on.
    void setUpstreamTls(const TlsSettings& settings);
    // The exposed and replication-link listeners opened from now on also speak TLS, with this
    // certificate and key (`identity`'s certFile and keyFile): a connection whose first byte
    // opens a TLS handshake is answered in TLS, any other stays plain. False and *error when
    // the files cannot be used.
    bool setServerTls(const TlsSettings& identity, QString* error);
    // The signals below go out through `batch` (its thread's PostBatch), not at once; set
    // before the worker is first used.
    void setBatch(PostBatch* batch) { m_batch = batch; }

    // Any thread. Set before connectionCountChanged is emitted, so a caller that blocked on
    // a call that closed connections (releaseClient) reads the new count when it returns.
    int connectionCount() const { return m_connectionCount.load(); }

    static constexpr int kExposedListener = -1;

signals:
    void connectionCountChanged(int count);
    void foreignConnection(const ForeignIdentity& who, bool open);
    void foreignExchange(const ForeignExchange& exchange);
    void foreignRequests(const ForeignRequests& requests);
    // A connection was closed for going over a bound (docs/proxy.md, "Bounds"): why, in words.
    void connectionCapped(const QString& text);

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
        std::deque<Chunk> downQueue;    // node -> client chunks not yet due (a delayed stream)
        qint64 queuedUpBytes = 0;       // the bytes in `queue`
        qint64 queuedDownBytes = 0;     // the bytes in `downQueue`
        bool clientStalled = false;     // not read while the node side drains (back-pressure)
        bool upstreamStalled = false;   // not read while the client drains
        QTimer* downTimer = nullptr;
        qint64 lastDownAtUs = 0;
        qint64 lastSendAtUs = 0;
        RespFramer framer;      // follows every client byte, also those not forwarded
        QByteArray held;        // the start of a command not complete yet (while dropping)
        bool committed = false; // the current command's start was forwarded: never drop it
        // On a replication-link listener, until its first command says who is calling: what
        // it sent so far, not forwarded, and no upstream connection yet.
        bool sorting = false;
        QByteArray unsorted;
        bool sentinel = false;   // one of Sentinel's connections: no network fault applies
        qint64 heldWhileCut = 0; // bytes a link's cut holds (both ways), for the cap
        // A foreign connection's answer on its way to the client, followed right after it is
        // sent (or first, should sending it close the connection): see onUpstreamReadyRead.
        QByteArray unfollowed;
        qint64 unfollowedUs = 0;
        bool upstreamConnected = false;
        qint64 acceptedUs = 0; // a refused connection's answer took from here
        bool closing = false;
        bool graceArmed = false; // an abort is scheduled in case the graceful close lingers
        bool finished = false;
        // A foreign client's (through an exposed listener): followed, and known by who it is.
        std::unique_ptr<ForeignSniffer> sniffer;
        ForeignIdentity who;
        // On a listener that also speaks TLS: until the client's first byte says which.
        bool tlsUndecided = false;
        bool clientTls = false; // its client side is encrypted: bytes go through QSslSocket
    };
    enum class CloseMode
    {
        Graceful,
        Abort
    };

    QString localPath(int clientId) const;
    void onNewConnection(int clientId, QTcpServer* server);
    void connectUpstream(Connection* connection);
    void onUpstreamConnected(Connection* connection);
    void failUpstream(Connection* connection, const QString& reason);
    QString upstreamFailure(const QTcpSocket* upstream) const;
    void onClientReadyRead(Connection* connection);
    bool sort(Connection* connection, QByteArray* bytes);
    void fromClient(Connection* connection, QByteArray bytes);
    void followUnframed(Connection* connection, const QByteArray& bytes);
    QByteArray keepWholeCommands(Connection* connection, const QByteArray& bytes);
    void forward(Connection* connection, QByteArray bytes);
    void onUpstreamReadyRead(Connection* connection);
    void toClient(Connection* connection, QByteArray bytes, bool cut);
    qint64 upBacklog(const Connection* connection) const;
    qint64 downBacklog(const Connection* connection) const;
    void resumeReading(Connection* connection);
    void cap(Connection* connection, const QString& why);
    void onSocketError(Connection* connection, QTcpSocket* socket);
    void dispatchDue(Connection* connection);
    void armTimer(Connection* connection, qint64 inUs);
    void closeConnection(Connection* connection, CloseMode mode);
    void finishIfClosed(Connection* connection);
    void purgeFinished();
    void onPartitionChanged();
    void setConnectionCount();
    Connection* findConnection(quint64 serial) const;
    bool isCut(const Connection* connection) const;
    bool delaysStream(const Connection* connection) const;
    bool holdsWhileCut(const Connection* connection) const;
    void holdWhileCut(Connection* connection, qsizetype bytes);
    void resumeHeld();
    bool shouldDrop(const Connection* connection);
    qint64 nextDelayUs(const Connection* connection);

    QString m_upstreamHost;
    quint16 m_upstreamPort = 0;

    QHash<int, QTcpServer*> m_listeners;
    // Where listenLocal() puts its sockets (client `id`'s: localPath(id)); only the worker
    // for the simulated clients has one, and all its listeners are there.
    std::unique_ptr<ProcessFolder> m_socketDir; // named after the pid: see ProcessFolder
    std::unordered_map<quint64, std::unique_ptr<Connection>> m_connections;
    // Closed connections stay alive until control returns to the event loop: a close can
    // happen deep inside a socket's signal, whose caller still holds the pointer.
    std::vector<std::unique_ptr<Connection>> m_finished;
    quint64 m_nextSerial = 0;
    std::atomic<int> m_connectionCount = 0;

    // Who is cut off, delayed, dropped or held, and the random stream of those choices.
    FaultPolicy m_policy;
    QSet<int> m_linkListeners;
    void forwardDown(Connection* connection, QByteArray bytes, qint64 delayUs);
    void followForeign(Connection* connection, const QByteArray& fromNode, qint64 repliedUs,
                       bool delivered = true);
    void followUnfollowed(Connection* connection);
    bool isHeld(const Connection* connection) const;
    QHash<QString, int> m_foreignIds; // identity key -> client id (tagForeign)
    void dispatchDownDue(Connection* connection);
    void tell(std::function<void()> call);
    void tellConnection(const ForeignIdentity& who, bool open);
    void tellExchange(ForeignExchange exchange);
    void tellRequests(ForeignRequests requests);
    void tellCapped(const QString& text);
    PostBatch* m_batch = nullptr;
    int m_connectTimeoutMs = 1000;
    std::optional<TlsSettings> m_upstreamTls;
    void sendUp(Connection* connection, const QByteArray& bytes);
    void sendDown(Connection* connection, const QByteArray& bytes);
    bool decideTls(Connection* connection);
    QTcpServer* newListener(bool tlsCapable);
    std::optional<QSslConfiguration> m_serverTls;
    QSslConfiguration m_linkServerTls; // the same for a replication link (no tickets)
    void connectUpstreamTls(Connection* connection);
};
