#include "fleet/fleet.h"

#include "fleet/fleetnode.h"
#include "fleet/localfleet.h"

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
        onAddressesKnown(m_config.nodes);
        return;
    }
    RedisServerProcess::Options options;
    options.executable = m_config.redisServer;
    m_local = new LocalFleet(m_config.localNodeCount, options, this);
    connect(m_local, &LocalFleet::ready, this, [this] { onAddressesKnown(m_local->addresses()); });
    connect(m_local, &LocalFleet::failed, this, [this](const QString& error) {
        record(HistoryEvent::Kind::Error, error);
        emit failed(error);
    });
    for (int i = 0; i < m_config.localNodeCount; ++i)
        connect(m_local->node(i), &RedisServerProcess::stateChanged, this, &Fleet::changed);
    record(HistoryEvent::Kind::Info,
           tr("starting %1 local redis-server nodes").arg(m_config.localNodeCount));
    m_local->start();
}

void Fleet::stop()
{
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
        connect(node, &FleetNode::changed, this, &Fleet::changed);
        connect(node, &FleetNode::event, this, &Fleet::event);
        node->start(m_config.pollIntervalMs, {m_config.resource});
        m_nodes << node;
    }
    emit ready();
}

QList<NodeAddress> Fleet::addressesFor(int clientId, const QString& clientName) const
{
    QList<NodeAddress> routes;
    for (FleetNode* node : m_nodes)
        routes << node->addressFor(clientId, clientName);
    return routes;
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
    if (index < m_nodes.size())
        return m_nodes[index]->snapshot();
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

void Fleet::record(HistoryEvent::Kind kind, const QString& text)
{
    emit event(HistoryEvent::make(kind, text));
}
