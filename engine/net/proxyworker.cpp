// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/proxyworker.h"

#include "base/processfolder.h"
#include "base/steadyclock.h"
#include "net/connecterror.h"
#include "net/peeridentity.h"
#include "net/postbatch.h"
#include "net/sentinelsniffer.h"
#include "net/tlslistener.h"
#include "net/tlsstream.h"

#include <QFile>
#include <QHostAddress>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <utility>

namespace {

// How long a graceful close may wait for a peer to take the last bytes before it is aborted.
constexpr int kCloseGraceMs = 2000;
// What a cut replication link may hold before its connection is aborted (the replica then
// reconnects and resyncs once healed): the master's own soft limit on a replica's output
// buffer (client-output-buffer-limit replica 256mb 64mb 60).
constexpr qint64 kMaxHeldWhileCutBytes = 64 * 1024 * 1024;
// Back-pressure (docs/proxy.md, "Bounds"): Qt reads at most this much of a socket ahead of us,
// so a side we stop reading fills its kernel buffers and TCP slows its sender down.
constexpr qint64 kReadBufferBytes = 256 * 1024;
// A side whose peer does not drain is no longer read past this many bytes waiting for that
// peer (in the socket's buffer or a delay queue), and read again below kLowWaterBytes.
constexpr qint64 kHighWaterBytes = 4 * 1024 * 1024;
constexpr qint64 kLowWaterBytes = 1024 * 1024;
// What cannot wait for the peer (a command held whole for the drop decision) is capped: past
// this the connection is closed, and the history says why.
constexpr qint64 kMaxHeldCommandBytes = 64 * 1024 * 1024;

qint64 nowUs()
{
    return SteadyClock::instance().nowUs();
}

// Straight to the kernel when nothing waits in the socket's own buffer: QTcpSocket::write()
// arms the write notifier and flush() disarms it, two epoll_ctl calls on every hop (the
// docs/benchmarks.md, "Figures behind design choices"). What the kernel does not take now,
// or anything while bytes wait, goes through QTcpSocket, flushed at once (a bare write() only
// buffers until a later turn of the event loop); it leaves on the notifier in order, and a
// broken connection is reported there.
void send(QTcpSocket* socket, const QByteArray& bytes)
{
    qsizetype sent = 0;
    if (socket->state() == QAbstractSocket::ConnectedState && socket->bytesToWrite() == 0) {
        const ssize_t n = ::send(int(socket->socketDescriptor()), bytes.constData(),
                                 size_t(bytes.size()), MSG_NOSIGNAL | MSG_DONTWAIT);
        sent = std::max<ssize_t>(n, 0);
    }
    if (sent < bytes.size()) {
        socket->write(bytes.constData() + sent, bytes.size() - sent);
        socket->flush();
    }
}

} // namespace

ProxyWorker::ProxyWorker(const QString& upstreamHost, quint16 upstreamPort, quint32 seed)
    : m_upstreamHost(upstreamHost), m_upstreamPort(upstreamPort), m_policy(seed)
{}

ProxyWorker::~ProxyWorker()
{
    // Our gathered signals go before we do: a batch outliving us would call a dead object.
    if (m_batch)
        m_batch->flush();
    // Sockets first, with our handlers detached: abort() emits disconnected() synchronously.
    for (auto& [serial, connection] : m_connections) {
        for (QTcpSocket* socket : {connection->client, connection->upstream}) {
            if (!socket)
                continue;
            socket->disconnect(this);
            socket->abort();
            delete socket;
        }
        delete connection->timer;
        delete connection->downTimer;
    }
    m_connections.clear();
    m_finished.clear(); // their sockets were deleteLater()'d; ~QObject deletes the children
    for (QTcpServer* server : std::as_const(m_listeners)) {
        server->close();
        delete server;
    }
    m_listeners.clear();
}

// ---------------------------------------------------------------------------------------
// Listeners and faults, as NodeProxy sets them

quint16 ProxyWorker::listen(int clientId, QString* error)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (QTcpServer* existing = m_listeners.value(clientId))
        return existing->serverPort();
    QTcpServer* server = newListener(m_linkListeners.contains(clientId));
    if (!server->listen(QHostAddress::LocalHost, 0)) {
        *error = server->errorString();
        delete server;
        return 0;
    }
    connect(server, &QTcpServer::newConnection, this,
            [this, clientId, server] { onNewConnection(clientId, server); });
    m_listeners.insert(clientId, server);
    return server->serverPort();
}

QString ProxyWorker::localPath(int clientId) const
{
    return m_socketDir->filePath(QStringLiteral("c%1").arg(clientId));
}

// A Unix-domain listener handed to QTcpServer: Qt's socket engine takes any listening
// stream socket, and the connections it accepts are QTcpSockets like the others, so the
// forwarding and every fault run the same code. On loopback a Unix socket costs a third
// of TCP's CPU per hop (no TCP stack on either side); docs/proxy.md, "Threads".
QString ProxyWorker::listenLocal(int clientId, QString* error)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (m_socketDir && m_listeners.contains(clientId))
        return localPath(clientId);
    if (!m_socketDir)
        m_socketDir = std::make_unique<ProcessFolder>(QStringLiteral("redlockscope"));
    if (!m_socketDir->isValid()) {
        *error = m_socketDir->errorString();
        return {};
    }
    QString path = localPath(clientId);
    const QByteArray native = QFile::encodeName(path);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (size_t(native.size()) >= sizeof address.sun_path) {
        *error = QStringLiteral("the socket path %1 is too long (TMPDIR)").arg(path);
        return {};
    }
    std::memcpy(address.sun_path, native.constData(), size_t(native.size()));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(fd, SOMAXCONN) != 0) {
        *error = QString::fromLocal8Bit(std::strerror(errno));
        if (fd >= 0)
            ::close(fd);
        return {};
    }
    auto* server = new QTcpServer(this);
    if (!server->setSocketDescriptor(fd)) {
        *error = server->errorString();
        delete server;
        ::close(fd);
        return {};
    }
    connect(server, &QTcpServer::newConnection, this,
            [this, clientId, server] { onNewConnection(clientId, server); });
    m_listeners.insert(clientId, server);
    return path;
}

quint16 ProxyWorker::expose(const QHostAddress& host, quint16 port, QString* error)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (QTcpServer* existing = m_listeners.value(kExposedListener))
        return existing->serverPort();
    QTcpServer* server = newListener(true);
    if (!server->listen(host, port)) {
        *error = server->errorString();
        delete server;
        return 0;
    }
    connect(server, &QTcpServer::newConnection, this,
            [this, server] { onNewConnection(kExposedListener, server); });
    m_listeners.insert(kExposedListener, server);
    return server->serverPort();
}

// A listener whose clients may also speak TLS, when the worker has a certificate for them.
QTcpServer* ProxyWorker::newListener(bool tlsCapable)
{
    if (tlsCapable && m_serverTls)
        return new TlsListener(this);
    return new QTcpServer(this);
}

bool ProxyWorker::setServerTls(const TlsSettings& identity, QString* error)
{
    QSslConfiguration configuration;
    if (!TlsStream::configureServer(identity, &configuration, error) ||
        !TlsStream::configureServer(identity, &m_linkServerTls, error, true))
        return false;
    m_serverTls = configuration;
    return true;
}

// A client that speaks TLS gets the worker's certificate; the connection's bytes are then
// read and written through its QSslSocket. Returns whether the bytes waiting are RESP to
// read now.
bool ProxyWorker::decideTls(Connection* connection)
{
    const QSslConfiguration& server =
        m_linkListeners.contains(connection->clientId) ? m_linkServerTls : *m_serverTls;
    const TlsListener::Speaks speaks = TlsListener::startTlsIfAsked(connection->client, server);
    connection->tlsUndecided = speaks == TlsListener::Speaks::NotYet;
    connection->clientTls = speaks == TlsListener::Speaks::Tls;
    return speaks == TlsListener::Speaks::Plain;
}

void ProxyWorker::unexpose()
{
    Q_ASSERT(QThread::currentThread() == thread());
    delete m_listeners.take(kExposedListener); // connections made through it stay
}

void ProxyWorker::tagForeign(const QString& key, int clientId)
{
    if (clientId == 0)
        m_foreignIds.remove(key);
    else
        m_foreignIds.insert(key, clientId);
    for (auto& [serial, connection] : m_connections)
        if (connection->sniffer && connection->who.key == key)
            connection->clientId = clientId;
    onPartitionChanged();
}

void ProxyWorker::setHeld(const QSet<int>& clientIds)
{
    m_policy.setHeld(clientIds);
    std::vector<quint64> released;
    for (auto& [serial, connection] : m_connections)
        if (!isHeld(connection.get()))
            released.push_back(serial);
    for (const quint64 serial : released) {
        if (Connection* connection = findConnection(serial))
            dispatchDue(connection);
        if (Connection* connection = findConnection(serial)) // a send may have closed it
            dispatchDownDue(connection);
    }
}

bool ProxyWorker::isHeld(const Connection* connection) const
{
    return m_policy.isHeld(connection->clientId);
}

void ProxyWorker::releaseClient(int clientId)
{
    m_policy.forgetClient(clientId);
    m_linkListeners.remove(clientId);
    QTcpServer* server = m_listeners.take(clientId);
    if (!server)
        return;
    server->close();
    if (m_socketDir)
        QFile::remove(localPath(clientId)); // a closed Unix listener leaves its name behind
    server->deleteLater();                  // we may be inside its newConnection() signal

    std::vector<Connection*> ofClient;
    for (auto& [serial, connection] : m_connections)
        if (connection->clientId == clientId)
            ofClient.push_back(connection.get());
    for (Connection* connection : ofClient)
        closeConnection(connection, CloseMode::Abort);
}

void ProxyWorker::setPartition(bool all, const QSet<int>& clientIds)
{
    m_policy.setPartition(all, clientIds);
    onPartitionChanged();
}

void ProxyWorker::setLatency(int fixedMs, int jitterMs)
{
    m_policy.setLatency(fixedMs, jitterMs);
}

void ProxyWorker::setDropRate(double fraction)
{
    m_policy.setDropRate(fraction);
    if (fraction > 0.0)
        return;
    // Nothing is dropped any more: a command start held back for its decision goes now.
    for (auto& [serial, connection] : m_connections) {
        if (connection->held.isEmpty())
            continue;
        connection->committed = true;
        forward(connection.get(), std::exchange(connection->held, {}));
    }
}

// Sentinel's connections are never cut: the user's partition is of the replication link (and
// the clients), and Sentinel reached the node directly before it shared the link's listener.
bool ProxyWorker::isCut(const Connection* connection) const
{
    return !connection->sentinel && m_policy.isCut(connection->clientId);
}

bool ProxyWorker::delaysStream(const Connection* connection) const
{
    return !connection->sentinel && m_linkListeners.contains(connection->clientId);
}

// A replication link is one long TCP stream, and a cut of it holds its bytes, both ways, until
// healed, as TCP would (it retransmits what a partition lost; the connection stays up, and
// Redis's own repl-timeout ends it if the cut lasts). Losing them, as a client's requests
// are lost, would let the stream resume mid-command after the cut: the replica would apply
// it from there and stay behind by what was lost, its link up, for good.
bool ProxyWorker::holdsWhileCut(const Connection* connection) const
{
    return delaysStream(connection);
}

void ProxyWorker::holdWhileCut(Connection* connection, qsizetype bytes)
{
    connection->heldWhileCut += bytes;
    if (connection->heldWhileCut > kMaxHeldWhileCutBytes)
        closeConnection(connection, CloseMode::Abort);
}

// Healed: what the cut held goes on, in order.
void ProxyWorker::resumeHeld()
{
    std::vector<quint64> serials;
    for (auto& [serial, connection] : m_connections)
        if (connection->heldWhileCut > 0 && !isCut(connection.get()))
            serials.push_back(serial);
    for (const quint64 serial : serials) {
        Connection* connection = findConnection(serial); // a send may have closed one
        if (!connection)
            continue;
        connection->heldWhileCut = 0;
        dispatchDue(connection);
        if ((connection = findConnection(serial)))
            dispatchDownDue(connection);
    }
}

void ProxyWorker::onPartitionChanged()
{
    // Connections that a partition held back may go upstream now, if their client is
    // still there; a client that left during the cut was already cleaned up on its close.
    std::vector<Connection*> heldBack;
    for (auto& [serial, connection] : m_connections)
        if (!connection->upstream && !connection->closing && !connection->sorting &&
            !isCut(connection.get()))
            heldBack.push_back(connection.get());
    for (Connection* connection : heldBack) {
        if (connection->client->state() == QAbstractSocket::ConnectedState)
            connectUpstream(connection);
        else
            closeConnection(connection, CloseMode::Abort);
    }
    resumeHeld();
}

// ---------------------------------------------------------------------------------------
// Accepting and connecting upstream

void ProxyWorker::onNewConnection(int clientId, QTcpServer* server)
{
    while (QTcpSocket* socket = server->nextPendingConnection()) {
        socket->setParent(this); // outlives its listener only until releaseClient() aborts it
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        socket->setReadBufferSize(kReadBufferBytes);

        auto owned = std::make_unique<Connection>();
        Connection* connection = owned.get();
        connection->clientId = clientId;
        connection->serial = ++m_nextSerial;
        connection->client = socket;
        connection->acceptedUs = nowUs();
        connection->tlsUndecided = qobject_cast<QSslSocket*>(socket) != nullptr;
        if (clientId == kExposedListener) { // a foreign client: who is it?
            connection->sniffer = std::make_unique<ForeignSniffer>();
            connection->who = PeerIdentity::of(socket);
            connection->clientId = m_foreignIds.value(connection->who.key, 0);
            tellConnection(connection->who, true);
        }
        m_connections.emplace(connection->serial, std::move(owned));

        connect(socket, &QTcpSocket::readyRead, this,
                [this, connection] { onClientReadyRead(connection); });
        connect(socket, &QTcpSocket::disconnected, this,
                [this, connection] { closeConnection(connection, CloseMode::Graceful); });
        connect(socket, &QTcpSocket::errorOccurred, this,
                [this, connection, socket] { onSocketError(connection, socket); });
        connect(socket, &QTcpSocket::bytesWritten, this,
                [this, connection] { resumeReading(connection); });

        // A cut client's connection waits, unconnected upstream, for heal (onPartitionChanged).
        // On a link listener nobody is connected upstream before we know who is calling.
        connection->sorting = m_linkListeners.contains(clientId);
        if (!connection->sorting && !isCut(connection))
            connectUpstream(connection);
        setConnectionCount();
    }
}

void ProxyWorker::setUpstreamTls(const TlsSettings& settings)
{
    m_upstreamTls = settings;
}

// To the node: straight to the kernel when it is plain TCP (send()); through the QSslSocket,
// which encrypts, when the node speaks TLS.
void ProxyWorker::sendUp(Connection* connection, const QByteArray& bytes)
{
    if (!m_upstreamTls) {
        send(connection->upstream, bytes);
        return;
    }
    connection->upstream->write(bytes);
    connection->upstream->flush();
}

// To the client: the same, by its side's encryption.
void ProxyWorker::sendDown(Connection* connection, const QByteArray& bytes)
{
    if (!connection->clientTls) {
        send(connection->client, bytes);
        return;
    }
    connection->client->write(bytes);
    connection->client->flush();
}

// A TLS node: the connection is ready once the handshake is done; a certificate the check
// refuses is said to the client in TlsStream's words, as a direct connect would say it.
void ProxyWorker::connectUpstreamTls(Connection* connection)
{
    auto* upstream = static_cast<QSslSocket*>(connection->upstream);
    QSslConfiguration configuration;
    QString error;
    if (!TlsStream::configure(*m_upstreamTls, &configuration, &error)) {
        QMetaObject::invokeMethod(
            this,
            [this, serial = connection->serial, error] {
                if (Connection* pending = findConnection(serial); pending && !pending->closing)
                    failUpstream(pending, error);
            },
            Qt::QueuedConnection);
        return;
    }
    upstream->setSslConfiguration(configuration);
    const QString peerName =
        m_upstreamTls->serverName.isEmpty() ? m_upstreamHost : m_upstreamTls->serverName;
    connect(upstream, &QSslSocket::encrypted, this,
            [this, connection] { onUpstreamConnected(connection); });
    connect(upstream, &QSslSocket::sslErrors, this,
            [this, connection, peerName](const QList<QSslError>& errors) {
                if (!connection->closing && !errors.isEmpty())
                    failUpstream(connection, TlsStream::describe(errors.first(), peerName));
            });
    upstream->connectToHostEncrypted(m_upstreamHost, m_upstreamPort, peerName);
}

void ProxyWorker::connectUpstream(Connection* connection)
{
    QTcpSocket* upstream = m_upstreamTls ? new QSslSocket(this) : new QTcpSocket(this);
    upstream->setReadBufferSize(kReadBufferBytes);
    connection->upstream = upstream;
    if (!m_upstreamTls)
        connect(upstream, &QTcpSocket::connected, this,
                [this, connection] { onUpstreamConnected(connection); });
    connect(upstream, &QTcpSocket::readyRead, this,
            [this, connection] { onUpstreamReadyRead(connection); });
    connect(upstream, &QTcpSocket::disconnected, this,
            [this, connection] { closeConnection(connection, CloseMode::Graceful); });
    connect(upstream, &QTcpSocket::errorOccurred, this,
            [this, connection, upstream] { onSocketError(connection, upstream); });
    connect(upstream, &QTcpSocket::bytesWritten, this,
            [this, connection] { resumeReading(connection); });
    // QTcpSocket has no connect timeout of its own (a black-holed host keeps it trying for
    // minutes). The timer finds the connection by serial: it may be gone by then.
    const int timeoutMs = m_connectTimeoutMs;
    QTimer::singleShot(timeoutMs, this, [this, serial = connection->serial, timeoutMs] {
        Connection* pending = findConnection(serial);
        if (pending && !pending->upstreamConnected && !pending->closing)
            failUpstream(pending, ConnectError::timedOut(timeoutMs));
    });
    if (m_upstreamTls)
        connectUpstreamTls(connection);
    else
        upstream->connectToHost(m_upstreamHost, m_upstreamPort);
}

void ProxyWorker::onUpstreamConnected(Connection* connection)
{
    connection->upstreamConnected = true;
    // Socket options only stick once the socket exists, i.e. after connecting.
    connection->upstream->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    dispatchDue(connection); // what the client sent while we were connecting
}

// The client's TCP connect to us succeeded long ago, so it cannot learn the real reason
// from its own connect: we tell it in an error reply, in RedisConnection's words for a
// direct connect (see ConnectError), then close.
void ProxyWorker::failUpstream(Connection* connection, const QString& reason)
{
    if (connection->upstream) {
        // A TLS node's socket is connected by now (its handshake failed): aborting it would
        // report its disconnection, whose handler closes the client before it hears why.
        connection->upstream->disconnect(this);
        connection->upstream->abort(); // stops a connect still in progress
    }
    QTcpSocket* client = connection->client;
    // A cut client hears nothing, not even this.
    if (isCut(connection) || client->state() != QAbstractSocket::ConnectedState) {
        closeConnection(connection, CloseMode::Abort);
        return;
    }
    // Closing with unread bytes would send a reset instead of a FIN, and a reset may reach
    // the client before it has read our reply. What it sent is lost with the node anyway.
    const QByteArray unread = client->readAll();
    if (connection->sniffer) { // a foreign client's commands: answered with the node's reason
        QList<ForeignSniffer::Exchange> lost;
        connection->sniffer->fromClient(unread, nowUs(), false, &lost);
        const RedisReply down = RedisReply::error("node down: " + reason.toUtf8());
        for (ForeignSniffer::Exchange& x : lost)
            tellExchange({connection->who, connection->serial, std::move(x.command), down, x.sentUs,
                          x.repliedUs});
        // Nothing sent yet (a reconnect to a dead node, refused before the client's first
        // command): the refusal is still the node's answer to that client, or its lane would
        // never show the node's death (an exchange with no command; see ForeignExchange).
        if (lost.isEmpty())
            tellExchange(
                {connection->who, connection->serial, {}, down, connection->acceptedUs, nowUs()});
    }
    connection->queue.clear();
    connection->queuedUpBytes = 0;
    connection->held.clear();
    client->write(ConnectError::proxyReply(m_upstreamHost, m_upstreamPort, reason));
    closeConnection(connection, CloseMode::Graceful);
}

QString ProxyWorker::upstreamFailure(const QTcpSocket* upstream) const
{
    switch (upstream->error()) {
    case QAbstractSocket::ConnectionRefusedError:
        return ConnectError::refused();
    case QAbstractSocket::HostNotFoundError:
        return ConnectError::hostNotFound(m_upstreamHost);
    case QAbstractSocket::SocketTimeoutError:
        return ConnectError::timedOut(m_connectTimeoutMs);
    default: {
        QString text = upstream->errorString(); // "Network unreachable", ...
        if (!text.isEmpty())
            text[0] = text.at(0).toLower();
        return text;
    }
    }
}

// ---------------------------------------------------------------------------------------
// Client -> node: partition, drop (whole commands), latency

void ProxyWorker::onClientReadyRead(Connection* connection)
{
    if (connection->closing)
        return;
    if (upBacklog(connection) > kHighWaterBytes) {
        connection->clientStalled = true; // the node side drains it: resumeReading()
        return;
    }
    if (connection->tlsUndecided && !decideTls(connection))
        return;
    QByteArray bytes = connection->client->readAll();
    if (bytes.isEmpty())
        return;
    if (connection->sorting && !sort(connection, &bytes))
        return;
    // Forwarded first, followed after: the sniffer's work is not on the round trip. Nothing
    // else runs in this thread between the two, so what the sniffer hands on still comes
    // before any answer the node gives after this command.
    const qint64 sentUs = nowUs();
    const QByteArray followed = connection->sniffer ? bytes : QByteArray();
    // A cut loses the bytes: the node never answers those commands.
    const bool reachesNode =
        holdsWhileCut(connection) || (connection->upstream && !isCut(connection));
    fromClient(connection, std::move(bytes));
    if (!connection->sniffer || connection->finished)
        return;
    QList<ForeignSniffer::Exchange> lost;
    QList<QByteArrayList> releases =
        connection->sniffer->fromClient(followed, sentUs, reachesNode, &lost);
    // Commands a cut lost: the node never sees them, the client waits for nothing. Said at
    // once, so the client's lane shows the cut while it lasts.
    for (ForeignSniffer::Exchange& x : lost)
        tellExchange({connection->who, connection->serial, std::move(x.command), std::move(x.reply),
                      x.sentUs, x.repliedUs});
    if (!releases.isEmpty())
        tellRequests({connection->who, connection->serial, std::move(releases), sentUs});
}

// A connection to a replication-link listener: its bytes are held, unforwarded and with no
// upstream connection, until its first command says whether it is a Sentinel's (see
// SentinelSniffer; a replica's PING, or anything else, is the link). Then the connection is
// what it is from its first byte: a Sentinel's goes upstream with no fault, the link's as
// any client of that listener would (held back while cut). Returns whether `bytes` now holds
// everything held so far, to be forwarded; false while the verdict is still open.
bool ProxyWorker::sort(Connection* connection, QByteArray* bytes)
{
    connection->unsorted += *bytes;
    const SentinelSniffer::Verdict verdict = SentinelSniffer::classify(connection->unsorted);
    if (verdict == SentinelSniffer::Verdict::Undecided)
        return false;
    connection->sorting = false;
    connection->sentinel = verdict == SentinelSniffer::Verdict::Sentinel;
    *bytes = std::exchange(connection->unsorted, {});
    if (!isCut(connection))
        connectUpstream(connection);
    return true;
}

void ProxyWorker::fromClient(Connection* connection, QByteArray bytes)
{
    // Every byte goes through the framer, also those a partition discards, so that it always
    // knows where the next command starts.
    if (m_policy.dropRate() > 0.0 || !connection->held.isEmpty())
        bytes = keepWholeCommands(connection, bytes);
    else
        followUnframed(connection, bytes);
    if (!bytes.isEmpty())
        forward(connection, std::move(bytes));
}

// No drop: the chunk goes as it is, with no copy. The framer still follows it, so that
// when drop is switched on mid-stream it knows exactly where the next command starts, and
// whether the current one has already started going to the node (then it is completed).
// Following costs a scan of the command headers and inline lines, without copying or
// allocating; bulk payloads are skipped by their length. The alternative, starting to
// frame at the next chunk that looks like the start of a command ('*'), is cheaper still
// but wrong whenever a read happens to end inside a value and the next one starts with '*':
// it would cut that command in half, which is what dropping whole commands is meant to
// prevent.
void ProxyWorker::followUnframed(Connection* connection, const QByteArray& bytes)
{
    connection->framer.follow(bytes);
    connection->committed = !connection->framer.atBoundary();
}

// Dropping: each command is kept or dropped as a whole, decided when its last byte has
// arrived; until then its start is held here. Returns what may go on to the node.
QByteArray ProxyWorker::keepWholeCommands(Connection* connection, const QByteArray& bytes)
{
    RespFramer& framer = connection->framer;
    QByteArray& held = connection->held;
    QByteArray out;
    const char* data = bytes.constData();
    const qsizetype size = bytes.size();
    qsizetype start = 0; // where the current command begins in this chunk
    qsizetype pos = 0;
    while (pos < size && !framer.isBroken()) {
        bool ended = false;
        pos += framer.advance(data + pos, size - pos, &ended);
        if (!ended)
            continue;
        // A command whose start already went to the node is never cut in half.
        if (connection->committed || !shouldDrop(connection)) {
            out += held;
            out.append(data + start, pos - start);
        }
        held.clear();
        connection->committed = false;
        start = pos;
    }
    if (start == size)
        return out;
    // Not RESP: not ours to cut. The node answers it with its protocol error, as it would
    // without a proxy.
    if (framer.isBroken() || connection->committed) {
        out += std::exchange(held, {});
        out.append(data + start, size - start);
        connection->committed = !framer.isBroken();
        return out;
    }
    held.append(data + start, size - start);
    if (held.size() > kMaxHeldCommandBytes)
        cap(connection, tr("a command of over %1 MiB was held whole while commands are dropped")
                            .arg(kMaxHeldCommandBytes >> 20));
    return out;
}

void ProxyWorker::forward(Connection* connection, QByteArray bytes)
{
    // A cut network loses the packet; so does a held-back connection (it is only held
    // back while cut). A cut link holds it instead.
    const bool cut = isCut(connection);
    if (connection->closing || (!holdsWhileCut(connection) && (!connection->upstream || cut)))
        return;
    if (cut)
        holdWhileCut(connection, bytes.size());
    if (connection->closing) // held too much: aborted
        return;
    const qint64 delayUs = nextDelayUs(connection);
    // The fast path: no timer, no queue, no copy.
    if (delayUs == 0 && connection->queue.empty() && connection->upstreamConnected && !cut &&
        !isHeld(connection)) {
        sendUp(connection, bytes);
        return;
    }
    // Never overtake an earlier chunk, even one that drew a longer jitter.
    const qint64 sendAtUs = std::max(connection->lastSendAtUs, nowUs() + delayUs);
    connection->lastSendAtUs = sendAtUs;
    connection->queuedUpBytes += bytes.size();
    connection->queue.push_back({sendAtUs, std::move(bytes)});
    dispatchDue(connection);
}

void ProxyWorker::dispatchDue(Connection* connection)
{
    if (connection->closing || !connection->upstreamConnected)
        return; // connected() calls again
    if ((holdsWhileCut(connection) && isCut(connection)) || isHeld(connection))
        return; // held: resumeHeld() or setHeld() calls again
    const qint64 now = nowUs();
    auto& queue = connection->queue;
    while (!queue.empty() && queue.front().sendAtUs <= now) {
        // Checked at delivery: a partition also loses what was still in flight.
        if (!isCut(connection))
            sendUp(connection, queue.front().bytes);
        connection->queuedUpBytes -= queue.front().bytes.size();
        queue.pop_front();
    }
    if (!queue.empty())
        armTimer(connection, queue.front().sendAtUs - now);
    resumeReading(connection);
}

void ProxyWorker::armTimer(Connection* connection, qint64 inUs)
{
    if (!connection->timer) {
        connection->timer = new QTimer(this);
        connection->timer->setSingleShot(true);
        connection->timer->setTimerType(Qt::PreciseTimer);
        connect(connection->timer, &QTimer::timeout, this,
                [this, connection] { dispatchDue(connection); });
    }
    // Rounded up: a chunk may leave up to 1 ms late, never early.
    connection->timer->start(int((inUs + 999) / 1000));
}

bool ProxyWorker::shouldDrop(const Connection* connection)
{
    return !connection->sentinel && m_policy.drawDrop();
}

qint64 ProxyWorker::nextDelayUs(const Connection* connection)
{
    return connection->sentinel ? 0 : m_policy.drawDelayUs(connection->clientId);
}

void ProxyWorker::setClientDelay(int clientId, int ms)
{
    m_policy.setClientDelay(clientId, ms);
}

// ---------------------------------------------------------------------------------------
// Bounds: back-pressure and the cap

// What waits for the node: in the upstream socket's buffer, or in the delay queue.
qint64 ProxyWorker::upBacklog(const Connection* connection) const
{
    return connection->queuedUpBytes +
           (connection->upstream ? connection->upstream->bytesToWrite() : 0);
}

// What waits for the client.
qint64 ProxyWorker::downBacklog(const Connection* connection) const
{
    return connection->queuedDownBytes + connection->client->bytesToWrite();
}

// A peer took some bytes (or a queue gave them): a side left unread for its sake is read
// again once what waits for that peer is under the low-water mark.
void ProxyWorker::resumeReading(Connection* connection)
{
    if (connection->closing)
        return;
    if (connection->clientStalled && upBacklog(connection) < kLowWaterBytes) {
        connection->clientStalled = false;
        onClientReadyRead(connection);
    }
    if (!connection->closing && connection->upstreamStalled && connection->upstream &&
        downBacklog(connection) < kLowWaterBytes) {
        connection->upstreamStalled = false;
        onUpstreamReadyRead(connection);
    }
}

// Over a bound that waiting cannot keep: the connection is closed, and whoever watches the
// proxy is told why (the history says it).
void ProxyWorker::cap(Connection* connection, const QString& why)
{
    const QString who = connection->sniffer ? connection->who.label
                                            : QStringLiteral("client %1").arg(connection->clientId);
    tellCapped(tr("the connection of %1 was closed: %2").arg(who, why));
    closeConnection(connection, CloseMode::Abort);
}

// ---------------------------------------------------------------------------------------
// Node -> client, errors and closing

void ProxyWorker::onUpstreamReadyRead(Connection* connection)
{
    if (!connection->closing && downBacklog(connection) > kHighWaterBytes) {
        connection->upstreamStalled = true; // the client drains it: resumeReading()
        return;
    }
    QByteArray bytes = connection->upstream->readAll();
    if (bytes.isEmpty())
        return;
    const qint64 repliedUs = nowUs();
    const bool cut = isCut(connection);
    if (cut && (!holdsWhileCut(connection) || connection->closing)) {
        // Lost on the way to the client, but the node did what they answer: still followed.
        if (connection->sniffer)
            followForeign(connection, bytes, repliedUs, false);
        return;
    }
    // Sent first, followed after, as the client's commands are: the sniffer's work is not on
    // the round trip. Followed first only when the answer may name the connection (CLIENT):
    // a name can make it a client whose hold or cut decides where this very answer goes.
    if (connection->sniffer) {
        connection->unfollowed = bytes; // shared, not copied
        connection->unfollowedUs = repliedUs;
        if (connection->sniffer->mayNameItself())
            followUnfollowed(connection);
    }
    toClient(connection, std::move(bytes), cut);
    followUnfollowed(connection);
}

// Should sending the answer close the connection, finishIfClosed() follows it first: the node
// did answer, and the close must not report those commands unanswered.
void ProxyWorker::followUnfollowed(Connection* connection)
{
    if (connection->unfollowed.isEmpty())
        return;
    followForeign(connection, std::exchange(connection->unfollowed, {}), connection->unfollowedUs);
}

void ProxyWorker::toClient(Connection* connection, QByteArray bytes, bool cut)
{
    if (delaysStream(connection) && !connection->closing &&
        (cut || m_policy.latencyMs() > 0 || !connection->downQueue.empty())) {
        if (cut)
            holdWhileCut(connection, bytes.size());
        if (!connection->closing)
            forwardDown(connection, std::move(bytes), qint64(m_policy.latencyMs()) * 1000);
        return;
    }
    if (!connection->closing && (isHeld(connection) || !connection->downQueue.empty())) {
        forwardDown(connection, std::move(bytes), 0); // held: waits for setHeld()
        return;
    }
    if (connection->client->state() == QAbstractSocket::ConnectedState)
        sendDown(connection, bytes);
}

// What a foreign client's node answered: each reply paired with its command, and the
// commands a lock client's story is made of handed on (the engine makes history of them).
void ProxyWorker::followForeign(Connection* connection, const QByteArray& fromNode,
                                qint64 repliedUs, bool delivered)
{
    const QList<ForeignSniffer::Exchange> exchanges =
        connection->sniffer->fromServer(fromNode, repliedUs);
    const std::optional<QByteArray>& name = connection->sniffer->clientName();
    if (name && !connection->who.key.startsWith(QLatin1String("name:"))) {
        tellConnection(connection->who, false); // known by its name from now on
        connection->who = PeerIdentity::named(*name, connection->who);
        connection->clientId = m_foreignIds.value(connection->who.key, 0);
        tellConnection(connection->who, true);
    }
    // An answer a cut lost: for the client, that node never answered.
    static const RedisReply lost =
        RedisReply::error("no answer: the client is cut off from the node (its answer was lost)");
    for (const ForeignSniffer::Exchange& x : exchanges)
        tellExchange({connection->who, connection->serial, x.command, delivered ? x.reply : lost,
                      x.sentUs, x.repliedUs});
}

// A delayed (or held) stream to the client: each chunk `delayUs` later, in order, like
// forward().
void ProxyWorker::forwardDown(Connection* connection, QByteArray bytes, qint64 delayUs)
{
    const qint64 sendAtUs = std::max(connection->lastDownAtUs, nowUs() + delayUs);
    connection->lastDownAtUs = sendAtUs;
    connection->queuedDownBytes += bytes.size();
    connection->downQueue.push_back({sendAtUs, std::move(bytes)});
    dispatchDownDue(connection);
}

void ProxyWorker::dispatchDownDue(Connection* connection)
{
    if (connection->closing || isCut(connection) || isHeld(connection))
        return; // a link's cut, or a hold, keeps the stream: resumeHeld() or setHeld() again
    const qint64 now = nowUs();
    auto& queue = connection->downQueue;
    while (!queue.empty() && queue.front().sendAtUs <= now) {
        if (connection->client->state() == QAbstractSocket::ConnectedState)
            sendDown(connection, queue.front().bytes);
        connection->queuedDownBytes -= queue.front().bytes.size();
        queue.pop_front();
    }
    resumeReading(connection);
    if (queue.empty() || connection->closing)
        return;
    if (!connection->downTimer) {
        connection->downTimer = new QTimer(this);
        connection->downTimer->setSingleShot(true);
        connection->downTimer->setTimerType(Qt::PreciseTimer);
        connect(connection->downTimer, &QTimer::timeout, this,
                [this, connection] { dispatchDownDue(connection); });
    }
    connection->downTimer->start(int((queue.front().sendAtUs - now + 999) / 1000));
}

void ProxyWorker::onSocketError(Connection* connection, QTcpSocket* socket)
{
    // The node could not be reached at all: the client is told why.
    if (socket == connection->upstream && !connection->upstreamConnected && !connection->closing) {
        failUpstream(connection, upstreamFailure(socket));
        return;
    }
    // A peer's orderly close is reported as an "error" too; disconnected() follows, and the
    // other side gets an orderly close. Anything else (reset, ...) aborts both.
    if (socket->error() == QAbstractSocket::RemoteHostClosedError)
        closeConnection(connection, CloseMode::Graceful);
    else
        closeConnection(connection, CloseMode::Abort);
}

void ProxyWorker::closeConnection(Connection* connection, CloseMode mode)
{
    if (connection->finished)
        return;
    if (!connection->closing) {
        connection->closing = true;
        connection->queue.clear();
        connection->held.clear();
        connection->unsorted.clear();
        connection->downQueue.clear();
        connection->queuedUpBytes = connection->queuedDownBytes = 0;
        if (connection->timer)
            connection->timer->stop();
        if (connection->downTimer)
            connection->downTimer->stop();
        // The last reply a node sent before closing still belongs to the client.
        if (mode == CloseMode::Graceful && connection->upstreamConnected)
            onUpstreamReadyRead(connection);
    }
    for (QTcpSocket* socket : {connection->client, connection->upstream}) {
        // abort() and disconnectFromHost() may emit disconnected() right here, which
        // re-enters this function and can finish the connection.
        if (!socket || connection->finished)
            continue;
        switch (socket->state()) {
        case QAbstractSocket::UnconnectedState:
            break;
        case QAbstractSocket::ConnectedState:
            if (mode == CloseMode::Abort)
                socket->abort();
            else
                socket->disconnectFromHost(); // flushes what is still buffered first
            break;
        case QAbstractSocket::ClosingState: // already flushing; leave it unless aborting
            if (mode == CloseMode::Abort)
                socket->abort();
            break;
        default: // looking up or connecting: nothing worth waiting for
            socket->abort();
            break;
        }
    }
    finishIfClosed(connection);
    // Still flushing to a peer: give it a moment, not forever (a frozen peer reads nothing).
    if (!connection->finished && !connection->graceArmed) {
        connection->graceArmed = true;
        QTimer::singleShot(kCloseGraceMs, this, [this, serial = connection->serial] {
            if (Connection* lingering = findConnection(serial))
                closeConnection(lingering, CloseMode::Abort);
        });
    }
}

void ProxyWorker::finishIfClosed(Connection* connection)
{
    const auto isClosed = [](const QTcpSocket* socket) {
        return !socket || socket->state() == QAbstractSocket::UnconnectedState;
    };
    if (connection->finished || !isClosed(connection->client) || !isClosed(connection->upstream))
        return;
    connection->finished = true;
    followUnfollowed(connection); // answered before it closed
    if (connection->sniffer) {
        // What the client asked and never heard back: the node is gone (killed, or the
        // connection cut); its lane shows that node's answer as the error the client got.
        for (ForeignSniffer::Exchange& x : connection->sniffer->unanswered(
                 QByteArrayLiteral("node down: the connection closed before the answer"), nowUs()))
            tellExchange({connection->who, connection->serial, std::move(x.command),
                          std::move(x.reply), x.sentUs, x.repliedUs});
        tellConnection(connection->who, false);
    }
    for (QTcpSocket* socket : {connection->client, connection->upstream}) {
        if (!socket)
            continue;
        socket->disconnect(this);
        socket->deleteLater(); // we may be inside one of its signals
    }
    for (QTimer* timer : {connection->timer, connection->downTimer}) {
        if (!timer)
            continue;
        timer->disconnect(this);
        timer->stop();
        timer->deleteLater();
    }
    auto it = m_connections.find(connection->serial);
    if (it == m_connections.end())
        return;
    if (m_finished.empty())
        QMetaObject::invokeMethod(this, &ProxyWorker::purgeFinished, Qt::QueuedConnection);
    m_finished.push_back(std::move(it->second));
    m_connections.erase(it);
    setConnectionCount();
}

void ProxyWorker::purgeFinished()
{
    m_finished.clear();
}

void ProxyWorker::setConnectionCount()
{
    const int count = int(m_connections.size());
    m_connectionCount.store(count);
    emit connectionCountChanged(count);
}

ProxyWorker::Connection* ProxyWorker::findConnection(quint64 serial) const
{
    const auto it = m_connections.find(serial);
    return it == m_connections.end() ? nullptr : it->second.get();
}

// ---------------------------------------------------------------------------------------
// What the engine hears: through the thread's batch when there is one (PostBatch), so that a
// burst of commands wakes the engine once; in the order it happened either way.

void ProxyWorker::tell(std::function<void()> call)
{
    if (m_batch)
        m_batch->add(std::move(call));
    else
        call();
}

void ProxyWorker::tellConnection(const ForeignIdentity& who, bool open)
{
    tell([this, who, open] { emit foreignConnection(who, open); });
}

void ProxyWorker::tellExchange(ForeignExchange exchange)
{
    tell([this, exchange = std::move(exchange)] { emit foreignExchange(exchange); });
}

void ProxyWorker::tellRequests(ForeignRequests requests)
{
    tell([this, requests = std::move(requests)] { emit foreignRequests(requests); });
}

void ProxyWorker::tellCapped(const QString& text)
{
    tell([this, text] { emit connectionCapped(text); });
}
