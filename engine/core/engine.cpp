#include "core/engine.h"

#include "clients/clientregistry.h"
#include "clients/lockclient.h"
#include "clients/tokenowners.h"
#include "commands/commandcatalogue.h"
#include "commands/commanddispatcher.h"
#include "core/constants.h"
#include "core/enumnames.h"
#include "core/filebudget.h"
#include "core/steadyclock.h"
#include "fleet/fleet.h"
#include "fleet/fleetnode.h"
#include "fleet/nodemonitor.h"
#include "lock/strategyfactory.h"
#include "record/recorder.h"
#include "record/runwriter.h"
#include "scenario/scenarioparser.h"
#include "snapshot/snapshotbuilder.h"
#include "storage/storage.h"

#include <QEventLoop>
#include <QTimer>
#include <algorithm>

namespace {
constexpr int TokenPruneMs = 10000;
constexpr int BusySnapshotMs = 250; // counters and validity bars stay honest while clients run
constexpr int ExitReleaseWaitMs = 1500;

using Answer = CommandAnswer;
using Parsed = ParsedCommand;
} // namespace

class Engine::Private
{
public:
    Private(Engine* engine, const EngineConfig& config)
        : q(engine), config(config), recorder(clock, engine),
          fleet(config, connectionOptions(), clock, engine),
          storage(config.storage, config.redisServer, connectionOptions(), clock, engine),
          clients(config.resource, config.clientDefaults, connectionOptions(), clock, engine),
          builder(config.resource, fleet, clients, storage, recorder, owners),
          dispatcher([this] { return parseContext(); }),
          scripts(runnerHooks(), clock, false, engine), console(runnerHooks(), clock, true, engine)
    {
        wire();
        wireRunner(scripts);
        wireRunner(console);
        registerCommands();
        startRecording();
    }

    Engine* q;
    EngineConfig config;
    const Clock& clock = SteadyClock::instance();
    Recorder recorder;
    Fleet fleet;
    Storage storage;
    ClientRegistry clients;
    TokenOwners owners;
    SnapshotBuilder builder;
    CommandDispatcher dispatcher;
    ScenarioRunner scripts;                  // --scenario, --exec, File → Open scenario
    ScenarioRunner console;                  // the console's lines
    std::optional<Scenario> pendingScenario; // given before the nodes were up
    std::unique_ptr<RunWriter> runWriter;    // the run on disk as it happens (config.recordPath)
    QTimer publishTimer;
    QTimer pruneTimer;
    qint64 lastPublishUs = -1'000'000;
    bool running = false;
    int pendingStarts = 2; // the fleet and the storage

    CommandParser::Context parseContext() const { return {fleet.plannedSize()}; }

    ScenarioRunner::Hooks runnerHooks()
    {
        ScenarioRunner::Hooks h;
        h.runCommand = [this](const ParsedCommand& c, const AnswerCallback& done) {
            if (!running)
                done(Answer::refused(QStringLiteral("the nodes are not up yet")));
            else
                dispatcher.execute(c, done);
        };
        h.client = [this](const QString& name) -> std::optional<ClientSnapshot> {
            const LockClient* c = clients.find(name);
            return c ? std::optional<ClientSnapshot>(c->snapshot()) : std::nullopt;
        };
        h.counters = [this](const QString& name) {
            return name.isEmpty() ? recorder.checker().counters()
                                  : recorder.checker().counters(clients.idOf(name));
        };
        h.applySeed = [this](quint64 seed) {
            clients.setSeed(seed);
            fleet.setSeed(seed);
        };
        h.record = [this](const HistoryEvent& e) { recorder.append(e); };
        return h;
    }

    // Every step a runner finishes is in the history as the line it ran, so a run holds its
    // own script (and what was typed in the console can be saved as a scenario).
    void wireRunner(ScenarioRunner& runner)
    {
        QObject::connect(&recorder, &Recorder::recorded, &runner, &ScenarioRunner::onEvent);
        QObject::connect(&runner, &ScenarioRunner::stepStarted, q,
                         [this](const QString& origin, int line, const QString& text) {
                             stepText.insert(origin, text);
                             emit q->stepStarted(origin, line, text);
                         });
        QObject::connect(&runner, &ScenarioRunner::stepFinished, q,
                         [this](const QString& origin, int line, bool ok, const QString& message) {
                             recordStep(origin, line, ok, message);
                             emit q->stepFinished(origin, line, ok, message);
                         });
        QObject::connect(&runner, &ScenarioRunner::narration, q, &Engine::narration);
    }

    void recordStep(const QString& origin, int line, bool ok, const QString& message)
    {
        HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Command, stepText.value(origin));
        e.code = ok ? 1 : 0;
        e.note = message;
        e.line = line;
        recorder.append(e);
    }
    QHash<QString, QString> stepText; // origin -> the line under way

    RedisConnection::Options connectionOptions() const
    {
        RedisConnection::Options o;
        o.connectTimeoutMs = config.connectTimeoutMs;
        return o;
    }

    void wire()
    {
        // Children of the engine, so they move to the engine thread with it.
        publishTimer.setParent(q);
        pruneTimer.setParent(q);
        publishTimer.setSingleShot(true);
        publishTimer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&publishTimer, &QTimer::timeout, q, [this] { publish(); });
        QObject::connect(&pruneTimer, &QTimer::timeout, q,
                         [this] { owners.prune(clock.nowUs(), clients.longestKeyLifeUs()); });
        const auto append = [this](const HistoryEvent& e) { recorder.append(e); };
        QObject::connect(&fleet, &Fleet::event, q, append);
        QObject::connect(&storage, &Storage::event, q, append);
        QObject::connect(&clients, &ClientRegistry::event, q, append);
        QObject::connect(&recorder, &Recorder::recorded, q, [this](const HistoryEvent& e) {
            builder.noteEvent(e);
            emit q->recorded(e);
            markDirty();
        });
        QObject::connect(&fleet, &Fleet::changed, q, [this] { markDirty(); });
        QObject::connect(&storage, &Storage::changed, q, [this] { markDirty(); });
        QObject::connect(&fleet, &Fleet::ready, q, [this] { partStarted(); });
        QObject::connect(&storage, &Storage::ready, q, [this] { partStarted(); });
        QObject::connect(&fleet, &Fleet::failed, q, &Engine::startFailed);
        QObject::connect(&storage, &Storage::failed, q, [this](const QString& error) {
            recorder.append(HistoryEvent::make(HistoryEvent::Kind::Error, error));
            emit q->startFailed(error);
        });
        clients.setRoutes([this](int id, const QString& name, QString* error) {
            return fleet.addressesFor(id, name, error);
        });
        clients.setDelays([this](int id, const QList<int>& delays) {
            for (int i = 0; i < delays.size() && i < fleet.size(); ++i)
                fleet.node(i)->setClientDelay(id, delays[i]);
        });
        QObject::connect(&clients, &ClientRegistry::tokenIssued, q,
                         [this](int client, const QByteArray& token) {
                             owners.add(token, client, clock.nowUs());
                         });
        QObject::connect(&clients, &ClientRegistry::nodeAnswered, q,
                         [this](int client, int node, HistoryEvent::Operation operation,
                                const NodeOutcome& outcome) {
                             builder.noteAnswer(client, node, operation, outcome);
                             fleet.node(node)->monitor()->refresh(); // the key change, at once
                         });
        QObject::connect(&clients, &ClientRegistry::clientRemoved, q, [this](int client) {
            builder.forgetClient(client);
            fleet.forgetClient(client);
        });
        QObject::connect(&clients, &ClientRegistry::settingsChanged, q, [this] {
            fleet.setLargestTtlMs(clients.largestTtlMs());
            markDirty();
        });
    }

    // The recorder hands every event to the writer; a failure to write is an event too.
    void startRecording()
    {
        if (config.recordPath.isEmpty())
            return;
        runWriter = std::make_unique<RunWriter>(config.recordPath,
                                                RunHeader::forConfig(config, clock.nowUs()));
        QString error;
        if (!runWriter->open(&error)) {
            runWriter.reset();
            recorder.append(HistoryEvent::make(HistoryEvent::Kind::Error, error));
            return;
        }
        recorder.setSink(runWriter.get());
        QObject::connect(runWriter.get(), &RunWriter::failed, q, [this](const QString& error) {
            recorder.append(HistoryEvent::make(HistoryEvent::Kind::Error, error));
        });
        recorder.append(
            HistoryEvent::make(HistoryEvent::Kind::Info,
                               QStringLiteral("recording the run to %1").arg(config.recordPath)));
    }

    void stopRecording()
    {
        if (!runWriter)
            return;
        runWriter->finish(); // every event so far is on disk
        recorder.setSink(nullptr);
    }

    // Any number of changes within a frame become one snapshot.
    void markDirty()
    {
        const qint64 sinceMs = (clock.nowUs() - lastPublishUs) / 1000;
        const int dueMs =
            int(std::clamp<qint64>(Constants::FrameMs - sinceMs, 0, Constants::FrameMs));
        if (!publishTimer.isActive() || publishTimer.remainingTime() > dueMs)
            publishTimer.start(dueMs);
    }

    void publish()
    {
        const EngineSnapshot s = builder.build(clock.nowUs());
        lastPublishUs = s.tUs;
        emit q->snapshotReady(s);
        if (!clients.all().isEmpty())
            publishTimer.start(BusySnapshotMs);
    }

    // --- start and stop -----------------------------------------------------------------

    void start()
    {
        pruneTimer.start(TokenPruneMs);
        fleet.start();
        storage.start();
    }

    void partStarted()
    {
        if (--pendingStarts > 0)
            return;
        running = true;
        fleet.setLargestTtlMs(clients.largestTtlMs());
        for (int i = 0; i < config.initialClients; ++i)
            clients.add({}, {});
        emit q->started();
        markDirty();
        if (pendingScenario)
            scripts.start(*std::exchange(pendingScenario, std::nullopt));
    }

    // Runs in the engine thread; afterwards no timer of ours is active, so the Engine
    // object may be deleted from the controller's thread once this thread has ended.
    void shutdown()
    {
        running = false;
        scripts.stop();
        console.stop();
        releaseEverything();
        clients.shutdown();
        fleet.stop();
        storage.stop();
        publishTimer.stop();
        pruneTimer.stop();
        stopRecording();
    }

    // Every held lock is released on every reachable node before the connections close:
    // otherwise the keys stay for their whole TTL and block the next run.
    void releaseEverything()
    {
        clients.stopAll(clients.all());
        const auto pending = [this] {
            return std::any_of(clients.all().cbegin(), clients.all().cend(),
                               [](const LockClient* c) { return c->pendingReleases() > 0; });
        };
        if (!pending())
            return;
        QEventLoop loop;
        QTimer deadline;
        deadline.setSingleShot(true);
        QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (!pending())
                loop.quit();
        });
        deadline.start(ExitReleaseWaitMs);
        poll.start(5);
        loop.exec();
    }

    // --- commands -----------------------------------------------------------------------

    QList<LockClient*> targets(const Parsed& c, const AnswerCallback& done)
    {
        QString error;
        const QList<LockClient*> found = clients.named(c.word(QStringLiteral("NAME|all")), &error);
        if (!error.isEmpty())
            done(Answer::refused(error));
        return found;
    }

    void registerCommands()
    {
        registerClientCommands();
        registerNodeCommands();
        dispatcher.on(QStringLiteral("stock"), [this](const Parsed& c, const AnswerCallback& done) {
            if (!c.has(QStringLiteral("N"))) {
                done(Answer::done(storage.report()));
                return;
            }
            storage.setStock(c.number(QStringLiteral("N")), [this, done](const Answer& a) {
                if (a.ok)
                    clients.setStorage(storage.address());
                done(a);
            });
        });
        dispatcher.on(QStringLiteral("help"), [](const Parsed& c, const AnswerCallback& done) {
            done(Answer::done(CommandCatalogue::instance().help(c.word(QStringLiteral("VERB")))));
        });
    }

    void registerClientCommands()
    {
        const QString all = QStringLiteral("NAME|all");
        dispatcher.on(QStringLiteral("client add"), [this](const Parsed& c,
                                                           const AnswerCallback& done) {
            if (const QString why = noRoomForAnotherClient(); !why.isEmpty()) {
                done(Answer::refused(why));
                return;
            }
            done(clients.add(c.word(QStringLiteral("NAME")), c.words(QStringLiteral("key=value"))));
        });
        dispatcher.on(QStringLiteral("client remove"),
                      [this](const Parsed& c, const AnswerCallback& done) {
                          done(clients.remove(c.word(QStringLiteral("NAME"))));
                      });
        for (const QString& verb : {QStringLiteral("stop"), QStringLiteral("start")}) {
            dispatcher.on(QStringLiteral("client ") + verb,
                          [this, verb, all](const Parsed& c, const AnswerCallback& done) {
                              const QList<LockClient*> found = targets(c, done);
                              if (found.isEmpty())
                                  return;
                              verb == QLatin1String("stop") ? clients.stopAll(found)
                                                            : clients.startAll(found);
                              done(Answer::done(QStringLiteral("%1 %2").arg(verb, c.word(all))));
                          });
        }
        dispatcher.on(QStringLiteral("client set"),
                      [this](const Parsed& c, const AnswerCallback& done) {
                          const QList<LockClient*> found = targets(c, done);
                          if (!found.isEmpty())
                              done(clients.set(found, c.words(QStringLiteral("key=value"))));
                      });
        for (const QString& verb : {QStringLiteral("crash"), QStringLiteral("pause"),
                                    QStringLiteral("resume"), QStringLiteral("restart")}) {
            dispatcher.on(QStringLiteral("client ") + verb,
                          [this, verb](const Parsed& c, const AnswerCallback& done) {
                              const QList<LockClient*> found = targets(c, done);
                              if (found.isEmpty())
                                  return;
                              done(clients.fault(verb, found, int(c.number(QStringLiteral("MS"))),
                                                 c.word(QStringLiteral("MOMENT"))));
                          });
        }
        dispatcher.on(QStringLiteral("client partition"), [this](const Parsed& c,
                                                                 const AnswerCallback& done) {
            const QString name = c.word(QStringLiteral("NAME"));
            if (!clients.find(name)) {
                done(Answer::refused(QStringLiteral("no client named '%1'").arg(name)));
                return;
            }
            for (int node : c.nodes())
                fleet.node(node)->partition({name}, resolver(), [](const Answer&) {});
            done(Answer::done(QStringLiteral("%1 cut off from node(s) %2")
                                  .arg(name, c.words(QStringLiteral("N")).join(", "))));
        });
        dispatcher.on(QStringLiteral("defaults"),
                      [this](const Parsed& c, const AnswerCallback& done) {
                          done(clients.setDefaults(c.words(QStringLiteral("key=value"))));
                      });
    }

    // The limits --clients has, for clients added later: past the open-file limit a client's
    // connections would fail one by one and look like nodes that are down.
    QString noRoomForAnotherClient() const
    {
        const int count = int(clients.all().size()) + 1;
        if (count > EngineConfig::kMaxClients)
            return QStringLiteral("at most %1 clients").arg(EngineConfig::kMaxClients);
        return FileBudget(config.nodeCount(), config.usesLocalFleet()).check(count);
    }

    FleetNode::ClientResolver resolver() const
    {
        // "replica" is the replication link through node 1's proxy, cut like a client.
        return [this](const QString& name) {
            if (fleet.isReplicated() && name == QLatin1String(Fleet::ReplicationLinkName))
                return Fleet::ReplicationLinkId;
            return clients.idOf(name);
        };
    }

    void registerNodeCommands()
    {
        using Handler = std::function<void(FleetNode*, const Parsed&, const AnswerCallback&)>;
        const auto node = [this](const QString& verb, Handler handler) {
            dispatcher.on(QStringLiteral("node ") + verb,
                          [this, handler](const Parsed& c, const AnswerCallback& done) {
                              handler(fleet.node(c.node()), c, done);
                          });
        };
        const QString ms = QStringLiteral("MS");
        node(QStringLiteral("kill"),
             [](FleetNode* n, const Parsed&, const AnswerCallback& done) { n->kill(done); });
        node(QStringLiteral("pause"),
             [ms](FleetNode* n, const Parsed& c, const AnswerCallback& done) {
                 n->pause(int(c.number(ms)), done);
             });
        node(QStringLiteral("resume"),
             [](FleetNode* n, const Parsed&, const AnswerCallback& done) { n->resume(done); });
        node(QStringLiteral("restart"),
             [ms](FleetNode* n, const Parsed& c, const AnswerCallback& done) {
                 const bool delayed = c.has(QStringLiteral("delayed"));
                 if (!delayed && c.has(ms)) {
                     done(Answer::refused(QStringLiteral("MS goes after 'delayed': node restart N "
                                                         "delayed [MS]")));
                     return;
                 }
                 n->restart(delayed ? int(c.number(ms, n->defaultRestartDelayMs())) : 0, done);
             });
        node(QStringLiteral("shutdown"),
             [](FleetNode* n, const Parsed&, const AnswerCallback& done) { n->shutdown(done); });
        node(QStringLiteral("persistence"), [](FleetNode* n, const Parsed& c,
                                               const AnswerCallback& done) {
            const auto mode =
                EnumNames::parse<FleetNode::Persistence>(c.word(QStringLiteral("MODE")).toLower());
            n->setPersistence(*mode, done); // the parser checked the choice
        });
        node(QStringLiteral("partition"),
             [this](FleetNode* n, const Parsed& c, const AnswerCallback& done) {
                 n->partition(c.words(QStringLiteral("CLIENT")), resolver(), done);
             });
        node(QStringLiteral("heal"),
             [](FleetNode* n, const Parsed&, const AnswerCallback& done) { n->heal(done); });
        node(QStringLiteral("latency"),
             [ms](FleetNode* n, const Parsed& c, const AnswerCallback& done) {
                 n->setLatency(int(c.number(ms)), int(c.number(QStringLiteral("JITTER_MS"))), done);
             });
        node(QStringLiteral("drop"), [](FleetNode* n, const Parsed& c, const AnswerCallback& done) {
            n->setDrop(int(c.number(QStringLiteral("PERCENT"))), done);
        });
        node(QStringLiteral("clock"),
             [](FleetNode* n, const Parsed& c, const AnswerCallback& done) {
                 n->jumpClock(c.number(QStringLiteral("+MS")), done);
             });
        node(QStringLiteral("failover"),
             [this](FleetNode* n, const Parsed&, const AnswerCallback& done) {
                 fleet.failover(n->index(), done);
             });
    }

    void execute(const QString& line, const AnswerCallback& done)
    {
        const QString head = line.section(QLatin1Char(' '), 0, 0, QString::SectionSkipEmpty);
        const bool anytime = head == QLatin1String("defaults") || head == QLatin1String("help");
        if (!running && !anytime) {
            done(Answer::refused(QStringLiteral("the nodes are not up yet")));
            return;
        }
        dispatcher.execute(line, done);
    }
};

namespace {
// On a master and its replica Redlock has nothing to stand on (the replica refuses writes):
// the clients of the replicated topology run the seed's failover rung unless told otherwise.
EngineConfig withTopologyDefaults(EngineConfig config)
{
    if (config.replicated() && config.clientDefaults.strategy == StrategyFactory::Kind::Redlock)
        config.clientDefaults.strategy = StrategyFactory::Kind::Failover;
    return config;
}
} // namespace

Engine::Engine(const EngineConfig& config, QObject* parent)
    : QObject(parent), d(std::make_unique<Private>(this, withTopologyDefaults(config)))
{
    qRegisterMetaType<ScenarioResult>();
    connect(&d->scripts, &ScenarioRunner::stateChanged, this,
            [this](ScenarioRunner::State state) { emit scenarioStateChanged(int(state)); });
    connect(&d->scripts, &ScenarioRunner::finished, this, &Engine::scenarioFinished);
    Q_ASSERT_X(d->dispatcher.unhandled().isEmpty(), "Engine",
               "every verb of the catalogue has a handler");
}

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

void Engine::runScenario(const QString& source, const QString& text, std::optional<quint64> seed)
{
    ScenarioParser::Error error;
    std::optional<Scenario> scenario =
        text.isEmpty() ? ScenarioParser::load(source, d->parseContext(), &error)
                       : ScenarioParser::parse(text, source, d->parseContext(), &error);
    if (!scenario) {
        ScenarioResult result;
        result.outcome = ScenarioResult::Outcome::CouldNotRun;
        result.reason = error.message;
        emit scenarioFinished(result);
        return;
    }
    if (seed)
        scenario->seed = seed; // --seed wins over the file's
    if (!d->running) {
        d->pendingScenario = scenario; // starts once the nodes are up
        return;
    }
    d->scripts.start(*scenario);
}

void Engine::pauseScenario()
{
    d->scripts.pause();
}

void Engine::resumeScenario()
{
    d->scripts.resume();
}

void Engine::stepScenario()
{
    d->scripts.stepToNextNarration();
}

void Engine::stopScenario()
{
    d->scripts.stop();
}

void Engine::runConsole(const QString& text, int number)
{
    ScenarioParser::Error error;
    std::optional<Scenario> lines =
        ScenarioParser::parse(text, QStringLiteral("console"), d->parseContext(), &error);
    if (!lines) {
        // "console:1:12: why" -> "column 12: why": the console numbers its own lines.
        emit stepFinished(
            QStringLiteral("console"), number, false,
            tr("column %1: %2").arg(error.column).arg(error.message.section(": ", 1)));
        return;
    }
    for (Scenario::Line& line : lines->lines)
        line.number = number;
    d->console.start(*lines);
}

void Engine::setLanguage(const QString& language)
{
    d->scripts.setLanguage(language);
    d->console.setLanguage(language);
}

void Engine::execute(quint64 id, const QString& line)
{
    const QString trimmed = line.trimmed();
    d->execute(trimmed, [this, id, trimmed](const CommandAnswer& answer) {
        HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Command, trimmed);
        e.code = answer.ok ? 1 : 0;
        e.note = answer.message;
        d->recorder.append(e);
        emit commandFinished(id, answer.ok, answer.message);
    });
}
