// redlockscope: the command line, then either the window or a headless run.
#include "bench/benchmark.h"
#include "core/engineconfig.h"
#include "core/enginecontroller.h"
#include "core/filebudget.h"
#include "core/headlessrun.h"
#include "core/unixsignalwatcher.h"
#include "scenario/scenariolibrary.h"
#include "window/mainwindow.h"
#include "window/uibenchmark.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTimer>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace {

struct Options
{
    EngineConfig config;
    bool headless = false;
    bool bench = false;
    bool benchUi = false;
    QString jsonPath;
    QString screenshotPath;
    QString execText; // --exec: lines of the command language, run once the nodes are up
    QString scenario; // --scenario FILE or builtin:NAME
    std::optional<quint64> seed;
    bool listScenarios = false;
    double screenshotAfterS = 3.0;
    double durationS = 0; // headless: stop after this long (0: until a signal)
    int benchCycles = 3000;
};

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QStringLiteral(
        "Redlock Scope: a visualizer and test console for the Redlock distributed lock.\n"
        "By default it starts five local redis-server nodes on free loopback ports."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("nodes"),
         QStringLiteral("Your own Redis masters instead of local nodes: "
                        "[user[:password]@]host:port[/db],... (an odd count, 1 to 9)."),
         QStringLiteral("list")},
        {QStringLiteral("config"), QStringLiteral("A JSON config file (nodes, client settings)."),
         QStringLiteral("file")},
        {QStringLiteral("local-nodes"), QStringLiteral("How many local nodes to start (odd, 1-9)."),
         QStringLiteral("n")},
        {QStringLiteral("redis-server"), QStringLiteral("The redis-server binary for local nodes."),
         QStringLiteral("path")},
        {QStringLiteral("topology"),
         QStringLiteral("independent (default: N masters, Redlock's setting) or replicated (one "
                        "master, one replica, three redis-sentinel: the failover strategy)."),
         QStringLiteral("kind")},
        {QStringLiteral("redis-sentinel"),
         QStringLiteral("The redis-sentinel binary for --topology replicated."),
         QStringLiteral("path")},
        {QStringLiteral("storage"),
         QStringLiteral("The storage node for the stock: [user[:password]@]host:port[/db] of a "
                        "Redis that is not one of the lock nodes (default: one more local "
                        "redis-server)."),
         QStringLiteral("address")},
        {QStringLiteral("clients"), QStringLiteral("Simulated clients at start (default 1)."),
         QStringLiteral("n")},
        {QStringLiteral("resource"), QStringLiteral("The resource (lock key) name."),
         QStringLiteral("name")},
        {QStringLiteral("headless"), QStringLiteral("Run without a window.")},
        {QStringLiteral("bench"), QStringLiteral("With --headless: measure acquire/release latency "
                                                 "against the multiplexed floor, then exit.")},
        {QStringLiteral("bench-ui"),
         QStringLiteral("Run the window under load (default 50 clients) for --duration seconds "
                        "(default 30) and report frames/s, GUI CPU, repaint lag and memory.")},
        {QStringLiteral("bench-cycles"),
         QStringLiteral("Cycles per benchmark phase (default 3000)."), QStringLiteral("n")},
        {QStringLiteral("json"), QStringLiteral("Write the benchmark report as JSON."),
         QStringLiteral("file")},
        {QStringLiteral("duration"),
         QStringLiteral("With --headless: stop after this many seconds."),
         QStringLiteral("seconds")},
        {QStringLiteral("screenshot"), QStringLiteral("Render the window to a PNG and exit."),
         QStringLiteral("file")},
        {QStringLiteral("exec"),
         QStringLiteral("Run these lines of the command language once the nodes are up, as a "
                        "scenario: \"node partition 2; wait C1 holding; client pause C1; sleep "
                        "3000\"."),
         QStringLiteral("commands")},
        {QStringLiteral("scenario"),
         QStringLiteral("Run a scenario file (.rls) or a built-in one (builtin:NAME). Headless: "
                        "each step, then 'verdict: PASS|FAIL'; exit 0, 1 (not as expected) or 2 "
                        "(could not run)."),
         QStringLiteral("file")},
        {QStringLiteral("seed"),
         QStringLiteral("Every random choice of the scenario (tokens aside) comes from this "
                        "number; overrides the file's `seed`."),
         QStringLiteral("n")},
        {QStringLiteral("list-scenarios"), QStringLiteral("List the built-in scenarios and exit.")},
        {QStringLiteral("after"),
         QStringLiteral("With --screenshot: wait this long first "
                        "(default 3)."),
         QStringLiteral("seconds")},
    });
}

// A numeric flag's rules: every value outside them is refused, with them in the message.
struct NumberFlag
{
    const char* name;
    double min;
    double max;
    bool whole;
    const char* unit; // "" for a plain count
};

// The limits keep every time a QTimer's int milliseconds can hold, with room to spare.
constexpr NumberFlag kDuration{"duration", 0, 86400, false, "seconds"}; // 24 h
constexpr NumberFlag kAfter{"after", 0, 3600, false, "seconds"};        // 1 h
constexpr NumberFlag kBenchCycles{"bench-cycles", 1, 1'000'000, true, ""};
constexpr NumberFlag kClients{"clients", 0, EngineConfig::kMaxClients, true, ""};
constexpr NumberFlag kLocalNodes{"local-nodes", 1, 9, true, ""};
constexpr NumberFlag kSeed{"seed", 0, 9007199254740992.0, true, ""}; // 2^53: exact in a double

// The flag's value when it is a finite number within its limits (whole when it must be);
// otherwise nothing, and *error names the flag, what it takes and what it got.
std::optional<double> readNumber(const QCommandLineParser& parser, const NumberFlag& flag,
                                 QString* error)
{
    static const QRegularExpression digits(QStringLiteral("^[+-]?[0-9]+$"));
    const QString name = QLatin1String(flag.name);
    const QString text = parser.value(name).trimmed();
    bool ok = false;
    const double value = text.toDouble(&ok);
    // toDouble() reads "nan" and "inf"; neither is a number of anything.
    ok = ok && std::isfinite(value) && value >= flag.min && value <= flag.max;
    if (ok && flag.whole)
        ok = digits.match(text).hasMatch();
    if (ok)
        return value;
    const QString kind = flag.whole ? QStringLiteral("a whole number") : QStringLiteral("a number");
    const QString unit =
        *flag.unit ? QStringLiteral(" of %1").arg(QLatin1String(flag.unit)) : QString();
    *error = QStringLiteral("--%1 must be %2%3 from %4 to %5, not '%6'")
                 .arg(name, kind, unit)
                 .arg(qint64(flag.min)) // the limits are whole: no "1e+06"
                 .arg(qint64(flag.max))
                 .arg(parser.value(name));
    return std::nullopt;
}

template <typename T>
bool readNumberInto(const QCommandLineParser& parser, const NumberFlag& flag, T* out,
                    QString* error)
{
    if (!parser.isSet(QLatin1String(flag.name)))
        return true;
    const std::optional<double> value = readNumber(parser, flag, error);
    if (value)
        *out = T(*value); // within the flag's limits: the cast fits
    return value.has_value();
}

bool readSeed(const QCommandLineParser& parser, Options* o, QString* error)
{
    if (!parser.isSet(QLatin1String(kSeed.name)))
        return true;
    const std::optional<double> value = readNumber(parser, kSeed, error);
    if (value)
        o->seed = quint64(*value);
    return value.has_value();
}

bool readNumbers(const QCommandLineParser& parser, Options* o, QString* error)
{
    return readNumberInto(parser, kLocalNodes, &o->config.localNodeCount, error) &&
           readNumberInto(parser, kClients, &o->config.initialClients, error) &&
           readNumberInto(parser, kBenchCycles, &o->benchCycles, error) &&
           readNumberInto(parser, kAfter, &o->screenshotAfterS, error) &&
           readNumberInto(parser, kDuration, &o->durationS, error) && readSeed(parser, o, error);
}

// A flag that the chosen mode would ignore is refused: a run that quietly does something
// else than asked is worse than no run.
QString unusedFlag(const QCommandLineParser& parser, const Options& o)
{
    const auto isSet = [&parser](const char* name) { return parser.isSet(QLatin1String(name)); };
    if (o.bench && !o.headless)
        return QStringLiteral("--bench runs with --headless");
    if (o.headless && (o.benchUi || !o.screenshotPath.isEmpty()))
        return QStringLiteral("--bench-ui and --screenshot run with the window, not --headless");
    if (isSet("exec") && isSet("scenario"))
        return QStringLiteral("--exec and --scenario: one script at a time");
    if (isSet("seed") && !isSet("exec") && !isSet("scenario"))
        return QStringLiteral("--seed goes with --scenario or --exec");
    if (o.bench && (isSet("exec") || isSet("scenario")))
        return QStringLiteral("--bench runs no scenario");
    if (isSet("bench-cycles") && !o.bench)
        return QStringLiteral("--bench-cycles goes with --bench");
    if (isSet("json") && !o.bench && !o.benchUi)
        return QStringLiteral("--json goes with --bench or --bench-ui");
    if (isSet("after") && o.screenshotPath.isEmpty())
        return QStringLiteral("--after goes with --screenshot");
    if (isSet("duration") && !o.headless && !o.benchUi)
        return QStringLiteral("--duration goes with --headless or --bench-ui");
    if (isSet("duration") && o.bench)
        return QStringLiteral("--duration does not apply to --bench (see --bench-cycles)");
    if (isSet("clients") && o.bench)
        return QStringLiteral("--clients does not apply to --bench (it measures one client)");
    if (!o.config.nodes.isEmpty() && (isSet("local-nodes") || isSet("redis-server")))
        return QStringLiteral("--local-nodes and --redis-server are for local nodes, but the "
                              "nodes are given (--nodes or the config file)");
    if (isSet("local-nodes") && o.config.replicated())
        return QStringLiteral("--local-nodes does not apply to --topology replicated (one master "
                              "and one replica)");
    if (isSet("redis-sentinel") && !o.config.replicated())
        return QStringLiteral("--redis-sentinel goes with --topology replicated");
    if (o.bench && o.config.replicated())
        return QStringLiteral("--bench measures independent masters, not --topology replicated");
    return {};
}

// Before a long benchmark, not after it: the report must have somewhere to go.
QString unwritable(const QString& path)
{
    if (path.isEmpty())
        return {};
    const QFileInfo file(path);
    const QFileInfo folder(file.absolutePath());
    if (file.isDir())
        return QStringLiteral("--json %1: is a folder").arg(path);
    if (!folder.isDir())
        return QStringLiteral("--json %1: the folder %2 does not exist")
            .arg(path, folder.filePath());
    if (file.exists() ? !file.isWritable() : !folder.isWritable())
        return QStringLiteral("--json %1: not writable").arg(path);
    return {};
}

bool readOptions(const QCommandLineParser& parser, Options* o, QString* error)
{
    if (parser.isSet(QStringLiteral("config"))) {
        auto config = EngineConfig::loadFile(parser.value(QStringLiteral("config")), error);
        if (!config)
            return false;
        o->config = *config;
    }
    if (parser.isSet(QStringLiteral("nodes"))) {
        auto nodes = NodeAddress::parseList(parser.value(QStringLiteral("nodes")), error);
        if (!nodes)
            return false;
        o->config.nodes = *nodes; // checked with the storage below
    }
    if (parser.isSet(QStringLiteral("storage"))) {
        auto storage = NodeAddress::parse(parser.value(QStringLiteral("storage")), error);
        if (!storage) {
            *error = QStringLiteral("--storage: %1").arg(*error);
            return false;
        }
        o->config.storage = *storage;
    }
    if (parser.isSet(QStringLiteral("nodes")) || parser.isSet(QStringLiteral("storage")))
        if (*error = o->config.checkNodesDistinct(); !error->isEmpty())
            return false;
    if (parser.isSet(QStringLiteral("redis-server")))
        o->config.redisServer = parser.value(QStringLiteral("redis-server"));
    if (parser.isSet(QStringLiteral("redis-sentinel")))
        o->config.redisSentinel = parser.value(QStringLiteral("redis-sentinel"));
    if (parser.isSet(QStringLiteral("topology"))) {
        const auto topology = EngineConfig::parseTopology(parser.value(QStringLiteral("topology")));
        if (!topology) {
            *error = QStringLiteral("--topology: expected independent or replicated, got '%1'")
                         .arg(parser.value(QStringLiteral("topology")));
            return false;
        }
        o->config.topology = *topology;
    }
    if (parser.isSet(QStringLiteral("resource")))
        o->config.resource = parser.value(QStringLiteral("resource")).toUtf8();
    if (!readNumbers(parser, o, error))
        return false;
    o->headless = parser.isSet(QStringLiteral("headless"));
    o->bench = parser.isSet(QStringLiteral("bench"));
    o->benchUi = parser.isSet(QStringLiteral("bench-ui"));
    if (o->benchUi && !parser.isSet(QStringLiteral("clients")))
        o->config.initialClients = 50;
    o->jsonPath = parser.value(QStringLiteral("json"));
    o->screenshotPath = parser.value(QStringLiteral("screenshot"));
    if (*error = unusedFlag(parser, *o); !error->isEmpty())
        return false;
    if (*error = unwritable(o->jsonPath); !error->isEmpty())
        return false;
    o->execText = parser.value(QStringLiteral("exec"));
    o->scenario = parser.value(QStringLiteral("scenario"));
    o->listScenarios = parser.isSet(QStringLiteral("list-scenarios"));
    // A script brings its own clients: none at start unless asked for.
    if ((!o->execText.isEmpty() || !o->scenario.isEmpty()) &&
        !parser.isSet(QStringLiteral("clients")))
        o->config.initialClients = 0;
    if (*error = o->config.validate(); !error->isEmpty())
        return false;
    // The benchmark opens its own few connections, not clients.
    if (!o->bench) {
        *error = FileBudget(o->config.nodeCount(), o->config.usesLocalFleet())
                     .check(o->config.initialClients);
    }
    return error->isEmpty();
}

// Quit cleanly on Ctrl-C, SIGTERM and SIGHUP, so the local nodes are stopped by pid.
void quitOnSignals(QCoreApplication& app)
{
    auto* watcher = new UnixSignalWatcher(&app);
    QObject::connect(watcher, &UnixSignalWatcher::terminationRequested, &app,
                     &QCoreApplication::quit);
}

int runHeadless(const Options& o)
{
    if (o.bench) {
        Benchmark::Options bench;
        bench.config = o.config;
        bench.cycles = o.benchCycles;
        bench.frozenCycles = std::max(100, o.benchCycles / 3);
        bench.jsonPath = o.jsonPath;
        Benchmark benchmark(bench);
        return benchmark.run();
    }
    HeadlessRun::Options run;
    run.config = o.config;
    run.durationS = o.durationS;
    run.scenario = o.scenario;
    run.execText = o.execText;
    run.seed = o.seed;
    HeadlessRun headless(run);
    return headless.exec();
}

int listScenarios()
{
    for (const QString& name : ScenarioLibrary::names())
        printf("builtin:%-28s %s\n", qPrintable(name), qPrintable(ScenarioLibrary::title(name)));
    return 0;
}

int runWindow(QApplication& app, const Options& o)
{
    MainWindow window(o.config);
    window.resize(1280, 720);
    window.show();
    window.startEngine();
    std::unique_ptr<UiBenchmark> benchmark;
    if (o.benchUi) {
        UiBenchmark::Options options;
        options.durationS = o.durationS > 0 ? int(std::ceil(o.durationS)) : 30;
        options.jsonPath = o.jsonPath;
        benchmark = std::make_unique<UiBenchmark>(&window, options);
        QObject::connect(benchmark.get(), &UiBenchmark::finished, &app, &QCoreApplication::exit);
        benchmark->start();
    }
    const bool scripted = !o.execText.isEmpty() || !o.scenario.isEmpty();
    if (scripted)
        window.runScenario(o.execText.isEmpty() ? o.scenario : QStringLiteral("--exec"), o.execText,
                           o.seed);
    int scriptFailures = 0;
    QObject::connect(
        window.controller(), &EngineController::stepFinished, &app,
        [&scriptFailures](const QString& origin, int line, bool ok, const QString& message) {
            if (origin == QLatin1String("console"))
                return;
            scriptFailures += ok ? 0 : 1;
            fprintf(ok ? stdout : stderr, "redlockscope: %s line %d: %s%s\n", qPrintable(origin),
                    line, ok ? "" : "FAILED ", qPrintable(message));
            fflush(ok ? stdout : stderr);
        });
    QObject::connect(window.controller(), &EngineController::scenarioFinished, &app,
                     [](const ScenarioResult& result) {
                         fprintf(stdout, "redlockscope: %s\n", qPrintable(result.verdictLine()));
                         fflush(stdout);
                     });
    if (!o.screenshotPath.isEmpty()) {
        QTimer::singleShot(int(o.screenshotAfterS * 1000), &app, [&] {
            if (!window.saveScreenshot(o.screenshotPath)) {
                fprintf(stderr, "redlockscope: cannot write %s\n", qPrintable(o.screenshotPath));
                app.exit(2);
                return;
            }
            // A picture of a script that went wrong is not the picture asked for.
            if (scriptFailures > 0) {
                fprintf(stderr, "redlockscope: %d script step(s) failed\n", scriptFailures);
                app.exit(2);
                return;
            }
            app.quit();
        });
    }
    return app.exec();
}

bool hasFlag(int argc, char** argv, std::initializer_list<const char*> flags)
{
    for (int i = 1; i < argc; ++i) {
        for (const char* flag : flags) {
            if (std::strcmp(argv[i], flag) == 0)
                return true;
        }
    }
    return false;
}

// Whether a QApplication can open a window here. Without a display Qt aborts (qFatal) while
// creating it; better to say so in words.
bool hasDisplay(int argc, char** argv)
{
    for (const char* variable : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"}) {
        const char* value = std::getenv(variable);
        if (value && *value)
            return true;
    }
    return hasFlag(argc, argv, {"-platform", "--platform"});
}

} // namespace

int main(int argc, char** argv)
{
    // Each client holds a socket per node, and the proxies hold three more: lift the soft
    // limit to the hard one before anything is opened (FileBudget checks what fits).
    QString limitError;
    FileBudget::raiseOpenFileLimit(&limitError);

    // A headless run creates no QApplication: it proves the engine stands alone. Help,
    // version and a machine without a display need no window either.
    const bool window = !hasFlag(
        argc, argv,
        {"--headless", "-h", "--help", "-?", "--help-all", "-v", "--version", "--list-scenarios"});
    const bool display = hasDisplay(argc, argv);
    std::unique_ptr<QCoreApplication> app;
    if (window && display)
        app = std::make_unique<QApplication>(argc, argv);
    else
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("redlockscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));

    QCommandLineParser parser;
    addOptions(parser);
    // parse(), not process(): a bad command line exits with 2 like every other bad input.
    if (!parser.parse(QCoreApplication::arguments())) {
        fprintf(stderr, "redlockscope: %s (see --help)\n", qPrintable(parser.errorText()));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all")) ||
        parser.isSet(QStringLiteral("version")))
        parser.process(*app); // prints and exits with 0
    Options options;
    QString error;
    if (!readOptions(parser, &options, &error)) {
        fprintf(stderr, "redlockscope: %s\n", qPrintable(error));
        return 2;
    }
    if (!limitError.isEmpty())
        fprintf(stderr, "redlockscope: %s\n", qPrintable(limitError));
    if (window && !display) {
        fprintf(stderr, "redlockscope: no display (DISPLAY is not set): run under xvfb-run, set "
                        "QT_QPA_PLATFORM=offscreen, or use --headless\n");
        return 2;
    }
    quitOnSignals(*app);
    if (options.listScenarios)
        return listScenarios();
    if (options.headless)
        return runHeadless(options);
    return runWindow(static_cast<QApplication&>(*app), options);
}
