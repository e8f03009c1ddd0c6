#include "net/nodeproxy.h"

#include "core/steadyclock.h"

#include <QHostAddress>
#include <QStringList>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace {

// How long a graceful close may wait for a peer to take the last bytes before it is aborted.
constexpr int kCloseGraceMs = 2000;

qint64 nowUs()
{
    return SteadyClock::instance().nowUs();
}

} // namespace

NodeProxy::NodeProxy(const QString& upstreamHost, quint16 upstreamPort, QObject* parent)
    : QObject(parent), m_upstreamHost(upstreamHost), m_upstreamPort(upstreamPort),
      m_random(QRandomGenerator::global()->generate())
{}

NodeProxy::~NodeProxy()
{
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
    }
    m_connections.clear();
    m_finished.clear(); // their sockets were deleteLater()'d; ~QObject deletes the children
    for (QTcpServer* server : std::as_const(m_listeners)) {
        server->close();
        delete server;
    }
    m_listeners.clear();
}

quint16 NodeProxy::listenPort(int clientId, const QString& name)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (!name.isEmpty())
        m_names.insert(clientId, name);
    if (QTcpServer* existing = m_listeners.value(clientId)) {
        m_lastError.clear();
        return existing->serverPort();
    }
    auto* server = new QTcpServer(this);
    if (!server->listen(QHostAddress::LocalHost, 0)) {
        m_lastError = QStringLiteral("proxy to %1:%2: cannot listen on 127.0.0.1 for %3: %4")
                          .arg(m_upstreamHost)
                          .arg(m_upstreamPort)
                          .arg(clientName(clientId), server->errorString());
        delete server;
        return 0;
    }
    connect(server, &QTcpServer::newConnection, this,
            [this, clientId, server] { onNewConnection(clientId, server); });
    m_listeners.insert(clientId, server);
    m_lastError.clear();
    return server->serverPort();
}

void NodeProxy::releaseClient(int clientId)
{
    QTcpServer* server = m_listeners.take(clientId);
    if (!server)
        return;
    server->close();
    server->deleteLater(); // we may be inside its newConnection() signal

    std::vector<Connection*> ofClient;
    for (auto& [serial, connection] : m_connections)
        if (connection->clientId == clientId)
            ofClient.push_back(connection.get());
    for (Connection* connection : ofClient)
        closeConnection(connection, CloseMode::Abort);
}

bool NodeProxy::isClientPartitioned(int clientId) const
{
    return m_partitionAll || m_partitionedClients.contains(clientId);
}

void NodeProxy::setPartitioned(bool partitioned)
{
    if (m_partitionAll == partitioned)
        return;
    m_partitionAll = partitioned;
    onPartitionChanged();
}

void NodeProxy::setPartitionedClients(const QSet<int>& clientIds)
{
    if (m_partitionedClients == clientIds)
        return;
    m_partitionedClients = clientIds;
    onPartitionChanged();
}

void NodeProxy::setClientPartitioned(int clientId, bool partitioned)
{
    QSet<int> clientIds = m_partitionedClients;
    if (partitioned)
        clientIds.insert(clientId);
    else
        clientIds.remove(clientId);
    setPartitionedClients(clientIds);
}

void NodeProxy::heal()
{
    if (!m_partitionAll && m_partitionedClients.isEmpty())
        return;
    m_partitionAll = false;
    m_partitionedClients.clear();
    onPartitionChanged();
}

bool NodeProxy::setLatency(int fixedMs, int jitterMs)
{
    if (fixedMs < 0 || jitterMs < 0 || qint64(fixedMs) + jitterMs > kMaxDelayMs) {
        m_lastError = QStringLiteral("latency must be 0 or more ms and at most %1 ms in all "
                                     "(fixed + jitter), got %2 + %3 ms")
                          .arg(kMaxDelayMs)
                          .arg(fixedMs)
                          .arg(jitterMs);
        return false;
    }
    m_lastError.clear();
    if (fixedMs == m_latencyMs && jitterMs == m_jitterMs)
        return true;
    m_latencyMs = fixedMs;
    m_jitterMs = jitterMs;
    emit faultsChanged();
    return true;
}

bool NodeProxy::setDropRate(double fraction)
{
    if (!(fraction >= 0.0 && fraction <= 1.0)) { // also refuses NaN
        m_lastError = QStringLiteral("drop rate must be between 0 and 1, got %1").arg(fraction);
        return false;
    }
    m_lastError.clear();
    if (fraction == m_dropRate)
        return true;
    m_dropRate = fraction;
    emit faultsChanged();
    return true;
}

void NodeProxy::clearFaults()
{
    heal();
    setLatency(0, 0);
    setDropRate(0.0);
}

QString NodeProxy::faultDescription() const
{
    QStringList parts;
    if (m_partitionAll) {
        parts << QStringLiteral("partitioned from all clients");
    } else if (!m_partitionedClients.isEmpty()) {
        QList<int> ids(m_partitionedClients.cbegin(), m_partitionedClients.cend());
        std::sort(ids.begin(), ids.end());
        QStringList names;
        for (int id : ids)
            names << clientName(id);
        parts << QStringLiteral("partitioned from ") + names.join(QStringLiteral(", "));
    }
    if (m_jitterMs > 0)
        parts << QStringLiteral("latency %1\u00b1%2 ms").arg(m_latencyMs).arg(m_jitterMs);
    else if (m_latencyMs > 0)
        parts << QStringLiteral("latency %1 ms").arg(m_latencyMs);
    if (m_dropRate > 0.0)
        parts << QStringLiteral("drop %1%").arg(QString::number(m_dropRate * 100.0, 'g', 3));
    return parts.join(QStringLiteral("; "));
}

QString NodeProxy::clientName(int clientId) const
{
    const QString name = m_names.value(clientId);
    return name.isEmpty() ? QStringLiteral("client %1").arg(clientId) : name;
}

void NodeProxy::onNewConnection(int clientId, QTcpServer* server)
{
    while (QTcpSocket* socket = server->nextPendingConnection()) {
        socket->setParent(this); // outlives its listener only until releaseClient() aborts it
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);

        auto owned = std::make_unique<Connection>();
        Connection* connection = owned.get();
        connection->clientId = clientId;
        connection->serial = ++m_nextSerial;
        connection->client = socket;
        m_connections.emplace(connection->serial, std::move(owned));

        connect(socket, &QTcpSocket::readyRead, this,
                [this, connection] { onClientReadyRead(connection); });
        connect(socket, &QTcpSocket::disconnected, this,
                [this, connection] { closeConnection(connection, CloseMode::Graceful); });
        connect(socket, &QTcpSocket::errorOccurred, this,
                [this, connection, socket] { onSocketError(connection, socket); });

        // A cut client's connection waits, unconnected upstream, for heal (onPartitionChanged).
        if (!isClientPartitioned(clientId))
            connectUpstream(connection);
        emit connectionCountChanged(connectionCount());
    }
}

void NodeProxy::connectUpstream(Connection* connection)
{
    auto* upstream = new QTcpSocket(this);
    connection->upstream = upstream;
    connect(upstream, &QTcpSocket::connected, this, [this, connection, upstream] {
        // Socket options only stick once the socket exists, i.e. after connecting.
        upstream->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        dispatchDue(connection); // what the client sent while we were connecting
    });
    connect(upstream, &QTcpSocket::readyRead, this,
            [this, connection] { onUpstreamReadyRead(connection); });
    connect(upstream, &QTcpSocket::disconnected, this,
            [this, connection] { closeConnection(connection, CloseMode::Graceful); });
    connect(upstream, &QTcpSocket::errorOccurred, this,
            [this, connection, upstream] { onSocketError(connection, upstream); });
    upstream->connectToHost(m_upstreamHost, m_upstreamPort);
}

void NodeProxy::onClientReadyRead(Connection* connection)
{
    QByteArray bytes = connection->client->readAll();
    if (bytes.isEmpty() || connection->closing)
        return;
    // A cut network loses the packet; so does a held-back connection (it is only held
    // back while cut).
    if (!connection->upstream || isClientPartitioned(connection->clientId))
        return;
    if (shouldDrop())
        return;
    const qint64 delayUs = nextDelayUs();
    // The fast path: no timer, no queue, no copy.
    if (delayUs == 0 && connection->queue.empty() &&
        connection->upstream->state() == QAbstractSocket::ConnectedState) {
        connection->upstream->write(bytes);
        return;
    }
    // Never overtake an earlier chunk, even one that drew a longer jitter.
    const qint64 sendAtUs = std::max(connection->lastSendAtUs, nowUs() + delayUs);
    connection->lastSendAtUs = sendAtUs;
    connection->queue.push_back({sendAtUs, std::move(bytes)});
    dispatchDue(connection);
}

void NodeProxy::onUpstreamReadyRead(Connection* connection)
{
    const QByteArray bytes = connection->upstream->readAll();
    if (bytes.isEmpty() || isClientPartitioned(connection->clientId))
        return;
    if (connection->client->state() == QAbstractSocket::ConnectedState)
        connection->client->write(bytes);
}

void NodeProxy::onSocketError(Connection* connection, QTcpSocket* socket)
{
    // A peer's orderly close is reported as an "error" too; disconnected() follows, and the
    // other side gets an orderly close. Anything else (refused, reset, ...) aborts both.
    if (socket->error() == QAbstractSocket::RemoteHostClosedError)
        closeConnection(connection, CloseMode::Graceful);
    else
        closeConnection(connection, CloseMode::Abort);
}

void NodeProxy::dispatchDue(Connection* connection)
{
    if (connection->closing || !connection->upstream ||
        connection->upstream->state() != QAbstractSocket::ConnectedState)
        return; // connected() calls again
    const qint64 now = nowUs();
    auto& queue = connection->queue;
    while (!queue.empty() && queue.front().sendAtUs <= now) {
        // Checked at delivery: a partition also loses what was still in flight.
        if (!isClientPartitioned(connection->clientId))
            connection->upstream->write(queue.front().bytes);
        queue.pop_front();
    }
    if (!queue.empty())
        armTimer(connection, queue.front().sendAtUs - now);
}

void NodeProxy::armTimer(Connection* connection, qint64 inUs)
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

void NodeProxy::closeConnection(Connection* connection, CloseMode mode)
{
    if (connection->finished)
        return;
    if (!connection->closing) {
        connection->closing = true;
        connection->queue.clear();
        if (connection->timer)
            connection->timer->stop();
        // The last reply a node sent before closing still belongs to the client.
        if (mode == CloseMode::Graceful && connection->upstream)
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

void NodeProxy::finishIfClosed(Connection* connection)
{
    const auto isClosed = [](const QTcpSocket* socket) {
        return !socket || socket->state() == QAbstractSocket::UnconnectedState;
    };
    if (connection->finished || !isClosed(connection->client) || !isClosed(connection->upstream))
        return;
    connection->finished = true;
    for (QTcpSocket* socket : {connection->client, connection->upstream}) {
        if (!socket)
            continue;
        socket->disconnect(this);
        socket->deleteLater(); // we may be inside one of its signals
    }
    if (connection->timer) {
        connection->timer->disconnect(this);
        connection->timer->stop();
        connection->timer->deleteLater();
    }
    auto it = m_connections.find(connection->serial);
    if (it == m_connections.end())
        return;
    if (m_finished.empty())
        QMetaObject::invokeMethod(this, &NodeProxy::purgeFinished, Qt::QueuedConnection);
    m_finished.push_back(std::move(it->second));
    m_connections.erase(it);
    emit connectionCountChanged(connectionCount());
}

void NodeProxy::purgeFinished()
{
    m_finished.clear();
}

void NodeProxy::onPartitionChanged()
{
    // Connections that a partition held back may go upstream now, if their client is
    // still there; a client that left during the cut was already cleaned up on its close.
    std::vector<Connection*> heldBack;
    for (auto& [serial, connection] : m_connections)
        if (!connection->upstream && !connection->closing &&
            !isClientPartitioned(connection->clientId))
            heldBack.push_back(connection.get());
    for (Connection* connection : heldBack) {
        if (connection->client->state() == QAbstractSocket::ConnectedState)
            connectUpstream(connection);
        else
            closeConnection(connection, CloseMode::Abort);
    }
    emit faultsChanged();
}

NodeProxy::Connection* NodeProxy::findConnection(quint64 serial) const
{
    const auto it = m_connections.find(serial);
    return it == m_connections.end() ? nullptr : it->second.get();
}

bool NodeProxy::shouldDrop()
{
    if (m_dropRate <= 0.0)
        return false;
    return m_dropRate >= 1.0 || m_random.generateDouble() < m_dropRate;
}

qint64 NodeProxy::nextDelayUs()
{
    qint64 delayUs = qint64(m_latencyMs) * 1000;
    if (m_jitterMs > 0)
        delayUs += qint64(m_random.bounded(quint32(m_jitterMs) * 1000u + 1u));
    return delayUs;
}
