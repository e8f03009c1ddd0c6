// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/clientregistry.h"

#include "base/enumnames.h"
#include "clients/lockclient.h"
#include "lock/lockstrategy.h"
#include "lock/strategyfactory.h"
#include "net/redissubscriber.h"
#include "storage/stockaccess.h"

namespace {

// Each client's seed mixes the scenario's seed with its id (splitmix64's constant), so two
// clients never share a random stream and a replay gives each the same one.
quint64 clientSeed(quint64 seed, int id)
{
    return seed ^ (quint64(id) * 0x9E3779B97F4A7C15ULL);
}

} // namespace

ClientRegistry::ClientRegistry(const QByteArray& resource, const ClientSettings& defaults,
                               const RedisConnection::Options& options, const Clock& clock,
                               QObject* parent)
    : QObject(parent), m_resource(resource), m_defaults(defaults), m_options(options),
      m_clock(clock)
{}

ClientRegistry::~ClientRegistry()
{
    shutdown();
}

// Nothing, and *error, when the client cannot be routed to every node or its strategy
// cannot run on them.
LockClient* ClientRegistry::create(int id, const QString& name, const ClientSettings& settings,
                                   QString* error)
{
    const std::optional<QList<NodeRoute>> routes = m_routes(id, name, error);
    if (!routes)
        return nullptr;
    QList<RedisConnection*> connections;
    QList<NodeChannel*> channels;
    for (const NodeRoute& route : *routes) {
        auto* connection = new RedisConnection(route.address, m_options, m_clock);
        connection->setGate(route.gate, route.clientId);
        if (m_cutOff) {
            const int node = int(connections.size());
            connection->setSilenceReason(
                [cutOff = m_cutOff, id, name, node] { return cutOff(id, name, node); });
        }
        connections << connection;
        channels << connection;
    }
    LockStrategy* strategy = build(settings.strategy, channels, error);
    if (!strategy) {
        qDeleteAll(connections);
        return nullptr;
    }
    giveSubscriber(strategy, settings.strategy, *routes);
    auto* client =
        new LockClient(id, name, strategy, connections, settings, m_resource, m_clock, this);
    if (m_seed)
        client->setRandomSeed(clientSeed(*m_seed, id));
    connect(client, &LockClient::happened, this, &ClientRegistry::happened);
    connect(client, &LockClient::tokenIssued, this,
            [this, id](const QByteArray& token) { emit tokenIssued(id, token); });
    connect(client, &LockClient::nodeAnswered, this,
            [this, id](int node, HistoryEvent::Operation operation, const NodeOutcome& outcome) {
                emit nodeAnswered(id, node, operation, outcome);
            });
    return client;
}

void ClientRegistry::setSeed(quint64 seed)
{
    m_seed = seed;
    for (LockClient* client : std::as_const(m_clients)) {
        client->setRandomSeed(clientSeed(seed, client->id()));
        applyDelays(client);
    }
}

void ClientRegistry::applyDelays(LockClient* client)
{
    if (m_delays)
        m_delays(client->id(), client->networkDelays());
}

bool ClientRegistry::canRun(Strategy::Kind kind, QString* why) const
{
    return StrategyFactory::canRun(kind, m_topology && m_topology(), why);
}

LockStrategy* ClientRegistry::build(Strategy::Kind kind, const QList<NodeChannel*>& channels,
                                    QString* error) const
{
    const std::optional<FailoverTopology> topology =
        m_topology ? m_topology() : std::optional<FailoverTopology>();
    return StrategyFactory::create(kind, channels, topology ? &*topology : nullptr, m_clock, error);
}

// A new strategy over the client's existing connections (the nodes do not change).
LockStrategy* ClientRegistry::strategyFor(int id, const ClientSettings& settings)
{
    QString error;
    QList<NodeChannel*> channels;
    LockClient* client = nullptr;
    for (LockClient* c : std::as_const(m_clients))
        if (c->id() == id)
            client = c;
    if (client)
        for (RedisConnection* connection : client->connections())
            channels << connection;
    LockStrategy* strategy = build(settings.strategy, channels, &error);
    if (!strategy || !client)
        return strategy;
    // The client's routes exist (it was made with them): this only looks them up.
    if (const std::optional<QList<NodeRoute>> routes = m_routes(id, client->name(), &error))
        giveSubscriber(strategy, settings.strategy, *routes);
    return strategy;
}

// wait=pubsub needs a connection of its own to the node the strategy locks on (a
// subscribed context sends no lock commands), through the same route as the client's
// others, so the node's latency and partition apply to it too. Made for the rungs that can
// wait for a release, owned by the strategy, opened only when a waiter first subscribes.
void ClientRegistry::giveSubscriber(LockStrategy* strategy, Strategy::Kind kind,
                                    const QList<NodeRoute>& routes) const
{
    const int node = strategy->nodesUsed().value(0, 0);
    if (!Strategy::canWaitForRelease(kind) || node >= routes.size())
        return;
    strategy->setSubscriber(new RedisSubscriber(routes.at(node), m_options, m_clock, strategy));
}

void ClientRegistry::giveStock(LockClient* client)
{
    client->setStock(m_storage ? new StockAccess(*m_storage, m_options, m_clock) : nullptr);
}

void ClientRegistry::setStorage(const std::optional<NodeAddress>& storage)
{
    const bool changed = storage.has_value() != m_storage.has_value();
    m_storage = storage;
    if (changed)
        for (LockClient* client : std::as_const(m_clients))
            giveStock(client);
}

CommandAnswer ClientRegistry::add(QString name, const QStringList& assignments, LockClient** added)
{
    QString error;
    const auto settings = m_defaults.withAssignments(assignments, &error);
    if (!settings)
        return CommandAnswer::refused(error);
    const int id = m_nextId;
    if (name.isEmpty())
        name = QStringLiteral("C%1").arg(id);
    if (find(name))
        return CommandAnswer::refused(tr("a client named '%1' exists already").arg(name));
    QString why;
    if (!canRun(settings->strategy, &why))
        return CommandAnswer::refused(why);
    LockClient* client = create(id, name, *settings, &why);
    if (!client)
        return CommandAnswer::refused(tr("%1 not added: %2").arg(name, why));
    ++m_nextId;
    m_clients << client;
    HistoryEvent e = HistoryEvent::forClient(HistoryEvent::Kind::ClientAdded, id);
    e.text = name;
    emit happened(e);
    if (m_storage)
        giveStock(client);
    applyDelays(client);
    emit settingsChanged();
    client->start();
    if (added)
        *added = client;
    return CommandAnswer::done(tr("%1 added").arg(name) + fencingNote({client}));
}

CommandAnswer ClientRegistry::remove(const QString& name)
{
    LockClient* client = find(name);
    if (!client)
        return CommandAnswer::refused(tr("no client named '%1'").arg(name));
    client->stop();
    m_clients.removeOne(client);
    HistoryEvent e = HistoryEvent::forClient(HistoryEvent::Kind::ClientRemoved, client->id());
    e.text = client->name();
    emit happened(e);
    emit clientRemoved(client->id());
    client->deleteLater();
    emit settingsChanged();
    return CommandAnswer::done(tr("%1 removed").arg(name));
}

// All or nothing: every target's new settings are checked before any is applied.
CommandAnswer ClientRegistry::set(const QList<LockClient*>& targets, const QStringList& assignments)
{
    QList<ClientSettings> updated;
    for (LockClient* client : targets) {
        QString error;
        const auto settings = client->settings().withAssignments(assignments, &error);
        if (!settings)
            return CommandAnswer::refused(QStringLiteral("%1: %2").arg(client->name(), error));
        updated << *settings;
    }
    for (const ClientSettings& settings : std::as_const(updated)) {
        QString why;
        if (!canRun(settings.strategy, &why))
            return CommandAnswer::refused(why);
    }
    for (int i = 0; i < targets.size(); ++i) {
        const bool newStrategy = targets[i]->settings().strategy != updated[i].strategy;
        targets[i]->setSettings(updated[i]);
        if (newStrategy)
            targets[i]->setStrategy(strategyFor(targets[i]->id(), updated[i]));
        applyDelays(targets[i]);
    }
    emit settingsChanged();
    return CommandAnswer::done(
        tr("settings changed for %n client(s)", nullptr, int(targets.size())) +
        fencingNote(targets));
}

// fencing=on on a rung with no token to fence with (none, setnx, setnx-expire) does
// nothing: the answer says so rather than let the user expect rejected stale writes.
QString ClientRegistry::fencingNote(const QList<LockClient*>& clients)
{
    QStringList unfenced;
    for (const LockClient* c : clients)
        if (c->settings().lock.fencing && !Strategy::canFence(c->settings().strategy))
            unfenced << QStringLiteral("%1 (%2)").arg(c->name(),
                                                      Strategy::name(c->settings().strategy));
    if (unfenced.isEmpty())
        return {};
    return tr(" · fencing=on does nothing for %1: its rung hands out no token to fence with")
        .arg(unfenced.join(QStringLiteral(", ")));
}

CommandAnswer ClientRegistry::setDefaults(const QStringList& assignments)
{
    QString error;
    const auto settings = m_defaults.withAssignments(assignments, &error);
    if (!settings)
        return CommandAnswer::refused(error);
    m_defaults = *settings;
    emit settingsChanged();
    return CommandAnswer::done(tr("defaults: %1").arg(m_defaults.toAssignments().join(' ')));
}

CommandAnswer ClientRegistry::fault(const QString& verb, const QList<LockClient*>& targets,
                                    int pauseMs, const QString& moment)
{
    // The parser checked the word against the same names.
    const auto when =
        EnumNames::parse<LockClient::Moment>(moment).value_or(LockClient::Moment::BeforeWrite);
    QStringList done;
    for (LockClient* client : targets) {
        const QString why = client->whyNot(verb);
        if (!why.isEmpty()) {
            if (targets.size() == 1)
                return CommandAnswer::refused(why);
            continue;
        }
        if (verb == QLatin1String("crash") && !moment.isEmpty())
            client->armCrash(when);
        else if (verb == QLatin1String("crash"))
            client->crash();
        else if (verb == QLatin1String("pause") && !moment.isEmpty())
            client->armPause(when, pauseMs);
        else if (verb == QLatin1String("pause"))
            client->pause(pauseMs);
        else if (verb == QLatin1String("resume"))
            client->resume();
        else
            client->restart();
        done << client->name();
    }
    const QString what = moment.isEmpty() ? verb : tr("%1 armed %2").arg(verb, moment);
    return CommandAnswer::done(QStringLiteral("%1: %2").arg(what, done.join(QStringLiteral(", "))));
}

void ClientRegistry::startAll(const QList<LockClient*>& targets)
{
    for (LockClient* client : targets)
        client->start();
}

void ClientRegistry::stopAll(const QList<LockClient*>& targets)
{
    for (LockClient* client : targets)
        client->stop();
}

void ClientRegistry::shutdown()
{
    for (LockClient* client : std::as_const(m_clients))
        client->stop();
    qDeleteAll(m_clients);
    m_clients.clear();
    // Removed clients may still wait for their deleteLater: delete them now too.
    qDeleteAll(findChildren<LockClient*>(Qt::FindDirectChildrenOnly));
}

LockClient* ClientRegistry::find(const QString& name) const
{
    for (LockClient* client : m_clients)
        if (client->name().compare(name, Qt::CaseInsensitive) == 0)
            return client;
    return nullptr;
}

QList<LockClient*> ClientRegistry::named(const QString& nameOrAll, QString* error) const
{
    if (nameOrAll.compare(QLatin1String("all"), Qt::CaseInsensitive) == 0)
        return m_clients;
    if (LockClient* client = find(nameOrAll))
        return {client};
    *error = tr("no client named '%1'").arg(nameOrAll);
    return {};
}

int ClientRegistry::idOf(const QString& name) const
{
    const LockClient* client = find(name);
    return client ? client->id() : -1;
}

QString ClientRegistry::nameOf(int id) const
{
    for (const LockClient* client : m_clients)
        if (client->id() == id)
            return client->name();
    return QStringLiteral("C%1").arg(id);
}

int ClientRegistry::largestTtlMs() const
{
    int largest = m_defaults.lock.ttlMs;
    for (const LockClient* client : m_clients)
        largest = std::max(largest, client->settings().lock.ttlMs);
    return largest;
}

qint64 ClientRegistry::longestKeyLifeUs() const
{
    qint64 keepUs = 30'000'000;
    for (const LockClient* client : m_clients) {
        const LockSettings& l = client->settings().lock;
        keepUs = std::max(keepUs, qint64(l.maxExtensions + 2) * l.ttlMs * 1000);
    }
    return keepUs;
}
