// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleet.h"

#include "fleet/fleetnode.h"
#include "fleet/localfleet.h"
#include "fleet/nodemonitor.h"
#include "fleet/replicatedtopology.h"
#include "fleet/throwawayca.h"
#include "net/sentinelgate.h"

Fleet::Fleet(const EngineConfig& config, const RedisConnection::Options& options,
             const Clock& clock, QObject* parent)
    : QObject(parent), m_config(config), m_options(options), m_clock(clock)
{}

Fleet::~Fleet()
{
    stop();
}

void Fleet::start()
{
    if (!m_config.usesLocalFleet()) {
        if (m_config.usesTls())
            recordTls();
        onAddressesKnown(m_config.nodes);
        return;
    }
    if (m_config.replicated()) {
        // Refused before anything starts: nothing is left running for a missing binary.
        QString error;
        if (RedisServerProcess::findSentinelExecutable(m_config.redisSentinel, &error).isEmpty()) {
            QMetaObject::invokeMethod(
                this, [this, error] { fail(error); }, Qt::QueuedConnection);
            return;
        }
    }
    const int count = m_config.nodeCount();
    RedisServerProcess::Options options;
    options.executable = m_config.redisServer;
    if (m_config.localTls && !startTls(&options))
        return;
    m_local = new LocalFleet(count, options, this);
    connect(m_local, &LocalFleet::ready, this, [this] { onAddressesKnown(m_local->addresses()); });
    connect(m_local, &LocalFleet::failed, this, &Fleet::fail);
    for (int i = 0; i < count; ++i)
        connect(m_local->node(i), &RedisServerProcess::stateChanged, this, &Fleet::changed);
    record(HistoryEvent::Kind::Info, m_config.replicated()
                                         ? tr("starting a master, its replica and %1 Sentinels")
                                               .arg(ReplicatedTopology::SentinelCount)
                                         : tr("starting %1 local redis-server nodes").arg(count));
    m_local->start();
}

const ThrowawayCa* Fleet::runCa(QString* error)
{
    if (!m_ca)
        m_ca = std::make_unique<ThrowawayCa>();
    if (!m_ca->ok()) {
        *error = m_ca->error();
        return nullptr;
    }
    return m_ca.get();
}

// --tls: the local nodes speak TLS only, with the run's CA, and the app reaches them as
// rediss:// nodes trusting it (RedisServerProcess::address()). Refused before anything starts
// when the CA cannot be made.
bool Fleet::startTls(RedisServerProcess::Options* options)
{
    QString error;
    const ThrowawayCa* ca = runCa(&error);
    if (!ca) {
        QMetaObject::invokeMethod(
            this, [this, error] { fail(tr("--tls: %1").arg(error)); }, Qt::QueuedConnection);
        return false;
    }
    ca->applyTo(options);
    record(HistoryEvent::Kind::Info,
           m_config.replicated()
               ? tr("TLS only on the local nodes and Sentinels, replication and Sentinel's links "
                    "in TLS too, with a CA made for this run (%1)")
                     .arg(ca->caFile())
               : tr("TLS only on the local nodes, with a CA made for this run (%1)")
                     .arg(ca->caFile()));
    return true;
}

std::optional<TlsSettings> Fleet::exposedIdentity(QString* error)
{
    // Only a --tls run: a listener that may speak TLS wraps every connection in a QSslSocket,
    // whose plain bytes pass a second socket object (measured: 1-15 % fewer requests per
    // second through an exposed port), and a CA is made for the run. A plain run's foreign
    // clients keep the plain path (the proxy's speed is issue 31's figure).
    if (!m_config.localTls) {
        *error = tr("start the run with --tls for TLS on them");
        return std::nullopt;
    }
    const ThrowawayCa* ca = runCa(error);
    if (!ca)
        return std::nullopt;
    return ca->identity();
}

// A TLS replica and TLS Sentinels dial a node's link listener in TLS, and TLS clients its
// exposed port: both answer in TLS with the run's certificate, and in plain to whoever speaks
// plain. Set before either listener opens.
void Fleet::serveTls(FleetNode* node)
{
    QString error;
    if (const std::optional<TlsSettings> identity = exposedIdentity(&error))
        node->serveTls(*identity);
}

void Fleet::stop()
{
    if (m_topology) {
        delete m_topology; // stops the Sentinels by pid
        m_topology = nullptr;
    }
    qDeleteAll(m_nodes);
    m_nodes.clear();
    if (m_local) {
        m_local->stop();
        delete m_local;
        m_local = nullptr;
    }
}

void Fleet::onAddressesKnown(const QList<NodeAddress>& addresses)
{
    for (int i = 0; i < addresses.size(); ++i) {
        RedisServerProcess* process = m_local ? m_local->node(i) : nullptr;
        auto* node = new FleetNode(i, addresses[i], process, m_options, m_clock, this);
        node->setClientsViaProxy(m_config.clientPath == EngineConfig::ClientPath::Proxy);
        connect(node, &FleetNode::changed, this, &Fleet::changed);
        connect(node, &FleetNode::happened, this, &Fleet::happened);
        connect(node, &FleetNode::foreignConnection, this, &Fleet::foreignConnection);
        connect(node, &FleetNode::foreignExchange, this, &Fleet::foreignExchange);
        connect(node, &FleetNode::foreignRequests, this, &Fleet::foreignRequests);
        node->monitor()->setWatchReplication(m_config.replicated());
        if (m_config.localTls)
            serveTls(node);
        node->start(m_config.pollIntervalMs, {m_config.resource});
        m_nodes << node;
    }
    if (m_config.replicated())
        startReplication(addresses);
    else if (m_local)
        emit ready();
    else
        awaitFirstAnswers();
}

// The user's own nodes: ready once each has answered or failed once, so that a run against
// nodes none of which can be used (a wrong password, connection refused, a host not found)
// does not start at all: it fails with each node's reason (exit 2), rather than running with
// every node down.
void Fleet::awaitFirstAnswers()
{
    for (FleetNode* node : std::as_const(m_nodes)) {
        const int index = node->index();
        // Read as the failure is told (synchronously): a later attempt starts afresh.
        const RedisConnection* connection = node->monitor()->connection();
        connect(node->monitor(), &NodeMonitor::upChanged, this,
                [this, index, connection](bool up, const QString& error) {
                    onFirstAnswer(index, up, error, !up && connection->tlsRefused());
                });
    }
}

void Fleet::onFirstAnswer(int index, bool up, const QString& error, bool tlsRefused)
{
    if (m_firstAnswers.contains(index) || m_firstAnswers.size() == m_nodes.size())
        return; // a later change of a node, or the decision was made
    m_firstAnswers.insert(index, {up ? QString() : error, tlsRefused});
    if (m_firstAnswers.size() < m_nodes.size())
        return;
    QStringList why;
    QStringList tls;
    bool anyUp = false;
    for (auto it = m_firstAnswers.cbegin(); it != m_firstAnswers.cend(); ++it) {
        if (it->error.isEmpty()) { // one node up is enough to run (the others show down)
            anyUp = true;
            continue;
        }
        const QString line =
            tr("node %1 (%2): %3")
                .arg(it.key() + 1)
                .arg(m_nodes.at(it.key())->monitor()->address().display(), it->error);
        why << line;
        if (it->tlsRefused)
            tls << line;
    }
    // A TLS set-up the node refuses (its certificate, ours, a plain port) is no fault to
    // watch: the run would show a node down for the whole run. It stops the start.
    if (!tls.isEmpty())
        fail(tr("TLS failed: %1").arg(tls.join(QStringLiteral("; "))));
    else if (anyUp)
        emit ready();
    else
        fail(tr("none of the lock nodes can be used: %1").arg(why.join(QStringLiteral("; "))));
}

void Fleet::startReplication(const QList<NodeAddress>& addresses)
{
    QString error;
    RedisServerProcess::Options sentinel;
    sentinel.executable =
        RedisServerProcess::findSentinelExecutable(m_config.redisSentinel, &error);
    if (m_config.localTls) // made by startTls()
        m_ca->applyTo(&sentinel);
    m_topology = new ReplicatedTopology(sentinel, m_options, m_clock, this);
    connect(m_topology, &ReplicatedTopology::happened, this, &Fleet::happened);
    connect(m_topology, &ReplicatedTopology::changed, this, &Fleet::changed);
    connect(m_topology, &ReplicatedTopology::failed, this, &Fleet::fail);
    connect(m_topology, &ReplicatedTopology::ready, this, [this] { emit ready(); });
    // Every node gets a link listener: node 2 dials node 1's, the Sentinels know each node by
    // its own, and after a failover the old master dials the new master's. So `node latency|
    // partition N` reach the link whichever node is master.
    QList<NodeAddress> links;
    for (FleetNode* node : std::as_const(m_nodes)) {
        QString linkError;
        const std::optional<NodeAddress> link =
            node->openReplicationLink(ReplicationLinkId, ReplicationLinkName, &linkError);
        if (!link) {
            fail(linkError);
            return;
        }
        links << *link;
        // A restarted node announces its link listener too (CONFIG SET is lost with the
        // process): else Sentinel would learn it anew by its own port and point a replica there.
        if (m_local)
            m_local->node(node->index())->setExtraArgs(ReplicatedTopology::announceArgs(*link));
    }
    m_topology->start(addresses, links);
}

std::optional<FailoverTopology> Fleet::failoverTopology() const
{
    if (!m_topology || !m_topology->snapshot().ready)
        return std::nullopt;
    FailoverTopology topology;
    topology.masterName = ReplicatedTopology::MasterName;
    topology.sentinels = m_topology->sentinelAddresses();
    for (const FleetNode* node : m_nodes) {
        topology.nodePorts << node->monitor()->address().port;
        topology.linkPorts << node->linkPort();
    }
    return topology;
}

void Fleet::fail(const QString& error)
{
    // Nothing is left running (nodes and Sentinels, by pid), but not from inside the signal
    // of the part that failed: it is deleted by stop().
    QMetaObject::invokeMethod(this, &Fleet::stop, Qt::QueuedConnection);
    record(HistoryEvent::Kind::Error, error);
    emit failed(error);
}

SentinelSnapshot Fleet::sentinels() const
{
    return m_topology ? m_topology->snapshot() : SentinelSnapshot{};
}

void Fleet::failover(int node, const AnswerCallback& done)
{
    if (!m_topology) {
        done(CommandAnswer::refused(tr("failover needs the replicated topology (--topology "
                                       "replicated); these are independent masters")));
        return;
    }
    const int master = m_topology->snapshot().masterNode;
    if (master >= 0 && node != master) {
        done(CommandAnswer::refused(tr("node %1 is not the master; the Sentinels name node %2")
                                        .arg(node + 1)
                                        .arg(master + 1)));
        return;
    }
    m_topology->failover(done);
}

std::optional<QList<NodeRoute>> Fleet::routesFor(int clientId, const QString& clientName,
                                                 QString* error) const
{
    QList<NodeRoute> routes;
    for (FleetNode* node : m_nodes) {
        const std::optional<NodeRoute> route = node->routeFor(clientId, clientName, error);
        if (!route) {
            for (FleetNode* opened : m_nodes)
                opened->forgetClient(clientId);
            return std::nullopt;
        }
        routes << *route;
    }
    return routes;
}

std::optional<QList<NodeAddress>> Fleet::expose(const QString& host, quint16 port, QString* error)
{
    QList<NodeAddress> exposed;
    for (FleetNode* node : std::as_const(m_nodes)) {
        const std::optional<NodeAddress> address =
            node->expose(host, port == 0 ? 0 : quint16(port + node->index()), error);
        if (!address) {
            unexpose(); // all the ports or none: a second try starts from a clean slate
            return std::nullopt;
        }
        exposed << *address;
    }
    return exposed;
}

void Fleet::unexpose()
{
    for (FleetNode* node : std::as_const(m_nodes))
        node->unexpose();
}

std::optional<QList<NodeAddress>> Fleet::exposeSentinels(const QString& host, quint16 port,
                                                         const QList<NodeAddress>& nodes,
                                                         QString* error)
{
    if (!m_topology)
        return QList<NodeAddress>{};
    // Sentinel names a node by its link listener; its own port is mapped too, should a
    // Sentinel ever learn it by that (docs/failover.md).
    QHash<quint16, quint16> ports;
    for (int i = 0; i < m_nodes.size() && i < nodes.size(); ++i) {
        ports.insert(m_nodes[i]->linkPort(), nodes[i].port);
        ports.insert(m_nodes[i]->monitor()->address().port, nodes[i].port);
    }
    if (!m_sentinelGate)
        m_sentinelGate = new SentinelGate(this);
    QString noTls; // the exposed nodes' own ports say it
    return m_sentinelGate->open(host, port, m_topology->sentinelAddresses(), ports, error,
                                exposedIdentity(&noTls));
}

void Fleet::unexposeSentinels()
{
    if (m_sentinelGate)
        m_sentinelGate->close();
}

int Fleet::sentinelCount() const
{
    return m_config.replicated() ? ReplicatedTopology::SentinelCount : 0;
}

void Fleet::tagForeign(const QString& key, int clientId)
{
    for (FleetNode* node : std::as_const(m_nodes))
        node->tagForeign(key, clientId);
}

void Fleet::setClientHeld(int clientId, bool held)
{
    for (FleetNode* node : std::as_const(m_nodes))
        node->setClientHeld(clientId, held);
}

void Fleet::forgetClient(int clientId)
{
    for (FleetNode* node : std::as_const(m_nodes))
        node->forgetClient(clientId);
}

void Fleet::setLargestTtlMs(int ttlMs)
{
    for (FleetNode* node : std::as_const(m_nodes))
        node->setLargestTtlMs(ttlMs);
}

void Fleet::setSeed(quint64 seed)
{
    for (FleetNode* node : std::as_const(m_nodes))
        node->setRandomSeed(quint32(seed + quint64(node->index()) * 7919));
}

NodeSnapshot Fleet::snapshot(int index) const
{
    if (index < m_nodes.size()) {
        NodeSnapshot n = m_nodes[index]->snapshot();
        const NodeMonitor* monitor = m_nodes[index]->monitor();
        n.role = monitor->role();
        n.replOffset = monitor->replicationOffset();
        n.replLinkUp = monitor->replicationLinkUp();
        n.linkPort = m_nodes[index]->linkPort();
        n.replMasterPort = monitor->replicationMasterPort();
        n.replMasterNode = nodeOfPort(n.replMasterPort);
        // A replica's lag: how far its master's offset is ahead of what it has applied.
        const FleetNode* master = m_nodes.value(n.replMasterNode);
        if (n.role == QLatin1String("replica") && n.replOffset >= 0 && master &&
            master != m_nodes[index] && master->monitor()->role() == QLatin1String("master"))
            n.replLagBytes =
                std::max<qint64>(0, master->monitor()->replicationOffset() - n.replOffset);
        return n;
    }
    NodeSnapshot n;
    n.index = index;
    n.local = m_config.usesLocalFleet();
    n.state = NodeSnapshot::State::Starting;
    if (m_local)
        n.address = QStringLiteral("127.0.0.1:%1").arg(m_local->node(index)->port());
    else if (index < m_config.nodes.size())
        n.address = m_config.nodes[index].display();
    return n;
}

// A replica names its master by the port it dials: the master's link listener, or its own.
int Fleet::nodeOfPort(quint16 port) const
{
    for (const FleetNode* node : m_nodes)
        if (port != 0 && (port == node->linkPort() || port == node->monitor()->address().port))
            return node->index();
    return -1;
}

// How the rediss:// nodes and storage are reached, first in the history: a run whose
// certificates were not checked says so where the class and the run file see it.
void Fleet::recordTls()
{
    const TlsSettings& tls = m_config.tls;
    if (tls.insecure) {
        record(HistoryEvent::Kind::Error,
               tr("TLS WITHOUT verification (--tls-insecure): the traffic to the rediss:// nodes "
                  "is encrypted, but their certificates are not checked, so anyone in between "
                  "could pose as a node"));
        return;
    }
    record(HistoryEvent::Kind::Info,
           tr("TLS to the rediss:// nodes, their certificates checked against %1")
               .arg(tls.caFile.isEmpty() ? tr("the system's CAs") : tls.caFile));
}

void Fleet::record(HistoryEvent::Kind kind, const QString& text)
{
    emit happened(HistoryEvent::make(kind, text));
}
