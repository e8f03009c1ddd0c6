// SPDX-License-Identifier: GPL-3.0-or-later
// redlockscope: the command line, then either the window or a headless run.
#include "base/enumnames.h"
#include "base/filebudget.h"
#include "base/safetext.h"
#include "bench/benchmark.h"
#include "bench/chartbenchmark.h"
#include "bench/memorybenchmark.h"
#include "bench/noderedlockbenchmark.h"
#include "bench/recordbenchmark.h"
#include "bench/strategybenchmark.h"
#include "bench/uibenchmark.h"
#include "charts/chartspanel.h"
#include "charts/runexporter.h"
#include "control/enginecontroller.h"
#include "dialogs/consentdialog.h"
#include "fleet/replicatedtopology.h"
#include "headlessrun.h"
#include "interruption.h"
#include "lock/strategyfactory.h"
#include "model/engineconfig.h"
#include "model/nodecount.h"
#include "net/exposeaddress.h"
#include "nodepasswords.h"
#include "outputpaths.h"
#include "record/eventtext.h"
#include "record/runfolder.h"
#include "record/runreader.h"
#include "repeatedrun.h"
#include "scenario/scenarioconsent.h"
#include "scenario/scenariolibrary.h"
#include "scenario/scenarioparser.h"
#include "searchcommand.h"
#include "settings/appsettings.h"
#include "settings/languages.h"
#include "settings/typesize.h"
#include "slides/deckwriter.h"
#include "slidescommand.h"
#include "subcommand.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSize>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <unistd.h>
#include <vector>

namespace {

struct Options
{
    EngineConfig config;
    bool headless = false;
    bool bench = false;
    bool benchUi = false;
    bool benchRecord = false;
    bool benchMemory = false;              // --bench-memory
    QList<Strategy::Kind> benchStrategies; // --strategies (or Redlock for --contention)
    bool benchContention = false;
    bool benchNodeRedlock = false; // --vs-node-redlock
    bool benchTimeline = false;
    bool benchCharts = false;
    bool showCharts = false;
    QString openPath;   // --open: a recorded run in the window
    QString exportFrom; // --export RUN --to FILE
    QString exportTo;   // --export's or --slides' --to
    QString slidesFrom; // --slides: a scenario played in the window, a slide per caption
    Chart::Kind chart = Chart::Kind::Timeline;
    QString jsonPath;
    QString screenshotPath;
    QString execText;   // --exec: lines of the command language, run once the nodes are up
    QString scenario;   // --scenario FILE or builtin:NAME
    QString scriptText; // the script's text (--exec's, or the scenario's), read and checked
    bool force = false; // --force: --record may replace a file that is not a run
    std::optional<quint64> seed;
    bool listScenarios = false;
    double screenshotAfterS = 3.0;
    // Presenter: empty / unset means "as remembered" (AppSettings).
    QString theme;           // "dark" or "light"
    double zoomPct = 0;      // --zoom, or TypeSize::LargePct for --large
    QSize size;              // --size WxH: a deck's pages, an export's picture (invalid: theirs)
    QString language;        // a code of Languages::available(), or "system"
    bool nodesGiven = false; // --nodes, --config or --local-nodes: not the remembered fleet
    double durationS = 0;    // headless: stop after this long (0: until a signal)
    int benchCycles = 3000;
    int repeat = 1; // --repeat: a headless scenario played this many times
    // What the scenario file, or the config file, would do that needs consent
    // (ScenarioConsent), and the consent given on the command line.
    QList<ScenarioConsent::Item> scriptConsent;
    QList<ScenarioConsent::Item> configConsent;
    QString configPath;
    bool allowExec = false;        // --allow-exec
    bool allowDestructive = false; // --allow-destructive
};

// Every flag, once: the parser reads them, and each command's help (Subcommand) shows its own.
QList<QCommandLineOption> appOptions()
{
    return {
        {QStringLiteral("nodes"),
         QStringLiteral("Your own Redis masters instead of local nodes: "
                        "[user[:password]@]host:port[/db] or "
                        "redis://[user:password@]host[:port][/db], or rediss://... for TLS "
                        "(--tls-ca), comma-separated (an odd count, 1 to 9)."),
         QStringLiteral("list")},
        {QStringLiteral("config"), QStringLiteral("A JSON config file (nodes, client settings)."),
         QStringLiteral("file")},
        {QStringLiteral("password-file"),
         QStringLiteral("The password of every node (and --storage) given without one: the "
                        "file's first line (never in `ps`, unlike a password in --nodes)."),
         QStringLiteral("file")},
        {QStringLiteral("password-env"), QStringLiteral("The same from this environment variable."),
         QStringLiteral("name")},
        {QStringLiteral("fleet"),
         QStringLiteral("The nodes of a fleet saved in the window (Nodes > Save fleet), with the "
                        "passwords it remembered (the keychain)."),
         QStringLiteral("name")},
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
        {QStringLiteral("tls"),
         QStringLiteral("Start the local nodes (and the Sentinels of --topology replicated) "
                        "speaking TLS only, with a CA the app makes for the run; replication and "
                        "Sentinel speak TLS too.")},
        {QStringLiteral("client-path"),
         QStringLiteral("Where network faults reach the simulated clients: gate (default: in "
                        "their own connections, straight to the nodes) or proxy (through each "
                        "node's proxy, the older way, to compare the two)."),
         QStringLiteral("path")},
        {QStringLiteral("storage"),
         QStringLiteral("The storage node for the stock: [user[:password]@]host:port[/db] of a "
                        "Redis that is not one of the lock nodes (default: one more local "
                        "redis-server); rediss://... for TLS."),
         QStringLiteral("address")},
        {QStringLiteral("tls-ca"),
         QStringLiteral("For rediss:// nodes and storage: the CA certificates (PEM) to trust "
                        "instead of the system's."),
         QStringLiteral("file")},
        {QStringLiteral("tls-cert"),
         QStringLiteral("Mutual TLS: the client certificate (PEM) shown to the nodes."),
         QStringLiteral("file")},
        {QStringLiteral("tls-key"), QStringLiteral("Its private key (PEM, unencrypted)."),
         QStringLiteral("file")},
        {QStringLiteral("tls-server-name"),
         QStringLiteral("The name sent (SNI) and checked in the nodes' certificates, instead of "
                        "each node's host."),
         QStringLiteral("name")},
        {QStringLiteral("tls-insecure"),
         QStringLiteral("Do not verify the nodes' certificates (the traffic is encrypted, not "
                        "authenticated; said in the history and on the node cards).")},
        {QStringLiteral("expose"),
         QStringLiteral("Open ports for your own lock clients once the nodes are up: PORT for "
                        "node 1, PORT+1 for node 2, ..., then the storage; each goes through "
                        "that node's fault proxy, and your clients' locks are recorded and "
                        "judged (docs/foreign-clients.md)."),
         QStringLiteral("[host:]port")},
        {QStringLiteral("clients"), QStringLiteral("Simulated clients at start (default 1)."),
         QStringLiteral("n")},
        {QStringLiteral("resource"), QStringLiteral("The resource (lock key) name."),
         QStringLiteral("name")},
        {QStringLiteral("headless"), QStringLiteral("Run without a window.")},
        {QStringLiteral("bench"), QStringLiteral("With --headless: measure acquire/release latency "
                                                 "against the multiplexed floor, then exit.")},
        {QStringLiteral("strategies"),
         QStringLiteral("With --bench: instead, run the whole engine with each strategy (a "
                        "comma-separated list, or all), one client then 8, no work or think "
                        "time: acquisitions/s, purchases/s, acquire p50/p99, engine CPU."),
         QStringLiteral("list")},
        {QStringLiteral("contention"),
         QStringLiteral("With --bench: instead, Redlock with one client then 8 contending; "
                        "passes when 8 reach the single client's acquisitions/s.")},
        {QStringLiteral("vs-node-redlock"),
         QStringLiteral("With --bench: instead, 8 simulated clients contending for one lock, "
                        "each buying inside it, against node-redlock on the same workload and "
                        "nodes (directly and through the exposed ports), --duration seconds per "
                        "phase (default 10); and the proxy's cost per round trip.")},
        {QStringLiteral("bench-ui"),
         QStringLiteral("Run the window under load (default 50 clients) for --duration seconds "
                        "(default 30) and report frames/s, GUI CPU, repaint lag and memory.")},
        {QStringLiteral("bench-cycles"),
         QStringLiteral("Cycles per benchmark phase (default 3000)."), QStringLiteral("n")},
        {QStringLiteral("json"), QStringLiteral("Write the benchmark report as JSON."),
         QStringLiteral("file")},
        {QStringLiteral("duration"),
         QStringLiteral("With --headless: stop after this many seconds (with --exec or "
                        "--scenario: the script's time limit; one still running then ends "
                        "INTERRUPTED)."),
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
        {QStringLiteral("repeat"),
         QStringLiteral("With --headless --scenario: play it this many times, each on fresh "
                        "nodes, and print the spread of the verdict and the counters; exit 1 "
                        "when the runs disagree."),
         QStringLiteral("n")},
        {QStringLiteral("list-scenarios"), QStringLiteral("List the built-in scenarios and exit.")},
        {QStringLiteral("allow-exec"),
         QStringLiteral("Let the scenario file's `exec` lines, and the config file's "
                        "redisServer/redisSentinel, start their programs without asking (without "
                        "it a headless run, --slides and --repeat refuse them; the window asks).")},
        {QStringLiteral("allow-destructive"),
         QStringLiteral("Let the scenario file shut down or reconfigure your own nodes (--nodes, "
                        "--config): `node kill`, `node shutdown`, `node persistence` (without it "
                        "a headless run, --slides and --repeat refuse them; the window asks).")},
        {QStringLiteral("after"),
         QStringLiteral("With --screenshot: wait this long first "
                        "(default 3)."),
         QStringLiteral("seconds")},
        {QStringLiteral("record"),
         QStringLiteral("Record the run to this file (JSON Lines) as it happens. Without it, "
                        "runs go to the data folder (%1), where the newest %2 are kept.")
             .arg(RunFolder::defaultPath())
             .arg(RunFolder::Kept),
         QStringLiteral("file")},
        {QStringLiteral("no-record"), QStringLiteral("Do not record the run.")},
        {QStringLiteral("force"),
         QStringLiteral("With --record: replace the file even if it is not a run file (never "
                        "a file the run reads).")},
        {QStringLiteral("open"),
         QStringLiteral("Show a recorded run in the window, without starting nodes: scrub it "
                        "in time and play it again."),
         QStringLiteral("run")},
        {QStringLiteral("charts"), QStringLiteral("Show the charts (the lock timeline) from the "
                                                  "start.")},
        {QStringLiteral("export"),
         QStringLiteral("Export a recorded run (with --to FILE) and exit; the format comes "
                        "from FILE's extension: .%1.")
             .arg(RunExporter::extensions().join(QStringLiteral(", ."))),
         QStringLiteral("run")},
        {QStringLiteral("to"),
         QStringLiteral("With --export or --slides: the file to write (--slides: .pdf or "
                        ".html)."),
         QStringLiteral("file")},
        {QStringLiteral("slides"),
         QStringLiteral("Play a scenario (builtin:NAME or a .rls file) in the window (offscreen "
                        "unless QT_QPA_PLATFORM names a platform) and write its slides to --to "
                        "FILE: a page per caption and per `snapshot` line, in --language, "
                        "--theme and --large."),
         QStringLiteral("scenario")},
        {QStringLiteral("chart"),
         QStringLiteral("Which chart (%1; default timeline): with --export to .png, .svg or "
                        ".pdf, the one drawn; with --open or --charts, the one shown.")
             .arg(EnumNames::all<Chart::Kind>().join(QStringLiteral(", "))),
         QStringLiteral("name")},
        {QStringLiteral("bench-record"),
         QStringLiteral("With --headless: measure what recording costs the engine (default 50 "
                        "clients; --duration: seconds per phase, default 8).")},
        {QStringLiteral("bench-memory"),
         QStringLiteral("With --headless: whether memory stays flat on a long run (default 200 "
                        "clients; --duration: seconds measured once the history's ring is full, "
                        "default 600): RSS and heap every 10 s.")},
        {QStringLiteral("bench-timeline"),
         QStringLiteral("With --open: measure the timeline's frame times while it pans and "
                        "zooms over the run.")},
        {QStringLiteral("bench-charts"),
         QStringLiteral("With --open: the same for every chart (the timeline first), then the "
                        "time of each chart's PNG and SVG export.")},
        {QStringLiteral("theme"),
         QStringLiteral("The window's theme: dark or light (default: as last time)."),
         QStringLiteral("dark|light")},
        {QStringLiteral("large"),
         QStringLiteral("Large type for the back of the room (the same as --zoom %1).")
             .arg(TypeSize::LargePct)},
        {QStringLiteral("zoom"),
         QStringLiteral("Type size in percent of normal, %1 to %2 (default: as last time).")
             .arg(TypeSize::MinPct)
             .arg(TypeSize::MaxPct),
         QStringLiteral("percent")},
        {QStringLiteral("language"),
         QStringLiteral("The window's language: en, zh_CN, ja or system (default: as chosen "
                        "in View > Language, else the system's)."),
         QStringLiteral("code")},
        {QStringLiteral("size"),
         QStringLiteral("With --slides: the stage's and the pages' size in pixels (default "
                        "1280x720; 1920x1080 for a full-HD projector). With --export to .png, "
                        ".svg or .pdf: the chart's (default: its own); the type grows with it."),
         QStringLiteral("WxH")},
    };
}

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(QStringLiteral(
        "Redlock Scope: a visualizer and test console for the Redlock distributed lock.\n"
        "By default it starts five local redis-server nodes on free loopback ports.\n"
        "Each command (redlockscope --help) is a spelling of these flags."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions(appOptions());
}

void printError(const QString& message);

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
constexpr NumberFlag kRepeat{"repeat", 1, 100, true, ""};
constexpr NumberFlag kClients{"clients", 0, EngineConfig::kMaxClients, true, ""};
constexpr NumberFlag kLocalNodes{"local-nodes", NodeCount::Min, NodeCount::Max, true, ""};
constexpr NumberFlag kZoom{"zoom", TypeSize::MinPct, TypeSize::MaxPct, true, "percent"};
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
    double value = text.toDouble(&ok);
    // toDouble() reads "nan" and "inf"; neither is a number of anything.
    ok = ok && std::isfinite(value);
    // A whole number is read exactly: as a double 2^53 + 1 would round down into the limits.
    if (ok && flag.whole) {
        const qint64 whole = text.toLongLong(&ok);
        ok = ok && digits.match(text).hasMatch() && whole >= qint64(flag.min) &&
             whole <= qint64(flag.max);
        value = double(whole);
    }
    ok = ok && value >= flag.min && value <= flag.max;
    // "-0" reads as 0 (run until a signal): a minus sign on a flag that takes no negative
    // value is a mistake, not a zero.
    ok = ok && !(flag.min >= 0 && text.startsWith(QLatin1Char('-')));
    if (ok)
        return value;
    const QString kind = flag.whole ? QStringLiteral("a whole number") : QStringLiteral("a number");
    const QString unit =
        *flag.unit ? QStringLiteral(" of %1").arg(QLatin1String(flag.unit)) : QString();
    *error = QStringLiteral("--%1 must be %2%3 from %4 to %5, not '%6'")
                 .arg(name, kind, unit)
                 .arg(qint64(flag.min)) // the limits are whole: no "1e+06"
                 .arg(qint64(flag.max))
                 .arg(SafeText::echo(parser.value(name)));
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
           readNumberInto(parser, kRepeat, &o->repeat, error) &&
           readNumberInto(parser, kAfter, &o->screenshotAfterS, error) &&
           readNumberInto(parser, kDuration, &o->durationS, error) &&
           readNumberInto(parser, kZoom, &o->zoomPct, error) && readSeed(parser, o, error);
}

// --slides plays its scenario in the window and writes one file: no other script, mode or
// output goes with it.
QString unusedSlidesFlag(const QCommandLineParser& parser, const Options& o)
{
    if (o.slidesFrom.isEmpty())
        return {};
    for (const char* flag :
         {"headless", "scenario", "exec", "export", "open", "screenshot", "bench", "bench-ui",
          "bench-record", "bench-timeline", "bench-charts", "repeat", "json", "duration",
          "charts"}) // the stage draws the timeline itself
        if (parser.isSet(QLatin1String(flag)))
            return QStringLiteral("--slides plays its own scenario in the window and writes "
                                  "--to: --%1 does not go with it")
                .arg(QLatin1String(flag));
    return {};
}

// The flags of recorded runs: --export stands alone, --open starts no nodes, and the
// benchmarks of recording and of the timeline need their mode.
QString unusedRunFlag(const QCommandLineParser& parser, const Options& o)
{
    const auto isSet = [&parser](const char* name) { return parser.isSet(QLatin1String(name)); };
    if (isSet("record") && isSet("no-record"))
        return QStringLiteral("--record and --no-record contradict each other");
    if (!o.exportFrom.isEmpty() && o.exportTo.isEmpty())
        return QStringLiteral("--export needs --to FILE (the format comes from its extension)");
    if (!o.slidesFrom.isEmpty() && o.exportTo.isEmpty())
        return QStringLiteral("--slides needs --to FILE (.pdf or .html)");
    if (isSet("to") && o.exportFrom.isEmpty() && o.slidesFrom.isEmpty())
        return QStringLiteral("--to goes with --export or --slides");
    if (QString why = unusedSlidesFlag(parser, o); !why.isEmpty())
        return why;
    if (isSet("chart") && o.exportFrom.isEmpty() && o.openPath.isEmpty() && !o.showCharts)
        return QStringLiteral("--chart goes with --export, --open or --charts");
    const QStringList engineFlags{
        "nodes",    "config",       "local-nodes",  "redis-server",    "storage",
        "clients",  "resource",     "exec",         "scenario",        "seed",
        "bench",    "bench-ui",     "bench-record", "record",          "no-record",
        "duration", "bench-memory", "fleet",        "password-file",   "password-env",
        "tls-ca",   "tls-cert",     "tls-key",      "tls-server-name", "tls-insecure"};
    for (const QString& flag : engineFlags) {
        if (!parser.isSet(flag))
            continue;
        if (!o.exportFrom.isEmpty())
            return QStringLiteral("--export reads a run file and writes another: --%1 does not "
                                  "go with it")
                .arg(flag);
        if (!o.openPath.isEmpty())
            return QStringLiteral("--open shows a recorded run and starts no nodes: --%1 does "
                                  "not go with it")
                .arg(flag);
    }
    if (isSet("size") && o.slidesFrom.isEmpty() && o.exportFrom.isEmpty())
        return QStringLiteral("--size goes with --slides or --export");
    if (!o.exportFrom.isEmpty() &&
        (isSet("size") || isSet("theme") || isSet("large") || isSet("zoom")) &&
        !QStringList{"png", "svg", "pdf", "html"}.contains(
            QFileInfo(o.exportTo).suffix().toLower()))
        return QStringLiteral("--size, --theme, --large and --zoom draw charts: they go with an "
                              "export to .png, .svg, .pdf or .html");
    if (!o.exportFrom.isEmpty() && isSet("size") &&
        QFileInfo(o.exportTo).suffix().toLower() == QLatin1String("html"))
        return QStringLiteral("--size sets one chart's picture: the HTML report sizes its "
                              "charts for a page (--theme, --large and --zoom apply)");
    if (!o.exportFrom.isEmpty() && (isSet("open") || isSet("screenshot") || isSet("charts") ||
                                    isSet("bench-timeline") || isSet("bench-charts")))
        return QStringLiteral("--export runs alone: no window, no --open, --screenshot, "
                              "--charts, --bench-timeline or --bench-charts");
    if (isSet("chart") && !o.exportFrom.isEmpty() &&
        !QStringList{"png", "svg", "pdf"}.contains(QFileInfo(o.exportTo).suffix().toLower()))
        return QStringLiteral("--chart picks the chart of a .png, .svg or .pdf export");
    if (!o.openPath.isEmpty() && o.headless)
        return QStringLiteral("--open shows a run in the window, not --headless (--export "
                              "writes files)");
    if (o.benchTimeline && o.openPath.isEmpty())
        return QStringLiteral("--bench-timeline goes with --open RUN");
    if (o.benchCharts && o.openPath.isEmpty())
        return QStringLiteral("--bench-charts goes with --open RUN");
    if (o.benchCharts && o.benchTimeline)
        return QStringLiteral("--bench-charts measures the timeline too: one of them");
    if (o.benchRecord && (!o.headless || o.bench))
        return QStringLiteral("--bench-record runs with --headless, alone");
    if (o.benchMemory &&
        (!o.headless || o.bench || o.benchRecord || isSet("exec") || isSet("scenario")))
        return QStringLiteral("--bench-memory runs with --headless, alone");
    if (isSet("repeat") && (!o.headless || o.scenario.isEmpty()))
        return QStringLiteral("--repeat plays a scenario headless: it goes with --headless "
                              "--scenario");
    if (isSet("repeat") && isSet("record"))
        return QStringLiteral("--repeat records each run in the run folder: one --record file "
                              "cannot hold them");
    if (isSet("record") && (o.bench || o.benchRecord || o.benchMemory))
        return QStringLiteral("--record does not go with a benchmark of the lock or of "
                              "recording (they manage their own files)");
    return {};
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
    if (isSet("seed") && !isSet("exec") && !isSet("scenario") && !isSet("slides"))
        return QStringLiteral("--seed goes with --scenario, --exec or --slides");
    if ((isSet("allow-exec") || isSet("allow-destructive")) && !isSet("scenario") &&
        !isSet("slides") && !isSet("config"))
        return QStringLiteral("--allow-exec and --allow-destructive go with a file that needs "
                              "them: --scenario, --slides or --config");
    if (o.bench && (isSet("exec") || isSet("scenario")))
        return QStringLiteral("--bench runs no scenario");
    if ((isSet("strategies") || isSet("contention") || isSet("vs-node-redlock")) && !o.bench)
        return QStringLiteral("--strategies, --contention and --vs-node-redlock go with --bench");
    if (int(isSet("strategies")) + int(isSet("contention")) + int(isSet("vs-node-redlock")) > 1)
        return QStringLiteral("--strategies, --contention and --vs-node-redlock: one benchmark "
                              "at a time");
    if (o.benchNodeRedlock && (isSet("nodes") || isSet("storage") || isSet("config")))
        return QStringLiteral("--vs-node-redlock starts its own nodes and storage, and runs "
                              "node-redlock's workload: no --nodes, --storage or --config");
    if (isSet("bench-cycles") && (!o.benchStrategies.isEmpty() || o.benchNodeRedlock))
        return QStringLiteral("--bench-cycles does not apply to --strategies, --contention or "
                              "--vs-node-redlock (they run for a time)");
    if (isSet("bench-cycles") && !o.bench)
        return QStringLiteral("--bench-cycles goes with --bench");
    if (isSet("json") && !o.bench && !o.benchUi && !o.benchMemory)
        return QStringLiteral("--json goes with --bench, --bench-ui or --bench-memory");
    if (isSet("after") && o.screenshotPath.isEmpty())
        return QStringLiteral("--after goes with --screenshot");
    if (isSet("duration") && !o.headless && !o.benchUi)
        return QStringLiteral("--duration goes with --headless or --bench-ui");
    if (isSet("duration") && o.bench && !o.benchNodeRedlock)
        return QStringLiteral("--duration does not apply to --bench (see --bench-cycles), only "
                              "to --bench --vs-node-redlock");
    if (isSet("clients") && o.bench)
        return QStringLiteral("--clients does not apply to --bench (it measures one client)");
    if (o.headless && (isSet("theme") || isSet("large") || isSet("zoom") || isSet("language")))
        return QStringLiteral("--theme, --large, --zoom and --language are for the window, not "
                              "--headless");
    if (isSet("large") && isSet("zoom"))
        return QStringLiteral("--large and --zoom: one or the other (--large is --zoom %1)")
            .arg(TypeSize::LargePct);
    if (!o.config.nodes.isEmpty() && (isSet("local-nodes") || isSet("redis-server")))
        return QStringLiteral("--local-nodes and --redis-server are for local nodes, but the "
                              "nodes are given (--nodes or the config file)");
    if (isSet("local-nodes") && o.config.replicated())
        return QStringLiteral("--local-nodes does not apply to --topology replicated (one master "
                              "and one replica)");
    if (isSet("tls") && !o.config.usesLocalFleet())
        return QStringLiteral("--tls starts the local nodes with TLS; your own nodes are given "
                              "as rediss:// (with --tls-ca)");
    if (isSet("redis-sentinel") && !o.config.replicated())
        return QStringLiteral("--redis-sentinel goes with --topology replicated");
    if (o.bench && o.config.replicated())
        return QStringLiteral("--bench measures independent masters, not --topology replicated");
    return unusedRunFlag(parser, o);
}

// `--strategies all|NAME,NAME` (failover only where Sentinel runs), or Redlock alone for
// `--contention`.
bool readBenchStrategies(const QCommandLineParser& parser, Options* o, QString* error)
{
    o->benchContention = parser.isSet(QStringLiteral("contention"));
    o->benchNodeRedlock = parser.isSet(QStringLiteral("vs-node-redlock"));
    if (o->benchContention)
        o->benchStrategies = {Strategy::Kind::Redlock};
    if (!parser.isSet(QStringLiteral("strategies")))
        return true;
    const QString list = parser.value(QStringLiteral("strategies"));
    const QStringList names =
        list == QLatin1String("all") ? Strategy::names() : list.split(QLatin1Char(','));
    for (const QString& name : names) {
        const auto kind = EnumNames::parse<Strategy::Kind>(name.trimmed());
        if (!kind) {
            *error = QStringLiteral("--strategies: unknown strategy \"%1\" (known: %2, or all)")
                         .arg(SafeText::echo(name), Strategy::names().join(QStringLiteral(", ")));
            return false;
        }
        QString why;
        if (!StrategyFactory::canRun(*kind, false, &why)) { // the benchmarks run on five masters
            if (list == QLatin1String("all"))
                continue; // all that can run here
            *error = QStringLiteral("--strategies: %1").arg(why);
            return false;
        }
        o->benchStrategies << *kind;
    }
    return true;
}

bool readRunOptions(const QCommandLineParser& parser, Options* o, QString* error)
{
    o->openPath = parser.value(QStringLiteral("open"));
    o->exportFrom = parser.value(QStringLiteral("export"));
    o->exportTo = parser.value(QStringLiteral("to"));
    o->benchRecord = parser.isSet(QStringLiteral("bench-record"));
    o->benchTimeline = parser.isSet(QStringLiteral("bench-timeline"));
    o->benchCharts = parser.isSet(QStringLiteral("bench-charts"));
    o->showCharts = parser.isSet(QStringLiteral("charts"));
    o->config.recordPath = parser.value(QStringLiteral("record"));
    o->config.recordToRunFolder =
        o->config.recordPath.isEmpty() && !parser.isSet(QStringLiteral("no-record"));
    if (parser.isSet(QStringLiteral("chart"))) {
        const QString name = parser.value(QStringLiteral("chart"));
        const auto chart = EnumNames::parse<Chart::Kind>(name);
        if (!chart) {
            *error = QStringLiteral("--chart must be one of %1, not '%2'")
                         .arg(EnumNames::all<Chart::Kind>().join(QStringLiteral(", ")),
                              SafeText::echo(name));
            return false;
        }
        o->chart = *chart;
    }
    o->slidesFrom = parser.value(QStringLiteral("slides"));
    if (parser.isSet(QStringLiteral("slides")) && o->slidesFrom.isEmpty()) {
        *error = QStringLiteral("--slides needs a scenario: builtin:NAME or a .rls file");
        return false;
    }
    if (!o->exportTo.isEmpty()) {
        *error = o->slidesFrom.isEmpty() ? RunExporter::checkExtension(o->exportTo)
                                         : DeckWriter::checkExtension(o->exportTo);
        if (!error->isEmpty())
            return false;
    }
    o->force = parser.isSet(QStringLiteral("force"));
    if (o->force && o->config.recordPath.isEmpty()) {
        *error = QStringLiteral("--force goes with --record (it lets recording replace a file "
                                "that is not a run)");
        return false;
    }
    return true;
}

// Before a long run or benchmark, not after it: every output must have somewhere to go, and
// none may be a file the run reads (OutputPaths).
QString checkOutputs(const QCommandLineParser& parser, const Options& o)
{
    OutputPaths paths;
    for (const char* flag : {"config", "export", "open", "redis-server", "redis-sentinel"})
        paths.addInput(QLatin1String(flag), parser.value(QLatin1String(flag)));
    if (!o.scenario.startsWith(QLatin1String("builtin:")))
        paths.addInput(QStringLiteral("scenario"), o.scenario);
    using R = OutputPaths::Replace;
    QString why = paths.check(QStringLiteral("record"), o.config.recordPath, R::RunOnly, o.force);
    if (why.isEmpty())
        why = paths.check(QStringLiteral("to"), o.exportTo);
    if (why.isEmpty())
        why = paths.check(QStringLiteral("json"), o.jsonPath);
    if (why.isEmpty())
        why = paths.check(QStringLiteral("screenshot"), o.screenshotPath);
    return why;
}

// The failover stories need a master, its replica and Sentinel, as the window's File → Built-in
// scenarios gives them: --slides builtin:failover-... picks those local nodes too.
void pickTopologyForSlides(const QCommandLineParser& parser, Options* o)
{
    if (o->slidesFrom.startsWith(QLatin1String("builtin:failover")) &&
        !parser.isSet(QStringLiteral("topology")) && o->config.usesLocalFleet())
        o->config.topology = EngineConfig::Topology::Replicated;
}

// --exec's text, or the scenario's, read once and checked whole before anything starts: a
// typo on line 40 is refused now, as FILE:LINE:COLUMN, not found after the nodes started.
bool readScript(Options* o, QString* error)
{
    if (o->execText.isEmpty() && o->scenario.isEmpty())
        return true;
    ScenarioParser::Error why;
    std::optional<QString> text = o->execText;
    if (o->execText.isEmpty())
        text = ScenarioParser::read(o->scenario, &why);
    const QString origin = o->execText.isEmpty() ? o->scenario : QStringLiteral("--exec");
    const std::optional<Scenario> scenario =
        text ? ScenarioParser::parse(*text, origin, {o->config.nodeCount()}, &why) : std::nullopt;
    if (!scenario || !ScenarioParser::checkClients(*scenario, o->config.initialClients, &why)) {
        *error = why.message;
        return false;
    }
    // An empty script would leave a plain run going until a signal: not what was asked.
    if (scenario->lines.isEmpty()) {
        *error = QStringLiteral("%1: no command in it").arg(SafeText::echo(origin));
        return false;
    }
    // --exec is typed by the user: consent enough. A file (or a built-in scenario against the
    // user's own nodes) is asked about (ScenarioConsent).
    if (o->execText.isEmpty())
        o->scriptConsent = ScenarioConsent::of(*scenario, o->config.usesLocalFleet());
    // Slides are taken at captions and `snapshot` lines: a scenario without one makes none.
    const auto slide = [](const Scenario::Line& l) {
        return l.command.verb() == QLatin1String("say") ||
               l.command.verb() == QLatin1String("snapshot");
    };
    if (!o->slidesFrom.isEmpty() &&
        std::none_of(scenario->lines.cbegin(), scenario->lines.cend(), slide)) {
        *error = QStringLiteral("--slides %1: no `say` and no `snapshot` line, so no slide to take")
                     .arg(SafeText::echo(origin));
        return false;
    }
    o->scriptText = *text;
    return true;
}

// --size WxH: whole pixels, from a small projector's 640 × 360 to 8K.
bool readSize(const QCommandLineParser& parser, Options* o, QString* error)
{
    if (!parser.isSet(QStringLiteral("size")))
        return true;
    static const QRegularExpression form(QStringLiteral("^([0-9]{1,5})[xX×]([0-9]{1,5})$"));
    const QString text = parser.value(QStringLiteral("size")).trimmed();
    const auto m = form.match(text);
    const int w = m.hasMatch() ? m.captured(1).toInt() : 0;
    const int h = m.hasMatch() ? m.captured(2).toInt() : 0;
    if (w < 640 || h < 360 || w > 7680 || h > 4320) {
        *error = QStringLiteral("--size must be WIDTHxHEIGHT in pixels, from 640x360 to "
                                "7680x4320 (1920x1080 for a full-HD projector), not '%1'")
                     .arg(SafeText::echo(parser.value(QStringLiteral("size"))));
        return false;
    }
    o->size = QSize(w, h);
    return true;
}

// --theme and --language take one of a few words; anything else is refused with the list.
bool readPresenter(const QCommandLineParser& parser, Options* o, QString* error)
{
    if (parser.isSet(QStringLiteral("theme"))) {
        o->theme = parser.value(QStringLiteral("theme"));
        if (o->theme != QLatin1String("dark") && o->theme != QLatin1String("light")) {
            *error = QStringLiteral("--theme must be dark or light, not '%1'")
                         .arg(SafeText::echo(o->theme));
            return false;
        }
    }
    if (parser.isSet(QStringLiteral("large")))
        o->zoomPct = TypeSize::LargePct;
    if (parser.isSet(QStringLiteral("language"))) {
        o->language = parser.value(QStringLiteral("language"));
        if (o->language.isEmpty() || !Languages::isKnown(o->language)) {
            QStringList codes;
            for (const Languages::Language& l : Languages::available())
                codes << l.code;
            *error = QStringLiteral("--language must be one of %1 or system, not '%2'")
                         .arg(codes.join(QStringLiteral(", ")), SafeText::echo(o->language));
            return false;
        }
    }
    return true;
}

// An option that takes a value takes one: `--slides A --slides B` would quietly make B's deck
// only (QCommandLineParser keeps the last), and a run that does something else than asked is
// worse than none.
QString repeatedOption(const QCommandLineParser& parser)
{
    QStringList seen;
    for (const QString& name : parser.optionNames()) {
        const QStringList values = parser.values(name);
        if (values.size() > 1 && !seen.contains(name))
            return QStringLiteral("--%1 given %2 times ('%3'): one at a time")
                .arg(name)
                .arg(values.size())
                .arg(SafeText::echo(values.join(QStringLiteral("', '"))));
        seen << name;
    }
    return {};
}

// The programs a config file names (redisServer, redisSentinel) and that the command line does
// not override: a file that would start a program is asked about like a scenario's `exec`.
void noteConfigPrograms(const QCommandLineParser& parser, Options* o)
{
    const QString path = parser.value(QStringLiteral("config"));
    if (path.isEmpty())
        return;
    o->configPath = path;
    if (!parser.isSet(QStringLiteral("redis-server")) && !o->config.redisServer.isEmpty())
        o->configConsent << ScenarioConsent::program(path + QStringLiteral(": redisServer"),
                                                     o->config.redisServer);
    if (!parser.isSet(QStringLiteral("redis-sentinel")) && !o->config.redisSentinel.isEmpty())
        o->configConsent << ScenarioConsent::program(path + QStringLiteral(": redisSentinel"),
                                                     o->config.redisSentinel);
}

// Where nobody can be asked (a headless run, --repeat, --slides, a screenshot or benchmark of
// the window), what needs consent runs only when the command line gives it; otherwise exit 2
// with the lines. The window asks (MainWindow::runScenario, runWindow).
QString checkConsent(const Options& o)
{
    const bool nobodyToAsk =
        o.headless || !o.slidesFrom.isEmpty() || !o.screenshotPath.isEmpty() || o.benchUi;
    if (!nobodyToAsk)
        return {};
    const QList<ScenarioConsent::Item> refused = ScenarioConsent::unallowed(
        o.configConsent + o.scriptConsent, o.allowExec, o.allowDestructive);
    return refused.isEmpty() ? QString() : ScenarioConsent::refusal(refused);
}

// --expose: the host resolved and the ports tried now, before anything starts (exit 2 for a
// host that does not resolve, a bad port, a port taken); the engine gets the address itself, so
// its ports bind exactly that. A non-loopback address is warned about.
bool readExpose(const QCommandLineParser& parser, Options* o, QString* error)
{
    const int count = o->config.nodeCount() + 1 +
                      (o->config.replicated() ? ReplicatedTopology::SentinelCount : 0);
    const std::optional<ExposeAddress> where =
        ExposeAddress::parse(parser.value(QStringLiteral("expose")), count, error);
    if (!where) {
        *error = QStringLiteral("--expose: %1").arg(*error);
        return false;
    }
    if (*error = where->checkFree(count); !error->isEmpty()) {
        *error = QStringLiteral("--expose: %1").arg(*error);
        return false;
    }
    if (const QString warning = where->warning(count); !warning.isEmpty())
        printError(warning);
    const QString host = where->address.protocol() == QAbstractSocket::IPv6Protocol
                             ? QStringLiteral("[%1]").arg(where->address.toString())
                             : where->address.toString();
    o->config.expose = QStringLiteral("%1:%2").arg(host).arg(where->port);
    return true;
}

// --tls-*: over the config file's "tls", key by key; then stamped into every rediss://
// address, the config file's and the command line's (checked with the rest: validate()).
bool readTls(const QCommandLineParser& parser, Options* o, QString* error)
{
    TlsSettings tls = o->config.tls;
    const std::pair<const char*, QString*> files[] = {{"tls-ca", &tls.caFile},
                                                      {"tls-cert", &tls.certFile},
                                                      {"tls-key", &tls.keyFile},
                                                      {"tls-server-name", &tls.serverName}};
    for (const auto& [name, out] : files) {
        if (parser.isSet(QLatin1String(name)))
            *out = parser.value(QLatin1String(name));
    }
    if (parser.isSet(QStringLiteral("tls-insecure")))
        tls.insecure = true;
    o->config.setTls(tls);
    for (const char* name : {"tls-ca", "tls-cert", "tls-key", "tls-server-name", "tls-insecure"}) {
        if (parser.isSet(QLatin1String(name)) && !o->config.usesTls()) {
            *error = QStringLiteral("--%1 is for rediss:// nodes or storage, and none is given")
                         .arg(QLatin1String(name));
            return false;
        }
    }
    return true;
}

bool readOptions(const QCommandLineParser& parser, Options* o, QString* error)
{
    if (*error = repeatedOption(parser); !error->isEmpty())
        return false;
    if (parser.isSet(QStringLiteral("config"))) {
        auto config = EngineConfig::loadFile(parser.value(QStringLiteral("config")), error);
        if (!config)
            return false;
        o->config = *config;
    }
    o->allowExec = parser.isSet(QStringLiteral("allow-exec"));
    o->allowDestructive = parser.isSet(QStringLiteral("allow-destructive"));
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
    if (parser.isSet(QStringLiteral("fleet"))) {
        if (parser.isSet(QStringLiteral("nodes")) || parser.isSet(QStringLiteral("config"))) {
            *error = QStringLiteral("--fleet names the nodes: no --nodes or --config with it");
            return false;
        }
        if (!NodePasswords::applyFleet(parser, &o->config, error))
            return false;
    }
    if (!NodePasswords::apply(parser, &o->config, error))
        return false;
    if (!readTls(parser, o, error))
        return false;
    if (parser.isSet(QStringLiteral("nodes")) || parser.isSet(QStringLiteral("storage")) ||
        parser.isSet(QStringLiteral("fleet")))
        if (*error = o->config.checkNodesDistinct(); !error->isEmpty())
            return false;
    if (parser.isSet(QStringLiteral("redis-server")))
        o->config.redisServer = parser.value(QStringLiteral("redis-server"));
    if (parser.isSet(QStringLiteral("redis-sentinel")))
        o->config.redisSentinel = parser.value(QStringLiteral("redis-sentinel"));
    if (parser.isSet(QStringLiteral("tls")))
        o->config.localTls = true;
    if (parser.isSet(QStringLiteral("topology"))) {
        const auto topology = EngineConfig::parseTopology(parser.value(QStringLiteral("topology")));
        if (!topology) {
            *error = QStringLiteral("--topology: expected independent or replicated, got '%1'")
                         .arg(SafeText::echo(parser.value(QStringLiteral("topology"))));
            return false;
        }
        o->config.topology = *topology;
    }
    if (parser.isSet(QStringLiteral("client-path"))) {
        const QString path = parser.value(QStringLiteral("client-path"));
        if (path != QLatin1String("gate") && path != QLatin1String("proxy")) {
            *error = QStringLiteral("--client-path: expected gate or proxy, got '%1'")
                         .arg(SafeText::echo(path));
            return false;
        }
        o->config.clientPath = path == QLatin1String("proxy") ? EngineConfig::ClientPath::Proxy
                                                              : EngineConfig::ClientPath::Gate;
    }
    if (parser.isSet(QStringLiteral("resource")))
        o->config.resource = parser.value(QStringLiteral("resource")).toUtf8();
    if (!readNumbers(parser, o, error))
        return false;
    if (parser.isSet(QStringLiteral("expose")) && !readExpose(parser, o, error))
        return false;
    o->headless = parser.isSet(QStringLiteral("headless"));
    o->bench = parser.isSet(QStringLiteral("bench"));
    o->benchUi = parser.isSet(QStringLiteral("bench-ui"));
    if (!readBenchStrategies(parser, o, error))
        return false;
    if (o->benchUi && !parser.isSet(QStringLiteral("clients")))
        o->config.initialClients = 50;
    if (!readPresenter(parser, o, error) || !readSize(parser, o, error))
        return false;
    o->nodesGiven =
        parser.isSet(QStringLiteral("nodes")) || parser.isSet(QStringLiteral("config")) ||
        parser.isSet(QStringLiteral("fleet")) || parser.isSet(QStringLiteral("local-nodes"));
    o->jsonPath = parser.value(QStringLiteral("json"));
    o->screenshotPath = parser.value(QStringLiteral("screenshot"));
    if (o->benchRecord = parser.isSet(QStringLiteral("bench-record")); o->benchRecord) {
        if (!parser.isSet(QStringLiteral("clients")))
            o->config.initialClients = 50;
        // No work and no think time: the engine never waits, so any cost shows.
        o->config.clientDefaults.workMinMs = o->config.clientDefaults.workMaxMs = 0;
        o->config.clientDefaults.thinkMs = 0;
    }
    if (o->benchMemory = parser.isSet(QStringLiteral("bench-memory")); o->benchMemory) {
        if (!parser.isSet(QStringLiteral("clients")))
            o->config.initialClients = EngineConfig::kMaxClients; // 200
    }
    if (!readRunOptions(parser, o, error))
        return false;
    // Before unusedFlag: --repeat goes with --scenario, and was refused while it was unread.
    o->execText = parser.value(QStringLiteral("exec"));
    if (parser.isSet(QStringLiteral("exec")) && o->execText.trimmed().isEmpty()) {
        *error = QStringLiteral("--exec needs command lines (\"client add C1; sleep 5000\")");
        return false;
    }
    o->scenario =
        o->slidesFrom.isEmpty() ? parser.value(QStringLiteral("scenario")) : o->slidesFrom;
    if (!o->slidesFrom.isEmpty())
        pickTopologyForSlides(parser, o);
    if (*error = unusedFlag(parser, *o); !error->isEmpty())
        return false;
    o->listScenarios = parser.isSet(QStringLiteral("list-scenarios"));
    if (*error = checkOutputs(parser, *o); !error->isEmpty())
        return false;
    // A script brings its own clients: none at start unless asked for.
    if ((!o->execText.isEmpty() || !o->scenario.isEmpty()) &&
        !parser.isSet(QStringLiteral("clients")))
        o->config.initialClients = 0;
    if (!readScript(o, error))
        return false;
    noteConfigPrograms(parser, o);
    if (*error = checkConsent(*o); !error->isEmpty())
        return false;
    if (*error = o->config.validate(); !error->isEmpty())
        return false;
    // The benchmark opens its own few connections, not clients; a recorded run none.
    if (!o->bench && o->openPath.isEmpty() && o->exportFrom.isEmpty()) {
        FileBudget budget(o->config.nodeCount(), o->config.usesLocalFleet());
        budget.setClientsViaProxy(o->config.clientPath == EngineConfig::ClientPath::Proxy);
        *error = budget.check(o->config.initialClients);
    }
    return error->isEmpty();
}

// A message on stderr, printable (it may echo a path or a value holding ESC).
void printError(const QString& message)
{
    fprintf(stderr, "redlockscope: %s\n", qPrintable(SafeText::printable(message)));
}

int runHeadless(const Options& o)
{
    if (o.bench && o.benchNodeRedlock) {
        NodeRedlockBenchmark::Options bench;
        bench.config = o.config;
        if (o.durationS > 0)
            bench.phaseSeconds = int(std::ceil(o.durationS));
        bench.jsonPath = o.jsonPath;
        return NodeRedlockBenchmark(bench).run();
    }
    if (o.bench && !o.benchStrategies.isEmpty()) {
        StrategyBenchmark::Options bench;
        bench.config = o.config;
        bench.strategies = o.benchStrategies;
        bench.contention = o.benchContention;
        bench.jsonPath = o.jsonPath;
        return StrategyBenchmark(bench).run();
    }
    if (o.bench) {
        Benchmark::Options bench;
        bench.config = o.config;
        bench.cycles = o.benchCycles;
        bench.frozenCycles = std::max(100, o.benchCycles / 3);
        bench.jsonPath = o.jsonPath;
        Benchmark benchmark(bench);
        return benchmark.run();
    }
    if (o.benchMemory) {
        MemoryBenchmark::Options bench;
        bench.config = o.config;
        if (o.durationS > 0)
            bench.seconds = int(std::ceil(o.durationS));
        bench.jsonPath = o.jsonPath;
        return MemoryBenchmark(bench).run();
    }
    if (o.benchRecord) {
        RecordBenchmark::Options bench;
        bench.config = o.config;
        if (o.durationS > 0)
            bench.phaseSeconds = int(std::ceil(o.durationS));
        return RecordBenchmark(bench).run();
    }
    HeadlessRun::Options run;
    run.config = o.config;
    // --repeat makes a run file per run: none here, or an empty one would count among those kept.
    if (run.config.recordToRunFolder && o.repeat <= 1) {
        QString error;
        run.config.recordPath = RunFolder().newRun(&error);
        if (!error.isEmpty())
            printError(QStringLiteral("this run is not recorded: %1").arg(error));
    }
    run.durationS = o.durationS;
    run.source = o.execText.isEmpty() ? o.scenario : QStringLiteral("--exec");
    run.scriptText = o.scriptText;
    run.seed = o.seed;
    if (o.repeat > 1)
        return RepeatedRun(run, o.repeat).exec();
    HeadlessRun headless(run);
    return headless.exec();
}

int runSlides(const Options& o)
{
    SlidesCommand::Options slides;
    slides.config = o.config;
    slides.source = o.slidesFrom;
    slides.scriptText = o.scriptText;
    slides.seed = o.seed;
    slides.to = o.exportTo;
    slides.theme = o.theme;
    slides.zoomPct = o.zoomPct;
    slides.language = o.language;
    slides.size = o.size.isValid() ? o.size : QSize(1280, 720);
    slides.allowExec = o.allowExec;
    slides.allowDestructive = o.allowDestructive;
    return SlidesCommand(slides).exec();
}

int listScenarios()
{
    for (const QString& name : ScenarioLibrary::names())
        printf("builtin:%-28s %s\n", qPrintable(name), qPrintable(ScenarioLibrary::title(name)));
    return 0;
}

// `--export RUN --to FILE`: no window, no engine; a file in, a file out. Its words (chart
// titles, axes, legends, the report) in the app's language: --language, else the one chosen
// in the window last.
int runExport(const Options& o)
{
    QElapsedTimer clock;
    clock.start();
    Languages::install(o.language.isEmpty() ? AppSettings(AppSettings::Access::ReadOnly).language()
                                            : o.language);
    QString error;
    const std::shared_ptr<const RecordedRun> run = RunReader::read(o.exportFrom, &error);
    if (!run) {
        printError(error);
        return 2;
    }
    const double readS = clock.elapsed() / 1000.0;
    if (!run->readProblems().isEmpty())
        printError(QStringLiteral("%1: %2").arg(o.exportFrom, run->readProblems()));
    clock.restart();
    ExportLook look;
    look.size = o.size;
    look.typeScale = o.zoomPct > 0 ? o.zoomPct / 100.0 : 1.0;
    look.dark = o.theme == QLatin1String("dark");
    QString note; // a chart's: how large its smallest text came out, for whoever projects it
    if (!RunExporter::write(run, o.exportTo, o.chart, &error, look, &note)) {
        printError(error);
        return 2;
    }
    if (!note.isEmpty())
        printf("redlockscope: %s: %s\n", qPrintable(SafeText::printable(o.exportTo)),
               qPrintable(note));
    const QString done = QStringLiteral("redlockscope: %1 (%2) read in %3 s, %4 written in %5 s")
                             .arg(o.exportFrom, run->summary())
                             .arg(readS, 0, 'f', 2)
                             .arg(o.exportTo)
                             .arg(clock.elapsed() / 1000.0, 0, 'f', 2);
    printf("%s\n", qPrintable(SafeText::printable(done)));
    return 0;
}

// `--open RUN`: the window shows a recorded run; no engine, no nodes.
int openRun(MainWindow& window, const Options& o)
{
    QElapsedTimer clock;
    clock.start();
    QString error;
    if (!window.openRun(o.openPath, &error)) {
        printError(error);
        return 2;
    }
    printf("redlockscope: opened %s in %.2f s\n", qPrintable(SafeText::printable(window.runPath())),
           clock.elapsed() / 1000.0);
    fflush(stdout);
    return 0;
}

// A script's steps and verdict on the terminal; failed steps counted into *failures.
void reportScript(QApplication& app, EngineController& engine, int* failures)
{
    QObject::connect(&engine, &EngineController::stepFinished, &app,
                     [failures](const QString& origin, int line, bool ok, const QString& message) {
                         if (origin == QLatin1String("console"))
                             return;
                         *failures += ok ? 0 : 1;
                         fprintf(ok ? stdout : stderr, "redlockscope: %s line %d: %s%s\n",
                                 qPrintable(SafeText::printable(origin)), line, ok ? "" : "FAILED ",
                                 qPrintable(SafeText::printable(message)));
                         fflush(ok ? stdout : stderr);
                     });
    QObject::connect(&engine, &EngineController::scenarioFinished, &app,
                     [](const ScenarioResult& result) {
                         fprintf(stdout, "redlockscope: %s\n",
                                 qPrintable(SafeText::printable(result.verdictLine())));
                         fflush(stdout);
                     });
}

// A scenario still playing ends as headless: its verdict INTERRUPTED (printed by
// reportScript), then exit 3, or exit 3 without one should the engine not answer at once.
void interruptScript(QApplication& app, EngineController& engine, const QString& why)
{
    QObject::connect(&engine, &EngineController::scenarioFinished, &app,
                     [&app] { app.exit(Interruption::ExitCode); });
    QTimer::singleShot(300, &app, [&app] { app.exit(Interruption::ExitCode); });
    engine.interruptScenario(why);
}

// The window's question about the config file's programs (ScenarioConsent), once per program:
// empty when they may run, the refusal when the user said no.
QString askConfigConsent(const Options& o, AppSettings* settings)
{
    const QList<ScenarioConsent::Item> ask =
        ScenarioConsent::unallowed(o.configConsent, o.allowExec, o.allowDestructive);
    if (ask.isEmpty())
        return {};
    QStringList programs;
    for (const ScenarioConsent::Item& item : ask)
        programs << item.text;
    const QString key = ScenarioConsent::contentKey(o.configPath, programs.join(QLatin1Char('\n')));
    if (settings->isConsented(key))
        return {};
    if (!ConsentDialog::ask(nullptr, o.configPath, ScenarioConsent::lines(ask)))
        return QStringLiteral("not started: %1 names programs to start, and they were not "
                              "agreed to")
            .arg(o.configPath);
    settings->addConsent(key);
    return {};
}

// What the user chose last time, then what the command line says for this run. A scripted
// run (screenshot, benchmark) reads the settings but never writes them.
int runWindow(QApplication& app, const Options& o)
{
    const bool scriptedRun = !o.screenshotPath.isEmpty() || o.benchUi;
    AppSettings settings(scriptedRun ? AppSettings::Access::ReadOnly
                                     : AppSettings::Access::ReadWrite);
    Languages::install(o.language.isEmpty() ? settings.language() : o.language);
    EngineConfig config = o.config;
    if (!o.nodesGiven && !scriptedRun && o.execText.isEmpty() && o.scenario.isEmpty()) {
        if (const auto last = settings.lastFleet(config))
            config = *last; // the nodes of last time: local or the user's own
    }
    // A config file that would start a program is asked about before anything starts.
    if (const QString refused = askConfigConsent(o, &settings); !refused.isEmpty()) {
        printError(refused);
        return 2;
    }
    MainWindow window(config);
    window.resize(1280, 720);
    window.setAppSettings(&settings);
    window.allowWithoutAsking(o.allowExec, o.allowDestructive);
    if (!o.language.isEmpty() && settings.isWritable())
        settings.setLanguage(o.language == QLatin1String("system") ? QString() : o.language);
    if (!o.theme.isEmpty())
        window.setDarkTheme(o.theme == QLatin1String("dark"));
    if (o.zoomPct > 0)
        window.setTypeScale(o.zoomPct / 100.0);
    if (scriptedRun)
        window.resize(1280, 720); // a picture of a known size, whatever was remembered
    window.show();
    if (!o.openPath.isEmpty()) {
        if (const int code = openRun(window, o); code != 0)
            return code;
        if (o.benchTimeline)
            return ChartBenchmark::timeline(window.charts()->data());
        if (o.benchCharts)
            return ChartBenchmark::charts(window.charts()->data());
    } else {
        window.startEngine();
    }
    if (o.showCharts || o.benchUi)
        window.setChartsVisible(true); // the live timeline is part of what --bench-ui measures
    if (!o.openPath.isEmpty() || o.showCharts)
        window.charts()->setCurrentChart(o.chart);
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
        window.runScenario(o.execText.isEmpty() ? o.scenario : QStringLiteral("--exec"),
                           o.scriptText, o.seed);
    int scriptFailures = 0;
    if (window.controller()) // none while a recorded run is shown
        reportScript(app, *window.controller(), &scriptFailures);
    // A signal closes the window as asked (0), but a screenshot, a benchmark or a scenario
    // from the command line it stops before its end did not deliver what was asked for (3).
    bool screenshotTaken = false;
    bool scriptDone = !scripted;
    if (window.controller())
        QObject::connect(window.controller(), &EngineController::scenarioFinished, &app,
                         [&scriptDone](const ScenarioResult&) { scriptDone = true; });
    // The engine's start ran the keychain's nested event loop, where a signal may have come
    // already: onRequest() hears it then too (it was lost, and the watchdog ended the app).
    Interruption::instance().onRequest(&app, [&] {
        const QString by =
            QStringLiteral("interrupted by %1").arg(Interruption::instance().signalName());
        if (benchmark) {
            benchmark->interrupt();
        } else if (!o.screenshotPath.isEmpty() && !screenshotTaken) {
            printError(by + QStringLiteral(" before the screenshot was taken"));
            app.exit(Interruption::ExitCode);
        } else if (!scriptDone && window.controller()) {
            interruptScript(app, *window.controller(), by);
        } else {
            app.quit();
        }
    });
    if (!o.screenshotPath.isEmpty()) {
        QTimer::singleShot(int(o.screenshotAfterS * 1000), &app, [&] {
            screenshotTaken = true;
            if (!window.saveScreenshot(o.screenshotPath)) {
                printError(QStringLiteral("cannot write %1").arg(o.screenshotPath));
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

// `--export FILE` and `--export=FILE` alike.
bool hasFlagPrefix(int argc, char** argv, const char* flag)
{
    const size_t length = std::strlen(flag);
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], flag, length) == 0 &&
            (argv[i][length] == '\0' || argv[i][length] == '='))
            return true;
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

// The flag form still runs as it always did; typed at a terminal it also shows the command
// form it has now (`--headless --scenario X` is `run X`), passwords masked. Scripts that read
// stderr see nothing new.
void sayCommandForm(const QStringList& given)
{
    if (!isatty(STDERR_FILENO))
        return;
    const QString form = Subcommand::commandForm(given, appOptions(), SearchCommand::options());
    if (!form.isEmpty())
        fprintf(stderr, "redlockscope: the same as: %s\n",
                NodePasswords::masked(SafeText::printable(form).toLocal8Bit()).constData());
}

// A command line that starts with a command (`run FILE`, `export RUN --to FILE`) in its flag
// form, in `storage` (argv's strings must outlive the application object); help and bad use
// answered here. Returns the exit code when nothing is left to run.
std::optional<int> spellAsFlags(int* argc, char*** argv, std::vector<QByteArray>* storage,
                                std::vector<char*>* pointers)
{
    QStringList given;
    for (int i = 1; i < *argc; ++i)
        given << QString::fromLocal8Bit((*argv)[i]);
    const Subcommand::Result result =
        Subcommand::translate(given, appOptions(), SearchCommand::options());
    if (result.action == Subcommand::Action::Help) {
        printf("%s", qPrintable(result.text));
        return 0;
    }
    if (result.action == Subcommand::Action::Error) {
        NodePasswords::maskArguments(*argc, *argv);
        printError(result.text);
        return 2;
    }
    if (result.arguments == given) { // the flag form, as given
        sayCommandForm(given);
        return std::nullopt;
    }
    storage->emplace_back((*argv)[0]);
    for (const QString& argument : result.arguments)
        storage->push_back(argument.toLocal8Bit());
    for (QByteArray& argument : *storage)
        pointers->push_back(argument.data());
    pointers->push_back(nullptr);
    *argc = int(storage->size());
    *argv = pointers->data();
    return std::nullopt;
}

} // namespace

int main(int argc, char** argv)
{
    // Each client holds a socket per node, and the proxies hold three more: lift the soft
    // limit to the hard one before anything is opened (FileBudget checks what fits).
    QString limitError;
    FileBudget::raiseOpenFileLimit(&limitError);
    QCoreApplication::setOrganizationName(QStringLiteral("redlockscope"));
    QCoreApplication::setApplicationName(QStringLiteral("redlockscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));

    // `redlockscope run FILE` becomes `redlockscope --headless --scenario FILE` here; the
    // command line as typed (what `ps` shows) keeps its own strings, masked below.
    const int typedArgc = argc;
    char** const typedArgv = argv;
    std::vector<QByteArray> spelled;
    std::vector<char*> spelledPointers;
    if (const std::optional<int> done = spellAsFlags(&argc, &argv, &spelled, &spelledPointers))
        return *done;

    // A headless run creates no QApplication: it proves the engine stands alone. Help,
    // version, a list and a machine without a display need no window either. An export draws
    // charts without a window: Qt Charts are graphics widgets, which need a QApplication, on
    // the offscreen platform when none is named, so that it runs on any machine.
    const bool exporting = hasFlagPrefix(argc, argv, "--export");
    const bool window = !exporting && !hasFlag(argc, argv,
                                               {"--headless", "-h", "--help", "-?", "--help-all",
                                                "-v", "--version", "--list-scenarios"});
    // Slides are the window's pictures, made offscreen unless a platform is named: the same
    // deck on any machine, with or without a display.
    const bool slides = hasFlagPrefix(argc, argv, "--slides");
    if ((exporting || slides) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const bool display = hasDisplay(argc, argv);
    std::unique_ptr<QCoreApplication> app;
    if (window && display)
        app = std::make_unique<QApplication>(argc, argv);
    else if (exporting)
        app = std::make_unique<QApplication>(argc, argv);
    else
        app = std::make_unique<QCoreApplication>(argc, argv);
    // From here on a signal ends the app within Interruption::DeadlineMs, in every mode.
    Interruption::instance().install(app.get());

    // --search and --bench-search have flags of their own (app/searchcommand.cpp).
    if (SearchCommand::wanted(argc, argv))
        return SearchCommand::run();

    QCommandLineParser parser;
    addOptions(parser);
    // parse(), not process(): a bad command line exits with 2 like every other bad input.
    if (!parser.parse(QCoreApplication::arguments())) {
        printError(QStringLiteral("%1 (see --help)").arg(SafeText::echo(parser.errorText(), 200)));
        return 2;
    }
    // --help is the commands on one screen; --help-all every flag (and Qt's).
    if (parser.isSet(QStringLiteral("help"))) {
        printf("%s", qPrintable(Subcommand::overview()));
        return 0;
    }
    if (parser.isSet(QStringLiteral("help-all")) || parser.isSet(QStringLiteral("version")))
        parser.process(*app); // prints and exits with 0
    Options options;
    QString error;
    const bool read = readOptions(parser, &options, &error);
    // Read: a password given in --nodes or --storage is no longer shown by `ps`.
    NodePasswords::maskArguments(argc, argv);
    if (argv != typedArgv)
        NodePasswords::maskArguments(typedArgc, typedArgv);
    if (!read) {
        printError(error);
        return 2;
    }
    if (!limitError.isEmpty())
        printError(limitError);
    if (window && !display) {
        fprintf(stderr, "redlockscope: no display (DISPLAY is not set): run under xvfb-run, set "
                        "QT_QPA_PLATFORM=offscreen, or use --headless\n");
        return 2;
    }
    if (options.listScenarios)
        return listScenarios();
    if (exporting)
        return runExport(options);
    if (options.headless)
        return runHeadless(options);
    if (!options.slidesFrom.isEmpty())
        return runSlides(options);
    return runWindow(static_cast<QApplication&>(*app), options);
}
