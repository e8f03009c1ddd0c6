// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/nodeproxy.h"

#include "base/logcategories.h"
#include "net/networkthread.h"
#include "net/proxyworker.h"

#include <QHostAddress>
#include <QRandomGenerator>
#include <QThread>

NodeProxy::NodeProxy(const QString& upstreamHost, quint16 upstreamPort, QObject* parent)
    : QObject(parent), m_upstreamHost(upstreamHost), m_upstreamPort(upstreamPort),
      m_network(NetworkThread::acquire()),
      m_worker(new ProxyWorker(upstreamHost, upstreamPort, QRandomGenerator::global()->generate())),
      m_local(new ProxyWorker(upstreamHost, upstreamPort, QRandomGenerator::global()->generate()))
{
    m_local->setParent(this); // it moves with us, should we move
    // Made here, parentless, so it can move; from now on only the network thread touches it.
    m_worker->moveToThread(m_network->thread());
    m_worker->setBatch(m_network->batch());
    // Queued: the count changes in the network thread, the signal belongs to ours.
    connect(
        m_worker, &ProxyWorker::connectionCountChanged, this,
        [this] { emit connectionCountChanged(connectionCount()); }, Qt::QueuedConnection);
    qRegisterMetaType<ForeignIdentity>();
    qRegisterMetaType<ForeignExchange>();
    connect(m_worker, &ProxyWorker::foreignConnection, this, &NodeProxy::foreignConnection,
            Qt::QueuedConnection);
    connect(m_worker, &ProxyWorker::foreignExchange, this, &NodeProxy::foreignExchange,
            Qt::QueuedConnection);
    qRegisterMetaType<ForeignRequests>();
    connect(m_worker, &ProxyWorker::foreignRequests, this, &NodeProxy::foreignRequests,
            Qt::QueuedConnection);
    connect(m_worker, &ProxyWorker::connectionCapped, this, &NodeProxy::connectionCapped,
            Qt::QueuedConnection);
    connect(m_local, &ProxyWorker::connectionCapped, this, &NodeProxy::connectionCapped,
            Qt::QueuedConnection);
    // Queued too, though in our thread: the count changes deep inside the worker's handlers.
    // Either worker's change is told as the sum of both.
    connect(
        m_local, &ProxyWorker::connectionCountChanged, this,
        [this] { emit connectionCountChanged(connectionCount()); }, Qt::QueuedConnection);
}

NodeProxy::~NodeProxy()
{
    // Deleted in its own thread, where its sockets and timers live. The call's receiver is
    // the network thread's own object, not the worker, so nothing touches it afterwards.
    // Count signals it queued for us before dying are dropped with this object's events.
    m_network->run([worker = m_worker] { delete worker; });
    m_worker = nullptr;
    delete m_local;
    m_local = nullptr;
    m_network.reset(); // the last proxy stops and joins the thread
}

void NodeProxy::inNetworkThread(const std::function<void(ProxyWorker&)>& call)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_network->run([this, &call] { call(*m_worker); });
}

void NodeProxy::inWorkers(const std::function<void(ProxyWorker&)>& call)
{
    call(*m_local);
    inNetworkThread(call);
}

quint16 NodeProxy::listenPort(int clientId, const QString& name)
{
    nameClient(clientId, name);
    if (const auto it = m_ports.constFind(clientId); it != m_ports.constEnd()) {
        setLastError({});
        return *it;
    }
    quint16 port = 0;
    QString error;
    inNetworkThread([&](ProxyWorker& worker) { port = worker.listen(clientId, &error); });
    setLastError(port == 0 ? listenError(clientId, QStringLiteral("listen on 127.0.0.1"), error)
                           : QString());
    if (port != 0)
        m_ports.insert(clientId, port);
    return port;
}

// The local worker is in our thread: asked directly, it answers from its own listeners.
QString NodeProxy::listenLocal(int clientId, const QString& name)
{
    nameClient(clientId, name);
    QString error;
    QString path = m_local->listenLocal(clientId, &error);
    setLastError(path.isEmpty()
                     ? listenError(clientId, QStringLiteral("open a local socket"), error)
                     : QString());
    return path;
}

QString NodeProxy::listenError(int clientId, const QString& what, const QString& error) const
{
    return QStringLiteral("proxy to %1:%2: cannot %3 for %4: %5")
        .arg(m_upstreamHost)
        .arg(m_upstreamPort)
        .arg(what, clientName(clientId), error);
}

void NodeProxy::releaseClient(int clientId)
{
    m_local->releaseClient(clientId); // an unknown id: nothing to close
    if (m_ports.remove(clientId))
        inNetworkThread([clientId](ProxyWorker& worker) { worker.releaseClient(clientId); });
}

quint16 NodeProxy::expose(const QString& host, quint16 port)
{
    // Exactly the address given: a name is resolved by the caller (ExposeAddress), and
    // anything that is not an address is refused here, never taken for "any" (a null
    // QHostAddress listens on every interface).
    const QHostAddress address(host);
    if (address.isNull()) {
        setLastError(QStringLiteral("cannot listen on %1:%2 for foreign clients: not an IP "
                                    "address")
                         .arg(host)
                         .arg(port));
        return 0;
    }
    QString error;
    quint16 opened = 0;
    inNetworkThread([&](ProxyWorker& worker) { opened = worker.expose(address, port, &error); });
    if (opened == 0) {
        setLastError(QStringLiteral("cannot listen on %1:%2 for foreign clients: %3")
                         .arg(host)
                         .arg(port)
                         .arg(error));
        return 0;
    }
    m_exposedPort = opened;
    setLastError({});
    return opened;
}

void NodeProxy::unexpose()
{
    inNetworkThread([](ProxyWorker& worker) { worker.unexpose(); });
    m_exposedPort = 0;
}

// Posted, not waited for: a new foreign client must not make this thread wait for the network
// thread (thousands of short-lived clients would stall the simulated ones). A fault set later
// waits for the network thread, so it runs after the tag (calls to one thread keep their order).
void NodeProxy::tagForeign(const QString& key, int clientId)
{
    m_local->tagForeign(key, clientId);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, key, clientId] { worker->tagForeign(key, clientId); },
        Qt::QueuedConnection);
}

void NodeProxy::applyHeld(const QSet<int>& clientIds)
{
    qCDebug(lcProxy) << upstreamPort() << "held (paused) clients" << clientIds;
    inWorkers([&](ProxyWorker& worker) { worker.setHeld(clientIds); });
}

int NodeProxy::connectionCount() const
{
    return m_worker->connectionCount() + m_local->connectionCount();
}

void NodeProxy::applyPartition(bool all, const QSet<int>& clientIds)
{
    qCDebug(lcProxy) << upstreamPort() << "partition: all" << all << "clients" << clientIds;
    inWorkers([&](ProxyWorker& worker) { worker.setPartition(all, clientIds); });
}

void NodeProxy::applyLatency(int fixedMs, int jitterMs)
{
    qCDebug(lcProxy) << upstreamPort() << "latency" << fixedMs << "ms, jitter" << jitterMs;
    inWorkers([fixedMs, jitterMs](ProxyWorker& worker) { worker.setLatency(fixedMs, jitterMs); });
}

void NodeProxy::applyClientDelay(int clientId, int ms)
{
    qCDebug(lcProxy) << upstreamPort() << "client" << clientId << "delayed" << ms << "ms";
    inWorkers([clientId, ms](ProxyWorker& worker) { worker.setClientDelay(clientId, ms); });
}

void NodeProxy::setReplicationLink(int clientId)
{
    inNetworkThread([clientId](ProxyWorker& worker) { worker.setReplicationLink(clientId); });
}

void NodeProxy::applyDropRate(double fraction)
{
    qCDebug(lcProxy) << upstreamPort() << "drop rate" << fraction;
    inWorkers([fraction](ProxyWorker& worker) { worker.setDropRate(fraction); });
}

bool NodeProxy::setUpstreamConnectTimeout(int ms)
{
    if (ms < 1 || ms > kMaxDelayMs) {
        setLastError(QStringLiteral("the upstream connect timeout must be 1 to %1 ms, got %2 ms")
                         .arg(kMaxDelayMs)
                         .arg(ms));
        return false;
    }
    setLastError({});
    if (ms == m_connectTimeoutMs)
        return true;
    m_connectTimeoutMs = ms;
    inWorkers([ms](ProxyWorker& worker) { worker.setUpstreamConnectTimeout(ms); });
    return true;
}

void NodeProxy::setUpstreamTls(const TlsSettings& settings)
{
    inWorkers([settings](ProxyWorker& worker) { worker.setUpstreamTls(settings); });
}

bool NodeProxy::setServerTls(const TlsSettings& identity)
{
    QString error;
    bool ok = false;
    // Only the network thread's worker has exposed and link listeners.
    inNetworkThread([&identity, &error, &ok](ProxyWorker& worker) {
        ok = worker.setServerTls(identity, &error);
    });
    setLastError(error);
    return ok;
}

void NodeProxy::applySeed(quint32 seed)
{
    // The app's clients draw from the seed itself, so a seeded run drops the same commands
    // whatever foreign clients do; the network worker from a stream of its own.
    m_local->setRandomSeed(seed);
    inNetworkThread([seed](ProxyWorker& worker) { worker.setRandomSeed(~seed); });
}
