// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"
#include "model/commandanswer.h"
#include "model/failovertopology.h"
#include "model/historyevent.h"
#include "model/nodeaddress.h"
#include "model/nodeoutcome.h"
#include "net/noderoute.h"
#include "net/redisconnection.h"

#include <QList>
#include <QObject>
#include <functional>
#include <optional>

class Clock;
class LockClient;
class LockStrategy;
class NodeChannel;

// The simulated clients: added, found by name, changed, faulted and removed. Each client
// gets its own connections (each through its node's fault gate) and its own lock strategy.
class ClientRegistry : public QObject
{
    Q_OBJECT

public:
    // Where client (id, name) reaches each node; nothing, and *error, when it cannot.
    using Routes =
        std::function<std::optional<QList<NodeRoute>>(int id, const QString& name, QString* error)>;

    ClientRegistry(const QByteArray& resource, const ClientSettings& defaults,
                   const RedisConnection::Options& options, const Clock& clock,
                   QObject* parent = nullptr);
    ~ClientRegistry() override;

    void setRoutes(Routes routes) { m_routes = std::move(routes); }
    // The replicated topology while the Sentinels agree (the failover rung runs on it).
    using Topology = std::function<std::optional<FailoverTopology>()>;
    void setTopology(Topology topology) { m_topology = std::move(topology); }
    // Where each client's network delays to the nodes go (the nodes' gates).
    using Delays = std::function<void(int id, const QList<int>& delaysMs)>;
    void setDelays(Delays delays) { m_delays = std::move(delays); }
    // Why the app itself cuts client (id, name) off from node `node` (its partition), or "".
    using CutOff = std::function<QString(int id, const QString& name, int node)>;
    void setCutOff(CutOff cutOff) { m_cutOff = std::move(cutOff); }
    // A scenario's seed: every client's random choices derive from it (and the client's id).
    void setSeed(quint64 seed);
    // Once a stock exists, every client (and every later one) buys from the storage.
    void setStorage(const std::optional<NodeAddress>& storage);

    // `added`: the new client (nullptr when refused).
    CommandAnswer add(QString name, const QStringList& assignments, LockClient** added = nullptr);
    CommandAnswer remove(const QString& name);
    CommandAnswer set(const QList<LockClient*>& targets, const QStringList& assignments);
    CommandAnswer setDefaults(const QStringList& assignments);
    // crash, pause, resume, restart; pauseMs 0: until resumed; `moment` (before-write,
    // before-expire, before-delete) arms the crash or pause for that moment instead of now.
    CommandAnswer fault(const QString& verb, const QList<LockClient*>& targets, int pauseMs = 0,
                        const QString& moment = {});
    void startAll(const QList<LockClient*>& targets);
    void stopAll(const QList<LockClient*>& targets);
    void shutdown(); // stops (releasing) and deletes every client

    LockClient* find(const QString& name) const;
    // One client by name, or every client for "all"; empty with *error otherwise.
    QList<LockClient*> named(const QString& nameOrAll, QString* error) const;
    const QList<LockClient*>& all() const { return m_clients; }
    int idOf(const QString& name) const;
    QString nameOf(int id) const;
    const ClientSettings& defaults() const { return m_defaults; }
    int largestTtlMs() const;
    // The longest a key of ours can live: (extensions + 1) TTLs, and some more.
    qint64 longestKeyLifeUs() const;

signals:
    void happened(const HistoryEvent& event);
    void tokenIssued(int client, const QByteArray& token);
    void nodeAnswered(int client, int node, HistoryEvent::Operation operation,
                      const NodeOutcome& outcome);
    void clientRemoved(int client);
    void settingsChanged();

private:
    static QString fencingNote(const QList<LockClient*>& clients);
    LockClient* create(int id, const QString& name, const ClientSettings& settings, QString* error);
    bool canRun(Strategy::Kind kind, QString* why) const;
    LockStrategy* build(Strategy::Kind kind, const QList<NodeChannel*>& channels,
                        QString* error) const;
    LockStrategy* strategyFor(int id, const ClientSettings& settings);
    void giveSubscriber(LockStrategy* strategy, Strategy::Kind kind,
                        const QList<NodeRoute>& routes) const;
    void giveStock(LockClient* client);
    void applyDelays(LockClient* client);

    QByteArray m_resource;
    ClientSettings m_defaults;
    RedisConnection::Options m_options;
    const Clock& m_clock;
    Routes m_routes;
    CutOff m_cutOff;
    Topology m_topology;
    Delays m_delays;
    std::optional<NodeAddress> m_storage;
    std::optional<quint64> m_seed;
    QList<LockClient*> m_clients;
    int m_nextId = 1;
};
