#include "core/engine.h"

#include "fleet/fleetnode.h"
#include "record/history.h"
#include "fleet/localfleet.h"
#include "clients/lockclient.h"
#include "record/safetychecker.h"
#include "core/steadyclock.h"

#include <QHash>
#include <QTimer>
#include <algorithm>

namespace {
constexpr int FrameMs = 16; // snapshots at most ~60 times a second
constexpr int TokenPruneMs = 10000;

using Answer = CommandAnswer;

Answer fail(const QString& message)
{
    return CommandAnswer::refused(message);
}
} // namespace

class Engine::Private
{
public:
    Private(Engine* engine, const EngineConfig& config)
        : q(engine), config(config), history(clock), defaults{config.clientDefaults}
    {
        // Children of the engine, so they move to the engine thread with it.
        publishTimer = new QTimer(q);
        publishTimer->setSingleShot(true);
        publishTimer->setTimerType(Qt::PreciseTimer);
        QObject::connect(publishTimer, &QTimer::timeout, q, [this] { publish(); });
        pruneTimer = new QTimer(q);
        QObject::connect(pruneTimer, &QTimer::timeout, q, [this] { pruneTokens(); });
    }

    Engine* q;
    EngineConfig config;
    const Clock& clock = SteadyClock::instance();
    History history;
    SafetyChecker checker;
    ClientSettings defaults;
    LocalFleet* fleet = nullptr;
    QList<FleetNode*> nodes;
    QList<LockClient*> clients;
    int nextClientId = 1;
    bool running = false;
    // token -> (client, when issued): resolves a key's value back to its owner
    QHash<QByteArray, QPair<int, qint64>> tokenOwners;
    // per node: each client's latest answer from it
    QList<QHash<int, NodeSnapshot::ClientOutcome>> lastOutcomes;
    QTimer* publishTimer;
    QTimer* pruneTimer;
    qint64 lastPublishUs = -1'000'000;
    quint64 sequence = 0;
    qint64 lastDecisionUs = 0;

    RedisConnection::Options connectionOptions() const
    {
        RedisConnection::Options o;
        o.connectTimeoutMs = config.connectTimeoutMs;
        return o;
    }

    void record(HistoryEvent::Kind kind, const QString& detail, int node = -1, int client = -1)
    {
        HistoryEvent e;
        e.kind = kind;
        e.detail = detail;
        e.node = node;
        e.client = client;
        append(e);
    }

    // Every event passes here: into the history, past the checker, onto the next frame.
    void append(HistoryEvent e)
    {
        if (e.tUs == 0)
            e.tUs = clock.nowUs();
        if (e.kind == HistoryEvent::Kind::AttemptDecided)
            lastDecisionUs = e.tUs;
        const int before = int(checker.violations().size());
        checker.feed(e);
        history.append(e);
        if (checker.violations().size() > before)
            reportViolation(checker.violations().last());
        markDirty();
    }

    QString clientName(int id) const
    {
        for (const LockClient* client : clients)
            if (client->id() == id)
                return client->name();
        return QStringLiteral("client %1").arg(id);
    }

    void reportViolation(const Violation& v)
    {
        HistoryEvent e;
        e.kind = HistoryEvent::Kind::Error;
        e.client = v.secondClient;
        e.resource = v.resource;
        e.detail = QStringLiteral("MUTUAL EXCLUSION BROKEN: ") +
                   v.describe(clientName(v.firstClient), clientName(v.secondClient));
        history.append(e);
    }

    // Coalesces: any number of changes within a frame become one snapshot.
    void markDirty()
    {
        const qint64 sinceMs = (clock.nowUs() - lastPublishUs) / 1000;
        const int dueMs = int(std::clamp<qint64>(FrameMs - sinceMs, 0, FrameMs));
        if (!publishTimer->isActive() || publishTimer->remainingTime() > dueMs)
            publishTimer->start(dueMs);
    }

    // --- start and stop ---------------------------------------------------------------

    void start()
    {
        pruneTimer->start(TokenPruneMs);
        if (!config.usesLocalFleet()) {
            onNodesKnown(config.nodes);
            return;
        }
        RedisServerProcess::Options options;
        options.executable = config.redisServer;
        fleet = new LocalFleet(config.localNodeCount, options, q);
        QObject::connect(fleet, &LocalFleet::ready, q,
                         [this] { onNodesKnown(fleet->addresses()); });
        QObject::connect(fleet, &LocalFleet::failed, q, [this](const QString& error) {
            record(HistoryEvent::Kind::Error, error);
            emit q->startFailed(error);
        });
        for (int i = 0; i < config.localNodeCount; ++i)
            QObject::connect(fleet->node(i), &RedisServerProcess::stateChanged, q,
                             [this] { markDirty(); });
        record(HistoryEvent::Kind::Info,
               QStringLiteral("starting %1 local redis-server nodes").arg(config.localNodeCount));
        fleet->start();
    }

    void onNodesKnown(const QList<NodeAddress>& known)
    {
        lastOutcomes = QList<QHash<int, NodeSnapshot::ClientOutcome>>(known.size());
        for (int i = 0; i < known.size(); ++i) {
            RedisServerProcess* process = fleet ? fleet->node(i) : nullptr;
            auto* node = new FleetNode(i, known[i], process, connectionOptions(), clock, q);
            QObject::connect(node, &FleetNode::changed, q, [this] { markDirty(); });
            QObject::connect(node, &FleetNode::event, q,
                             [this](const HistoryEvent& e) { append(e); });
            node->start(config.pollIntervalMs, {config.resource});
            nodes << node;
        }
        running = true;
        for (int i = 0; i < config.initialClients; ++i)
            addClient({}, {});
        emit q->started();
        markDirty();
    }

    // Runs in the engine thread; afterwards no timer of ours is active, so the Engine
    // object may be deleted from the controller's thread once this thread has ended.
    void shutdown()
    {
        running = false;
        for (LockClient* client : std::as_const(clients))
            client->stop();
        clients.clear();
        // Removed clients may still wait for their deleteLater: delete them now too.
        qDeleteAll(q->findChildren<LockClient*>(Qt::FindDirectChildrenOnly));
        qDeleteAll(nodes);
        nodes.clear();
        if (fleet) {
            fleet->stop();
            delete fleet;
            fleet = nullptr;
        }
        publishTimer->stop();
        pruneTimer->stop();
    }

    // --- clients ------------------------------------------------------------------------

    LockClient* findClient(const QString& name) const
    {
        for (LockClient* client : clients)
            if (client->name().compare(name, Qt::CaseInsensitive) == 0)
                return client;
        return nullptr;
    }

    QList<LockClient*> clientsNamed(const QString& name, QString* error) const
    {
        if (name.compare(QLatin1String("all"), Qt::CaseInsensitive) == 0)
            return clients;
        if (LockClient* client = findClient(name))
            return {client};
        *error = QStringLiteral("no client named '%1'").arg(name);
        return {};
    }

    Answer addClient(QString name, const QStringList& assignments)
    {
        if (!running)
            return fail(QStringLiteral("the nodes are not up yet"));
        QString error;
        const auto settings = defaults.withAssignments(assignments, &error);
        if (!settings)
            return fail(error);
        const int id = nextClientId++;
        if (name.isEmpty())
            name = QStringLiteral("C%1").arg(id);
        if (findClient(name))
            return fail(QStringLiteral("a client named '%1' exists already").arg(name));
        QList<NodeAddress> routes;
        for (FleetNode* node : std::as_const(nodes))
            routes << node->addressFor(id, name);
        auto* client = new LockClient(id, name, routes, connectionOptions(), *settings,
                                      config.resource, clock, q);
        QObject::connect(client, &LockClient::event, q,
                         [this](const HistoryEvent& e) { append(e); });
        QObject::connect(client, &LockClient::tokenIssued, q, [this, id](const QByteArray& token) {
            tokenOwners.insert(token, {id, clock.nowUs()});
        });
        QObject::connect(client, &LockClient::nodeAnswered, q,
                         [this, id](int node, Redlock::Operation op, const NodeOutcome& outcome) {
                             // The cards show each client's latest acquisition attempt.
                             if (op == Redlock::Operation::Acquire)
                                 lastOutcomes[node][id] = {id, int(op), outcome};
                             nodes[node]->monitor()->refresh(); // show the key change at once
                         });
        clients << client;
        updateLargestTtl();
        record(HistoryEvent::Kind::ClientAdded, QStringLiteral("%1 added").arg(name), -1, id);
        client->start();
        return {true, QStringLiteral("%1 added").arg(name)};
    }

    Answer removeClient(const QString& name)
    {
        LockClient* client = findClient(name);
        if (!client)
            return fail(QStringLiteral("no client named '%1'").arg(name));
        client->stop();
        clients.removeOne(client);
        for (auto& outcomes : lastOutcomes)
            outcomes.remove(client->id());
        for (FleetNode* node : std::as_const(nodes))
            node->forgetClient(client->id());
        record(HistoryEvent::Kind::ClientRemoved, QStringLiteral("%1 removed").arg(name), -1,
               client->id());
        client->deleteLater();
        return {true, QStringLiteral("%1 removed").arg(name)};
    }

    Answer clientCommand(const QStringList& words)
    {
        const QString verb = words.value(1).toLower();
        if (verb == QLatin1String("add")) {
            QString name;
            QStringList assignments = words.mid(2);
            if (!assignments.isEmpty() && !assignments.first().contains(QLatin1Char('=')))
                name = assignments.takeFirst();
            return addClient(name, assignments);
        }
        if (words.size() < 3)
            return fail(QStringLiteral("usage: client add|remove|stop|start|set NAME|all ..."));
        if (verb == QLatin1String("remove"))
            return removeClient(words[2]);
        QString error;
        const QList<LockClient*> targets = clientsNamed(words[2], &error);
        if (!error.isEmpty())
            return fail(error);
        if (verb == QLatin1String("stop") || verb == QLatin1String("start")) {
            for (LockClient* client : targets)
                verb == QLatin1String("stop") ? client->stop() : client->start();
            return {true, QStringLiteral("%1 %2").arg(verb, words[2])};
        }
        if (verb == QLatin1String("set"))
            return setClients(targets, words.mid(3));
        if (verb == QLatin1String("crash") || verb == QLatin1String("pause") ||
            verb == QLatin1String("resume") || verb == QLatin1String("restart"))
            return clientFault(verb, targets, words.value(3));
        return fail(QStringLiteral("unknown client command '%1'").arg(verb));
    }

    Answer clientFault(const QString& verb, const QList<LockClient*>& targets,
                       const QString& argument)
    {
        int pauseMs = 0;
        if (verb == QLatin1String("pause") && !argument.isEmpty()) {
            bool ok = false;
            pauseMs = argument.toInt(&ok);
            if (!ok || pauseMs <= 0)
                return fail(QStringLiteral("usage: client pause NAME|all [MS] (MS > 0)"));
        }
        QStringList done;
        for (LockClient* client : targets) {
            using S = ClientSnapshot::State;
            const S state = client->state();
            const bool possible = (verb == QLatin1String("crash") && state != S::Crashed) ||
                                  (verb == QLatin1String("pause") && !client->isPaused() &&
                                   state != S::Crashed && state != S::Stopped) ||
                                  (verb == QLatin1String("resume") && client->isPaused()) ||
                                  (verb == QLatin1String("restart") && state == S::Crashed);
            if (!possible) {
                if (targets.size() == 1)
                    return fail(QStringLiteral("cannot %1 %2 while it is %3")
                                    .arg(verb, client->name(), ClientSnapshot::stateName(state)));
                continue;
            }
            if (verb == QLatin1String("crash"))
                client->crash();
            else if (verb == QLatin1String("pause"))
                client->pause(pauseMs);
            else if (verb == QLatin1String("resume"))
                client->resume();
            else
                client->restart();
            done << client->name();
        }
        return {true, QStringLiteral("%1: %2").arg(verb, done.join(QStringLiteral(", ")))};
    }

    // All or nothing: every target's new settings are checked before any is applied.
    Answer setClients(const QList<LockClient*>& targets, const QStringList& assignments)
    {
        QList<ClientSettings> updated;
        for (LockClient* client : targets) {
            QString error;
            const auto settings = client->settings().withAssignments(assignments, &error);
            if (!settings)
                return fail(QStringLiteral("%1: %2").arg(client->name(), error));
            updated << *settings;
        }
        for (int i = 0; i < targets.size(); ++i)
            targets[i]->setSettings(updated[i]);
        updateLargestTtl();
        markDirty();
        return {true, QStringLiteral("settings changed for %1 client(s)").arg(targets.size())};
    }

    Answer setDefaults(const QStringList& assignments)
    {
        QString error;
        const auto settings = defaults.withAssignments(assignments, &error);
        if (!settings)
            return fail(error);
        defaults = *settings;
        return {true,
                QStringLiteral("defaults: ") + defaults.toAssignments().join(QLatin1Char(' '))};
    }

    // --- nodes ---------------------------------------------------------------------------

    void updateLargestTtl()
    {
        int largest = defaults.lock.ttlMs;
        for (const LockClient* client : std::as_const(clients))
            largest = std::max(largest, client->settings().lock.ttlMs);
        for (FleetNode* node : std::as_const(nodes))
            node->setLargestTtlMs(largest);
    }

    int clientId(const QString& name) const
    {
        const LockClient* client = findClient(name);
        return client ? client->id() : -1;
    }

    // node VERB N [args]: checked here, carried out by the node (maybe asynchronously).
    void nodeCommand(const QStringList& words, const AnswerCallback& done)
    {
        static const QStringList verbs{
            QStringLiteral("kill"),    QStringLiteral("pause"),      QStringLiteral("resume"),
            QStringLiteral("restart"), QStringLiteral("shutdown"),   QStringLiteral("partition"),
            QStringLiteral("heal"),    QStringLiteral("latency"),    QStringLiteral("drop"),
            QStringLiteral("clock"),   QStringLiteral("persistence")};
        const QString verb = words.value(1).toLower();
        bool ok = false;
        const int number = words.value(2).toInt(&ok);
        if (!verbs.contains(verb) || !ok || number < 1 || number > nodes.size()) {
            done(fail(QStringLiteral("usage: node %1 N ... (N from 1 to %2)")
                          .arg(verbs.join(QLatin1Char('|')))
                          .arg(nodes.size())));
            return;
        }
        nodes[number - 1]->execute(
            verb, words.mid(3), [this](const QString& name) { return clientId(name); }, done);
    }

    // client partition NAME N [N...]: the client's connections to those nodes are cut.
    void clientPartition(const QStringList& words, const AnswerCallback& done)
    {
        const QString name = words.value(2);
        if (!findClient(name) || words.size() < 4) {
            done(fail(
                QStringLiteral("usage: client partition NAME N [N ...] (an existing client)")));
            return;
        }
        for (const QString& word : words.mid(3)) {
            const int number = word.toInt();
            if (number < 1 || number > nodes.size()) {
                done(fail(QStringLiteral("no node %1 (1 to %2)").arg(word).arg(nodes.size())));
                return;
            }
        }
        for (const QString& word : words.mid(3))
            nodes[word.toInt() - 1]->execute(
                QStringLiteral("partition"), {name},
                [this](const QString& n) { return clientId(n); }, [](const CommandAnswer&) {});
        done(CommandAnswer::done(QStringLiteral("%1 cut off from node(s) %2")
                                     .arg(name, words.mid(3).join(QStringLiteral(", ")))));
    }

    // --- commands -----------------------------------------------------------------------

    void execute(const QString& line, const AnswerCallback& done)
    {
        const QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const QString head = words.value(0).toLower();
        if (!running && head != QLatin1String("defaults")) {
            done(fail(QStringLiteral("the nodes are not up yet")));
            return;
        }
        if (head == QLatin1String("client") &&
            words.value(1).toLower() == QLatin1String("partition"))
            clientPartition(words, done);
        else if (head == QLatin1String("client"))
            done(clientCommand(words));
        else if (head == QLatin1String("node"))
            nodeCommand(words, done);
        else if (head == QLatin1String("defaults"))
            done(setDefaults(words.mid(1)));
        else if (words.isEmpty())
            done(fail(QStringLiteral("empty command")));
        else
            done(fail(
                QStringLiteral("unknown command '%1' (try: client, node, defaults)").arg(head)));
    }

    // --- snapshots ----------------------------------------------------------------------

    int ownerOf(const QByteArray& token) const
    {
        const auto it = tokenOwners.constFind(token);
        return it == tokenOwners.cend() ? -1 : it->first;
    }

    NodeSnapshot nodeSnapshot(int i) const
    {
        NodeSnapshot n = nodes[i]->snapshot();
        for (KeySnapshot& key : n.keys)
            key.ownerClient = ownerOf(key.token);
        n.lastOutcomes = lastOutcomes[i].values();
        return n;
    }

    // Before the nodes are known (a local fleet still starting): placeholders.
    NodeSnapshot startingNode(int i) const
    {
        NodeSnapshot n;
        n.index = i;
        n.local = true;
        n.state = NodeSnapshot::State::Starting;
        if (fleet)
            n.address = QStringLiteral("127.0.0.1:%1").arg(fleet->node(i)->port());
        return n;
    }

    ResourceSnapshot resourceSnapshot(const QList<NodeSnapshot>& nodes) const
    {
        ResourceSnapshot r;
        r.resource = config.resource;
        r.nodeCount = int(nodes.size());
        r.quorum = r.nodeCount / 2 + 1;
        QHash<QByteArray, ResourceSnapshot::Holder> holders;
        for (const NodeSnapshot& node : nodes) {
            for (const KeySnapshot& key : node.keys) {
                auto& holder = holders[key.token];
                holder.token = key.token;
                holder.client = key.ownerClient;
                ++holder.nodeCount;
            }
        }
        r.holders = holders.values();
        std::sort(r.holders.begin(), r.holders.end(),
                  [](const auto& a, const auto& b) { return a.nodeCount > b.nodeCount; });
        for (const LockClient* client : clients) {
            if (client->believesHolding()) {
                ++r.believingCount;
                if (r.believedHolder < 0 || client->lock().validUntilUs > r.believedValidUntilUs) {
                    r.believedHolder = client->id();
                    r.believedValidUntilUs = client->lock().validUntilUs;
                }
            }
        }
        return r;
    }

    void publish()
    {
        EngineSnapshot s;
        s.tUs = clock.nowUs();
        s.sequence = ++sequence;
        for (int i = 0; i < config.nodeCount(); ++i)
            s.nodes << (i < nodes.size() ? nodeSnapshot(i) : startingNode(i));
        for (const LockClient* client : std::as_const(clients))
            s.clients << client->snapshot();
        if (!nodes.isEmpty())
            s.resources << resourceSnapshot(s.nodes);
        s.newEvents = history.takeNew();
        s.eventCount = history.totalCount();
        s.eventsPerSecond = history.ratePerSecond(s.tUs);
        s.lastDecisionUs = lastDecisionUs;
        s.violationCount = int(checker.violations().size());
        if (!checker.isSafe()) {
            const Violation& v = checker.violations().last();
            s.lastViolation = v.describe(clientName(v.firstClient), clientName(v.secondClient));
        }
        lastPublishUs = s.tUs;
        emit q->snapshotReady(s);
        // Keep the counters and validity bars honest while anything is going on.
        if (!clients.isEmpty())
            publishTimer->start(250);
    }

    void pruneTokens()
    {
        // A key lives at most (extensions + 1) TTLs; keep owners a little longer than that.
        qint64 keepUs = 30'000'000;
        for (const LockClient* client : std::as_const(clients)) {
            const LockSettings& l = client->settings().lock;
            keepUs = std::max(keepUs, qint64(l.maxExtensions + 2) * l.ttlMs * 1000);
        }
        const qint64 now = clock.nowUs();
        tokenOwners.removeIf([&](auto it) { return now - it.value().second > keepUs; });
    }
};

Engine::Engine(const EngineConfig& config, QObject* parent)
    : QObject(parent), d(std::make_unique<Private>(this, config))
{}

Engine::~Engine()
{
    d->shutdown();
}

void Engine::start()
{
    d->start();
}

void Engine::shutdown()
{
    d->shutdown();
}

void Engine::execute(quint64 id, const QString& line)
{
    const QString trimmed = line.trimmed();
    d->execute(trimmed, [this, id, trimmed](const CommandAnswer& answer) {
        d->record(HistoryEvent::Kind::Command,
                  trimmed + (answer.ok ? QString() : QStringLiteral(" -> ") + answer.message));
        emit commandFinished(id, answer.ok, answer.message);
    });
}
