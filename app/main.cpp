// redlockscope: the command line, then either the window or a headless run.
#include "bench/benchmark.h"
#include "core/engineconfig.h"
#include "core/enginecontroller.h"
#include "core/unixsignalwatcher.h"
#include "record/eventtext.h"
#include "window/execqueue.h"
#include "window/mainwindow.h"
#include "window/uibenchmark.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTimer>
#include <cstdio>
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
    QList<ExecQueue::Step> exec; // --exec: command lines to run once the engine started
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
         QStringLiteral("Run these command lines in order once the engine and its nodes are up: "
                        "\"node partition 2; wait C1 holding; client pause C1; sleep 3000\" "
                        "(sleep MS and wait CLIENT STATE [MS] space them)."),
         QStringLiteral("commands")},
        {QStringLiteral("after"),
         QStringLiteral("With --screenshot: wait this long first "
                        "(default 3)."),
         QStringLiteral("seconds")},
    });
}

bool readInt(const QCommandLineParser& parser, const QString& name, int* out, QString* error)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    *out = parser.value(name).toInt(&ok);
    if (!ok)
        *error =
            QStringLiteral("--%1 needs a whole number, not '%2'").arg(name, parser.value(name));
    return ok;
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
        o->config.nodes = *nodes;
    }
    if (parser.isSet(QStringLiteral("redis-server")))
        o->config.redisServer = parser.value(QStringLiteral("redis-server"));
    if (parser.isSet(QStringLiteral("resource")))
        o->config.resource = parser.value(QStringLiteral("resource")).toUtf8();
    if (!readInt(parser, QStringLiteral("local-nodes"), &o->config.localNodeCount, error) ||
        !readInt(parser, QStringLiteral("clients"), &o->config.initialClients, error) ||
        !readInt(parser, QStringLiteral("bench-cycles"), &o->benchCycles, error))
        return false;
    o->headless = parser.isSet(QStringLiteral("headless"));
    o->bench = parser.isSet(QStringLiteral("bench"));
    o->benchUi = parser.isSet(QStringLiteral("bench-ui"));
    if (o->benchUi && !parser.isSet(QStringLiteral("clients")))
        o->config.initialClients = 50;
    o->jsonPath = parser.value(QStringLiteral("json"));
    o->screenshotPath = parser.value(QStringLiteral("screenshot"));
    if (parser.isSet(QStringLiteral("after")))
        o->screenshotAfterS = parser.value(QStringLiteral("after")).toDouble();
    if (parser.isSet(QStringLiteral("duration")))
        o->durationS = parser.value(QStringLiteral("duration")).toDouble();
    if (parser.isSet(QStringLiteral("exec"))) {
        if (o->headless) {
            *error = QStringLiteral("--exec runs with the window");
            return false;
        }
        const auto steps = ExecQueue::parse(parser.value(QStringLiteral("exec")), error);
        if (!steps)
            return false;
        o->exec = *steps;
    }
    if (o->bench && !o->headless) {
        *error = QStringLiteral("--bench runs with --headless");
        return false;
    }
    *error = o->config.validate();
    return error->isEmpty();
}

// Quit cleanly on Ctrl-C, SIGTERM and SIGHUP, so the local nodes are stopped by pid.
void quitOnSignals(QCoreApplication& app)
{
    auto* watcher = new UnixSignalWatcher(&app);
    QObject::connect(watcher, &UnixSignalWatcher::terminationRequested, &app,
                     &QCoreApplication::quit);
}

int runHeadless(QCoreApplication& app, const Options& o)
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
    EngineController engine(o.config);
    int code = 0;
    QObject::connect(&engine, &EngineController::startFailed, &app, [&](const QString& error) {
        fprintf(stderr, "redlockscope: %s\n", qPrintable(error));
        code = 2;
        app.quit();
    });
    EventText text;
    QObject::connect(&engine, &EngineController::snapshotReady, &app,
                     [&text](const EngineSnapshot& s) {
                         for (const HistoryEvent& e : s.newEvents) {
                             text.learn(e);
                             printf("%s\n", qPrintable(text.line(e)));
                         }
                         fflush(stdout);
                     });
    if (o.durationS > 0)
        QTimer::singleShot(int(o.durationS * 1000), &app, &QCoreApplication::quit);
    engine.start();
    const int loop = app.exec();
    engine.shutdown();
    return code ? code : loop;
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
        options.durationS = o.durationS > 0 ? int(o.durationS) : 30;
        options.jsonPath = o.jsonPath;
        benchmark = std::make_unique<UiBenchmark>(&window, options);
        QObject::connect(benchmark.get(), &UiBenchmark::finished, &app, &QCoreApplication::exit);
        benchmark->start();
    }
    std::unique_ptr<ExecQueue> exec;
    if (!o.exec.isEmpty()) {
        exec = std::make_unique<ExecQueue>(
            o.exec, [&window](const QString& line) { return window.executeCommand(line); });
        EngineController* engine = window.controller();
        QObject::connect(engine, &EngineController::commandFinished, exec.get(),
                         &ExecQueue::onCommandFinished);
        QObject::connect(engine, &EngineController::snapshotReady, exec.get(),
                         &ExecQueue::onSnapshot);
        QObject::connect(engine, &EngineController::started, exec.get(), &ExecQueue::start);
        QObject::connect(exec.get(), &ExecQueue::report, &app, [](const QString& line, bool ok) {
            fprintf(ok ? stdout : stderr, "redlockscope: exec: %s%s\n", ok ? "" : "FAILED ",
                    qPrintable(line));
            fflush(ok ? stdout : stderr);
        });
    }
    if (!o.screenshotPath.isEmpty()) {
        QTimer::singleShot(int(o.screenshotAfterS * 1000), &app, [&] {
            if (!window.saveScreenshot(o.screenshotPath)) {
                fprintf(stderr, "redlockscope: cannot write %s\n", qPrintable(o.screenshotPath));
                app.exit(2);
                return;
            }
            // A picture of a script that went wrong is not the picture asked for.
            if (exec && exec->failures() > 0) {
                fprintf(stderr, "redlockscope: %d --exec step(s) failed\n", exec->failures());
                app.exit(2);
                return;
            }
            app.quit();
        });
    }
    return app.exec();
}

bool hasFlag(int argc, char** argv, const char* flag)
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], flag) == 0)
            return true;
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    // A headless run creates no QApplication: it proves the engine stands alone.
    std::unique_ptr<QCoreApplication> app;
    if (hasFlag(argc, argv, "--headless"))
        app = std::make_unique<QCoreApplication>(argc, argv);
    else
        app = std::make_unique<QApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("redlockscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));

    QCommandLineParser parser;
    addOptions(parser);
    parser.process(*app);
    Options options;
    QString error;
    if (!readOptions(parser, &options, &error)) {
        fprintf(stderr, "redlockscope: %s\n", qPrintable(error));
        return 2;
    }
    quitOnSignals(*app);
    if (options.headless)
        return runHeadless(*app, options);
    return runWindow(static_cast<QApplication&>(*app), options);
}
