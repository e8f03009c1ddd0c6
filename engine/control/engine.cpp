// SPDX-License-Identifier: GPL-3.0-or-later
#include "control/engine.h"

#include "base/constants.h"
#include "base/logcategories.h"
#include "base/steadyclock.h"
#include "clients/clientregistry.h"
#include "clients/foreignclients.h"
#include "clients/lockclient.h"
#include "clients/tokenowners.h"
#include "commands/commanddispatcher.h"
#include "control/clientcommands.h"
#include "control/commandhelp.h"
#include "control/exposecommands.h"
#include "control/nodecommands.h"
#include "control/stockcommands.h"
#include "fleet/fleet.h"
#include "fleet/fleetnode.h"
#include "fleet/nodemonitor.h"
#include "model/strategy.h"
#include "net/redisconnection.h"
#include "record/recorder.h"
#include "record/runwriter.h"
#include "scenario/scenarioparser.h"
#include "snapshot/snapshotbuilder.h"
#include "storage/stockaccess.h"
#include "storage/storage.h"

#include <QTimer>
#include <algorithm>

namespace {
constexpr int TokenPruneMs = 10000;
constexpr int BusySnapshotMs = 250; // counters and validity bars stay honest while clients run
// At exit, held locks are released on every node that answers within this; it fits inside
// the app's signal deadline (0.8 s, app/interruption.h) with the nodes' stop after it.
constexpr int ExitReleaseWaitMs = 500;

using Answer = CommandAnswer;
} // namespace

class Engine::Private
{
public:
    Private(Engine* engine, const EngineConfig& config)
        : q(engine), config(config), recorder(clock, config.nodeCount(), engine),
          fleet(config, connectionOptions(), clock, engine),
          storage(config.storage, config.redisServer, connectionOptions(), clock, engine),
          clients(config.resource, config.clientDefaults, connectionOptions(), clock, engine),
          foreign(config.resource, StockAccess::StockKey, config.nodeCount(), clock, engine),
          builder(config.resource, fleet, clients, foreign, storage, recorder, owners),
          scripts(runnerHooks(), clock, false, engine), console(runnerHooks(), clock, true, engine),
          clientCommands(clients, foreign, fleet, this->config), nodeCommands(fleet, clients),
          stockCommands(storage, clients),
          exposeCommands(fleet, storage, [this](const HistoryEvent& e) { recorder.append(e); })
    {
        foreign.setSingleMaster(config.replicated());
        wire();
        wireRunner(scripts);
        wireRunner(console);
        clientCommands.registerOn(dispatcher);
        nodeCommands.registerOn(dispatcher);
        stockCommands.registerOn(dispatcher);
        exposeCommands.registerOn(dispatcher);
        CommandHelp::registerOn(dispatcher);
        startRecording();
    }

    Engine* q;
    EngineConfig config;
    const Clock& clock = SteadyClock::instance();
    Recorder recorder;
    Fleet fleet;
    Storage storage;
    ClientRegistry clients;
    ForeignClients foreign; // real lock clients under test, through exposed ports
    TokenOwners owners;
    SnapshotBuilder builder;
    CommandDispatcher dispatcher;
    ScenarioRunner scripts; // --scenario, --exec, File → Open scenario
    ScenarioRunner console; // the console's lines
    ClientCommands clientCommands;
    NodeCommands nodeCommands;
    StockCommands stockCommands;
    ExposeCommands exposeCommands;
    std::optional<Scenario> pendingScenario; // given before the nodes were up
    std::unique_ptr<RunWriter> runWriter;    // the run on disk as it happens (config.recordPath)
    QString recordingOpenError;              // the run file could not be created
    QTimer publishTimer;
    QTimer pruneTimer;
    qint64 lastPublishUs = -1'000'000;
    bool running = false;
    bool stopping = false; // stop() began: no command runs any more
    bool stopped = false;  // everything is closed: the thread may end
    int pendingStarts = 2; // the fleet and the storage

    CommandParser::Context parseContext() const { return {fleet.plannedSize()}; }

    ScenarioRunner::Hooks runnerHooks()
    {
        ScenarioRunner::Hooks h;
        h.runCommand = [this](const ParsedCommand& c, const AnswerCallback& done) {
            runCommand(c, done);
        };
        h.client = [this](const QString& name) -> std::optional<ClientSnapshot> {
            if (const LockClient* c = clients.find(name))
                return c->snapshot();
            return foreign.snapshot(name);
        };
        // By the names the history knows: a removed client's counts stay.
        h.counters = [this](const QString& name) -> std::optional<CheckCounters> {
            if (name.isEmpty())
                return recorder.checker().counters();
            return recorder.checker().counters(name);
        };
        h.applySeed = [this](quint64 seed) {
            clients.setSeed(seed);
            fleet.setSeed(seed);
        };
        h.record = [this](const HistoryEvent& e) { recorder.append(e); };
        if (config.scenarioEndsRun)
            h.settle = [this](std::function<void()> done) { settle(std::move(done)); };
        return h;
    }

    // The end of a headless scenario is the end of its run: every client stops (what it holds
    // is released) and the judgement waits for the releases' answers, so that nothing after
    // the verdict changes a counter (docs/domain.md, "Scenarios").
    void settle(std::function<void()> done)
    {
        clients.stopAll(clients.all());
        auto* poll = new QTimer(q);
        const qint64 deadlineUs = clock.nowUs() + qint64(ExitReleaseWaitMs) * 1000;
        QObject::connect(poll, &QTimer::timeout, q, [this, poll, deadlineUs, done] {
            const bool pending =
                std::any_of(clients.all().cbegin(), clients.all().cend(),
                            [](const LockClient* c) { return c->pendingReleases() > 0; });
            if (pending && clock.nowUs() < deadlineUs)
                return;
            poll->deleteLater();
            poll->stop();
            done();
        });
        poll->start(5);
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
        QObject::connect(&runner, &ScenarioRunner::snapshotRequested, q,
                         &Engine::snapshotRequested);
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
        QObject::connect(&fleet, &Fleet::happened, q, append);
        QObject::connect(&storage, &Storage::happened, q, append);
        // A node that refused names the token holding the key; the app issued the tokens of
        // its clients, so the history says whose it was then (the checker judges rounds by it).
        QObject::connect(&clients, &ClientRegistry::happened, q, [this](HistoryEvent e) {
            if (e.kind == HistoryEvent::Kind::NodeAnswer && !e.token.isEmpty())
                e.number = std::max(0, owners.ownerOf(e.token));
            recorder.append(e);
        });
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
            return fleet.routesFor(id, name, error);
        });
        clients.setCutOff([this](int id, const QString&, int node) {
            return node < fleet.size() ? fleet.node(node)->cutOffReason(id) : QString();
        });
        clients.setTopology([this] { return fleet.failoverTopology(); });
        clients.setDelays([this](int id, const QList<int>& delays) {
            for (int i = 0; i < delays.size() && i < fleet.size(); ++i)
                fleet.node(i)->setClientDelay(id, delays[i]);
        });
        wireForeign();
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

    // Real lock clients under test: what the proxies saw of them becomes history; the faults
    // of a foreign client (a partition, a hold) reach its connections in every proxy.
    void wireForeign()
    {
        QObject::connect(&fleet, &Fleet::foreignConnection, &foreign,
                         &ForeignClients::onConnection);
        QObject::connect(&fleet, &Fleet::foreignExchange, &foreign, &ForeignClients::onExchange);
        QObject::connect(&fleet, &Fleet::foreignRequests, &foreign, &ForeignClients::onRequests);
        foreign.setProbe(
            [this](int node, const QByteArray& key, const ForeignClients::ProbeDone& done) {
                probeKey(node, key, done);
            });
        QObject::connect(&foreign, &ForeignClients::nodeAnswered, q,
                         [this](int client, int node, HistoryEvent::Operation operation,
                                const NodeOutcome& outcome) {
                             builder.noteAnswer(client, node, operation, outcome);
                             if (node >= 0 && node < fleet.size())
                                 fleet.node(node)->monitor()->refresh();
                         });
        QObject::connect(&foreign, &ForeignClients::retired, q,
                         [this](int client, const QString& key) {
                             builder.forgetClient(client);
                             fleet.tagForeign(key, 0);
                             storage.tagForeign(key, 0);
                         });
        // Where the stock stands for the next foreign write: a simulated client's write or a
        // `stock N` moved it.
        QObject::connect(&recorder, &Recorder::recorded, &foreign, [this](const HistoryEvent& e) {
            if (e.kind == HistoryEvent::Kind::StockSet ||
                (e.is(HistoryEvent::Kind::Ok, HistoryEvent::Operation::Write) &&
                 !foreign.isForeign(e.client)))
                foreign.noteStock(e.number);
        });
        QObject::connect(
            &storage, &Storage::foreignExchange, &foreign,
            [this](const ForeignExchange& x) { foreign.onExchange(HistoryEvent::StorageNode, x); });
        QObject::connect(&foreign, &ForeignClients::happened, q, [this](HistoryEvent e) {
            if (e.kind == HistoryEvent::Kind::NodeAnswer && !e.token.isEmpty())
                e.number = std::max(0, owners.ownerOf(e.token));
            recorder.append(e);
        });
        QObject::connect(&foreign, &ForeignClients::identified, q,
                         [this](const QString& key, int id) {
                             fleet.tagForeign(key, id);
                             storage.tagForeign(key, id);
                         });
        QObject::connect(&foreign, &ForeignClients::holdRequested, q, [this](int id, bool held) {
            fleet.setClientHeld(id, held);
            storage.setClientHeld(id, held);
        });
        QObject::connect(&foreign, &ForeignClients::tokenIssued, q,
                         [this](int client, const QByteArray& token) {
                             owners.add(token, client, clock.nowUs());
                         });
    }

    // What node `node` holds under `key` now, read atomically on the engine's own connection
    // to it (the monitor's): how a foreign client's unknown script is judged by its effect.
    void probeKey(int node, const QByteArray& key, const ForeignClients::ProbeDone& done)
    {
        static const QByteArray ReadKey =
            "local ok, v = pcall(redis.call, 'get', KEYS[1]) "
            "if not ok then v = false end return {v, redis.call('pttl', KEYS[1])}";
        if (node < 0 || node >= fleet.size())
            return done(std::nullopt);
        fleet.node(node)->monitor()->connection()->send(
            {"EVAL", ReadKey, "1", key}, 1000, [done](const CommandResult& r) {
                const RedisReply& reply = r.reply;
                if (r.status != CommandResult::Status::Replied ||
                    reply.type != RedisReply::Type::Array || reply.elements.size() != 2)
                    return done(std::nullopt);
                done(ForeignClients::KeyState{reply.elements.at(0), reply.elements.at(1).integer});
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
            recordingOpenError = error;
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
        if (stopped)
            return; // the last events (recorder.finish()) must not restart the timer
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
        // Ports asked for at start that cannot be opened (taken since they were checked) are
        // a run that cannot be what was asked: it fails to start (exit 2 headless).
        if (!config.expose.isEmpty())
            exposeCommands.expose(config.expose, [this](const CommandAnswer& a) {
                if (a.ok)
                    return;
                recorder.append(HistoryEvent::make(HistoryEvent::Kind::Error, a.message));
                emit q->startFailed(a.message);
            });
        emit q->started();
        markDirty();
        if (pendingScenario)
            scripts.start(*std::exchange(pendingScenario, std::nullopt));
    }

    // The engine's end, in its own thread and without waiting in place: the clients stop and
    // release what they hold, the engine's loop goes on turning while the nodes answer (up to
    // ExitReleaseWaitMs), then finishStop() closes everything and says stopped(). Once only.
    void beginStop()
    {
        if (stopping)
            return;
        stopping = true;
        running = false;
        scripts.stop();
        console.stop();
        clients.stopAll(clients.all());
        if (!pendingReleases()) {
            finishStop();
            return;
        }
        // Children of the engine: in its thread, and gone with it.
        auto* poll = new QTimer(q);
        QObject::connect(poll, &QTimer::timeout, q, [this] {
            if (!pendingReleases())
                finishStop();
        });
        poll->start(5);
        QTimer::singleShot(ExitReleaseWaitMs, q, [this] { finishStop(); });
    }

    bool pendingReleases() const
    {
        return std::any_of(clients.all().cbegin(), clients.all().cend(),
                           [](const LockClient* c) { return c->pendingReleases() > 0; });
    }

    // Afterwards no timer of ours is active, so the Engine may be deleted from the
    // controller's thread once this thread has ended. Also from ~Engine, for an engine never
    // stopped (then without waiting for the releases).
    void finishStop()
    {
        if (stopped)
            return;
        stopped = true;
        stopping = true;
        running = false;
        scripts.stop();
        console.stop();
        clients.shutdown();
        foreign.stop();
        fleet.stop();
        storage.stop();
        publishTimer.stop();
        pruneTimer.stop();
        for (QTimer* timer : q->findChildren<QTimer*>(Qt::FindDirectChildrenOnly))
            timer->stop();
        recorder.finish(); // what still waits is judged: the run ends here
        stopRecording();
        emit q->stopped();
    }

    // The one path of every command, whoever sent it (toolbar, console, scenario, --exec):
    // before the nodes are up only what needs no node runs.
    void runCommand(const ParsedCommand& c, const AnswerCallback& done)
    {
        const bool anytime =
            c.verb() == QLatin1String("defaults") || c.verb() == QLatin1String("help");
        if (stopping) {
            done(Answer::refused(QStringLiteral("the engine is stopping")));
            return;
        }
        if (!running && !anytime) {
            done(Answer::refused(QStringLiteral("the nodes are not up yet")));
            return;
        }
        if (!lcEngine().isDebugEnabled()) {
            dispatcher.execute(c, done);
            return;
        }
        qCDebug(lcEngine).noquote() << "command:" << c.line;
        dispatcher.execute(c, [line = c.line, done](const Answer& answer) {
            qCDebug(lcEngine).noquote()
                << (answer.ok ? "done:" : "refused:") << line << "->" << answer.message;
            done(answer);
        });
    }

    void execute(const QString& line, const AnswerCallback& done)
    {
        CommandParser::Error error;
        const std::optional<ParsedCommand> parsed =
            CommandParser::parse(line, parseContext(), &error);
        if (!parsed)
            done(Answer::refused(error.message));
        else
            runCommand(*parsed, done);
    }
};

namespace {
// On a master and its replica Redlock has nothing to stand on (the replica refuses writes):
// the clients of the replicated topology run the `failover` rung unless told otherwise.
EngineConfig withTopologyDefaults(EngineConfig config)
{
    if (config.replicated() && config.clientDefaults.strategy == Strategy::Kind::Redlock)
        config.clientDefaults.strategy = Strategy::Kind::Failover;
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
    d->finishStop(); // nothing, when stop() ran: one shutdown only
}

CheckCounters Engine::counters() const
{
    return d->recorder.checker().counters();
}

void Engine::start()
{
    qCDebug(lcEngine) << "start";
    d->start();
}

void Engine::stop()
{
    qCDebug(lcEngine) << "stop";
    d->beginStop();
}

bool Engine::isStopped() const
{
    return d->stopped;
}

void Engine::runScenario(const QString& source, const QString& text, std::optional<quint64> seed)
{
    ScenarioParser::Error error;
    std::optional<Scenario> scenario =
        text.isEmpty() ? ScenarioParser::load(source, d->parseContext(), &error)
                       : ScenarioParser::parse(text, source, d->parseContext(), &error);
    if (scenario && !ScenarioParser::checkClients(*scenario, d->config.initialClients, &error))
        scenario.reset();
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

void Engine::holdAtSlides(bool hold)
{
    d->scripts.setHoldAtSlides(hold);
}

void Engine::slideTaken()
{
    d->scripts.releaseSlide();
}

QString Engine::recordingError() const
{
    if (!d->recordingOpenError.isEmpty())
        return d->recordingOpenError;
    return d->runWriter ? d->runWriter->error() : QString();
}

void Engine::interruptScenario(const QString& why)
{
    if (d->pendingScenario) {
        d->pendingScenario.reset();
        ScenarioResult result;
        result.outcome = ScenarioResult::Outcome::Interrupted;
        result.reason = tr("%1 before the first line: the nodes were not up yet").arg(why);
        emit scenarioFinished(result);
        return;
    }
    d->scripts.interrupt(why);
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
