// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchcommand.h"

#include "interruption.h"

#include "base/enumnames.h"
#include "base/regularfile.h"
#include "base/safetext.h"
#include "bench/searchbenchmark.h"
#include "commands/commandparser.h"
#include "scenario/scenarioconsent.h"
#include "scenario/scenarioparser.h"
#include "search/counterexamplesearch.h"
#include "search/searchpreset.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <cmath>
#include <cstring>

namespace {

// A numeric flag: every value outside its limits is refused with them in the message.
struct Limits
{
    const char* name;
    double min;
    double max;
    bool whole;
};

constexpr Limits kClients{"clients", 1, 20, true};
constexpr Limits kBudget{"budget", 1, 86400, false};
constexpr Limits kTrials{"trials", 1, 1'000'000, true};
constexpr Limits kSeed{"seed", 0, 9007199254740991.0, true}; // below 2^53: a scenario's seed
constexpr Limits kJobs{"jobs", 1, 16, true};
constexpr Limits kMaxFaulty{"max-faulty", 0, 9, true};
constexpr Limits kLocalNodes{"local-nodes", 1, 9, true};

// Invalid trials in a row, before any ran, after which the nodes are taken not to start.
constexpr int InvalidAtStart = 3;

std::optional<double> number(const QCommandLineParser& parser, const Limits& l, QString* error)
{
    static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
    const QString text = parser.value(QLatin1String(l.name)).trimmed();
    bool ok = false;
    double value = text.toDouble(&ok);
    ok = ok && std::isfinite(value);
    if (ok && l.whole) {
        const qint64 whole = text.toLongLong(&ok);
        ok = ok && digits.match(text).hasMatch();
        value = double(whole);
    }
    if (ok && value >= l.min && value <= l.max)
        return value;
    *error = QStringLiteral("--%1 must be %2 from %3 to %4, not '%5'")
                 .arg(QLatin1String(l.name),
                      l.whole ? QStringLiteral("a whole number") : QStringLiteral("a number"))
                 .arg(qint64(l.min))
                 .arg(qint64(l.max))
                 .arg(text);
    return std::nullopt;
}

template <typename T>
bool read(const QCommandLineParser& parser, const Limits& l, T* out, QString* error)
{
    if (!parser.isSet(QLatin1String(l.name)))
        return true;
    const auto value = number(parser, l, error);
    if (value)
        *out = T(*value);
    return value.has_value();
}

void print(FILE* stream, const QString& text)
{
    fprintf(stream, "%s\n", qPrintable(text));
    fflush(stream);
}

QString tally(const QMap<QString, int>& faults)
{
    QStringList parts;
    for (auto it = faults.cbegin(); it != faults.cend(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

} // namespace

bool SearchCommand::wanted(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--search") == 0 || std::strcmp(argv[i], "--bench-search") == 0)
            return true;
    return false;
}

QList<QCommandLineOption> SearchCommand::searchOptions()
{
    return {
        {QStringLiteral("headless"), QStringLiteral("Run without a window (required).")},
        {QStringLiteral("preset"),
         QStringLiteral("Start from a rung under its hazard (%1); the other flags override it.")
             .arg([] {
                 QStringList names;
                 for (const SearchPreset& p : SearchPreset::all())
                     names << p.name;
                 return names.join(QStringLiteral(", "));
             }()),
         QStringLiteral("name")},
        {QStringLiteral("strategy"),
         QStringLiteral("The rung the clients lock with (default redlock; failover with "
                        "--topology replicated)."),
         QStringLiteral("name")},
        {QStringLiteral("set"),
         QStringLiteral("Pin a client setting (key=value, as in `defaults`); repeat for more. "
                        "The others are drawn from ranges around the TTL."),
         QStringLiteral("key=value")},
        {QStringLiteral("faults"),
         QStringLiteral("The faults a schedule may draw: %1 (default: none).")
             .arg(EnumNames::all<SearchOptions::FaultKind>().join(QLatin1Char(','))),
         QStringLiteral("list")},
        {QStringLiteral("persistence"),
         QStringLiteral("The nodes' AOF: none (default), everysec or always."),
         QStringLiteral("mode")},
        {QStringLiteral("clients"), QStringLiteral("Clients per schedule, 1 to 20 (default 2)."),
         QStringLiteral("n")},
        {QStringLiteral("max-faulty"),
         QStringLiteral("At most this many nodes faulty at once (default: a minority)."),
         QStringLiteral("n")},
        {QStringLiteral("budget"),
         QStringLiteral("Search for this many seconds (default %1).")
             .arg(SearchOptions::DefaultBudgetS),
         QStringLiteral("seconds")},
        {QStringLiteral("trials"), QStringLiteral("Or search this many schedules."),
         QStringLiteral("n")},
        {QStringLiteral("seed"),
         QStringLiteral("The search's seed (default 1): the same seed and options try the same "
                        "schedules."),
         QStringLiteral("n")},
        {QStringLiteral("jobs"),
         QStringLiteral("Trials at once, each on its own nodes, 1 to 16 (default 1)."),
         QStringLiteral("n")},
        {QStringLiteral("out"),
         QStringLiteral("Save the counterexample here (.rls, and the run it was told from, "
                        ".jsonl; default: the current folder)."),
         QStringLiteral("dir")},
        {QStringLiteral("expect"),
         QStringLiteral("The property: a file of `expect` lines (or lines that must come true, "
                        "such as a `wait until`) run after each schedule, instead of the "
                        "checker's safety verdict."),
         QStringLiteral("file")},
        {QStringLiteral("allow-exec"),
         QStringLiteral("Let the --expect file's `exec` lines start their programs (refused "
                        "without it).")},
        {QStringLiteral("topology"), QStringLiteral("independent (default) or replicated."),
         QStringLiteral("kind")},
        {QStringLiteral("local-nodes"), QStringLiteral("Lock nodes per trial (odd, default 5)."),
         QStringLiteral("n")},
        {QStringLiteral("redis-server"), QStringLiteral("The redis-server binary."),
         QStringLiteral("path")},
        {QStringLiteral("redis-sentinel"), QStringLiteral("The redis-sentinel binary."),
         QStringLiteral("path")},
    };
}

QList<QCommandLineOption> SearchCommand::benchOptions()
{
    return {
        {QStringLiteral("rungs"),
         QStringLiteral("With --bench-search: the presets to run (a comma-separated list; "
                        "default all)."),
         QStringLiteral("list")},
        {QStringLiteral("json"), QStringLiteral("With --bench-search: write the figures as JSON."),
         QStringLiteral("file")},
    };
}

QList<QCommandLineOption> SearchCommand::options()
{
    return searchOptions() + benchOptions();
}

bool SearchCommand::readOptions(const QCommandLineParser& parser, SearchOptions* o, QString* error)
{
    if (!parser.isSet(QStringLiteral("headless"))) {
        *error = QStringLiteral("--search runs with --headless (the window has Tools > Search "
                                "for a counterexample)");
        return false;
    }
    if (parser.isSet(QStringLiteral("preset"))) {
        const auto preset = SearchPreset::find(parser.value(QStringLiteral("preset")));
        if (!preset) {
            *error = QStringLiteral("--preset: unknown preset '%1' (see --help)")
                         .arg(parser.value(QStringLiteral("preset")));
            return false;
        }
        *o = preset->options;
        o->budgetS = preset->budgetS;
    }
    if (parser.isSet(QStringLiteral("topology"))) {
        const auto topology = EngineConfig::parseTopology(parser.value(QStringLiteral("topology")));
        if (!topology) {
            *error = QStringLiteral("--topology: expected independent or replicated, got '%1'")
                         .arg(parser.value(QStringLiteral("topology")));
            return false;
        }
        o->topology = *topology;
        if (o->topology == EngineConfig::Topology::Replicated && !parser.isSet("strategy"))
            o->strategy = Strategy::Kind::Failover;
    }
    if (parser.isSet(QStringLiteral("strategy"))) {
        const QString name = parser.value(QStringLiteral("strategy"));
        const auto kind = EnumNames::parse<Strategy::Kind>(name);
        if (!kind) {
            *error = QStringLiteral("--strategy: unknown strategy '%1' (known: %2)")
                         .arg(name, Strategy::names().join(QStringLiteral(", ")));
            return false;
        }
        o->strategy = *kind;
    }
    if (parser.isSet(QStringLiteral("set"))) {
        o->pinned = parser.values(QStringLiteral("set"));
        for (const QString& a : std::as_const(o->pinned)) {
            if (a.section(QLatin1Char('='), 0, 0).trimmed().toLower() ==
                QLatin1String("strategy")) {
                *error = QStringLiteral("--set strategy=...: the rung is --strategy");
                return false;
            }
        }
    }
    if (parser.isSet(QStringLiteral("faults"))) {
        const auto faults =
            SearchOptions::parseFaults(parser.value(QStringLiteral("faults")), error);
        if (!faults) {
            *error = QStringLiteral("--faults: ") + *error;
            return false;
        }
        o->faults = *faults;
    }
    if (parser.isSet(QStringLiteral("persistence"))) {
        const auto mode =
            SearchOptions::parsePersistence(parser.value(QStringLiteral("persistence")));
        if (!mode) {
            *error = QStringLiteral("--persistence: expected none, everysec or always, got '%1'")
                         .arg(parser.value(QStringLiteral("persistence")));
            return false;
        }
        o->persistence = *mode;
    }
    if (parser.isSet(QStringLiteral("budget")) && parser.isSet(QStringLiteral("trials"))) {
        *error = QStringLiteral("--budget and --trials: one or the other");
        return false;
    }
    if (parser.isSet(QStringLiteral("trials")))
        o->budgetS = 0;
    if (!read(parser, kClients, &o->clients, error) || !read(parser, kBudget, &o->budgetS, error) ||
        !read(parser, kTrials, &o->trials, error) || !read(parser, kSeed, &o->seed, error) ||
        !read(parser, kJobs, &o->jobs, error) || !read(parser, kMaxFaulty, &o->maxFaulty, error) ||
        !read(parser, kLocalNodes, &o->localNodes, error))
        return false;
    if (o->trials == 0 && o->budgetS <= 0)
        o->budgetS = SearchOptions::DefaultBudgetS;
    o->outDir = parser.isSet(QStringLiteral("out")) ? parser.value(QStringLiteral("out"))
                                                    : QStringLiteral(".");
    // Where the finding goes is checked before the search, not after an hour of it.
    if (const QFileInfo out(o->outDir); out.exists() && !out.isDir()) {
        *error = QStringLiteral("--out %1 is not a folder (a counterexample is saved as two "
                                "files in it)")
                     .arg(SafeText::echo(o->outDir));
        return false;
    }
    o->redisServer = parser.value(QStringLiteral("redis-server"));
    o->redisSentinel = parser.value(QStringLiteral("redis-sentinel"));
    if (parser.isSet(QStringLiteral("expect"))) {
        // A scenario's own checks: a regular file of at most a scenario's size (a FIFO
        // would hang the search before it starts, /dev/zero fill the memory).
        const QString path = parser.value(QStringLiteral("expect"));
        const std::optional<QByteArray> text = RegularFile::read(
            path, ScenarioParser::MaxFileBytes, QStringLiteral("a property"), error);
        if (!text) {
            *error = QStringLiteral("--expect: %1").arg(*error);
            return false;
        }
        o->property = QString::fromUtf8(*text).trimmed();
        o->propertyOrigin = path;
        if (!o->hasProperty()) {
            *error = QStringLiteral("--expect %1: no line in it").arg(path);
            return false;
        }
        // Its lines run after every trial: an `exec` there starts a program from a file.
        ScenarioParser::Error why;
        const std::optional<Scenario> lines =
            ScenarioParser::parse(o->property, path, CommandParser::Context{o->nodeCount()}, &why);
        const QList<ScenarioConsent::Item> needed =
            lines ? ScenarioConsent::unallowed(ScenarioConsent::of(*lines, true),
                                               parser.isSet(QStringLiteral("allow-exec")), false)
                  : QList<ScenarioConsent::Item>();
        if (!needed.isEmpty()) {
            *error = ScenarioConsent::refusal(needed);
            return false;
        }
    }
    *error = o->validate();
    return error->isEmpty();
}

int SearchCommand::run()
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "redlockscope --headless --search: random schedules of faults against a rung of the "
        "ladder, until one breaks the property; it is then shrunk and told as a scenario."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("search"), QStringLiteral("Search for a counterexample.")});
    parser.addOption({QStringLiteral("bench-search"),
                      QStringLiteral("The search's benchmark: each preset (--rungs: some), "
                                     "trials and time to a shrunk counterexample.")});
    parser.addOptions(options());
    if (!parser.parse(QCoreApplication::arguments())) {
        print(stderr,
              QStringLiteral("redlockscope: %1 (see --search --help)").arg(parser.errorText()));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        print(stdout, parser.helpText());
        return 0;
    }
    if (parser.isSet(QStringLiteral("bench-search")))
        return SearchBenchmark::run(parser);
    for (const char* flag : {"rungs", "json"}) {
        if (parser.isSet(QLatin1String(flag))) {
            print(stderr, QStringLiteral("redlockscope: --%1 goes with --bench-search")
                              .arg(QLatin1String(flag)));
            return 2;
        }
    }
    SearchOptions options;
    QString error;
    if (!readOptions(parser, &options, &error)) {
        print(stderr, QStringLiteral("redlockscope: %1").arg(error));
        return 2;
    }
    return SearchCommand(options).exec();
}

SearchCommand::SearchCommand(const SearchOptions& options, QObject* parent)
    : QObject(parent), m_options(options), m_search(new CounterexampleSearch(options, this))
{
    connect(m_search, &CounterexampleSearch::note, this,
            [](const QString& text) { print(stdout, QStringLiteral("redlockscope: ") + text); });
    connect(m_search, &CounterexampleSearch::trialFinished, this, &SearchCommand::onTrial);
    connect(m_search, &CounterexampleSearch::counterexampleFound, this, &SearchCommand::onFound);
    connect(m_search, &CounterexampleSearch::finished, this, &SearchCommand::onFinished);
    // A signal stops the search as it stops every mode: what was tried is still said, with the
    // seed to go on from, and the exit code is an interrupted run's (docs/guide.md, "Exit codes").
    Interruption::instance().onRequest(this, [this] {
        m_interrupted = true;
        m_search->stop();
    });
}

int SearchCommand::exec()
{
    m_search->start();
    QCoreApplication::exec();
    return m_code;
}

void SearchCommand::onTrial(int trial, const TrialResult& r)
{
    static const char* const words[] = {"held", "FAILED", "could not run", "stopped"};
    const Schedule schedule = m_search->scheduleOf(trial);
    QMap<QString, int> faults;
    for (const ScheduleStep& step : schedule.steps)
        if (step.isFault())
            ++faults[step.faultName()];
    QString line = QStringLiteral("trial %1  %2  %3 s (schedule %4 s; faults: %5)")
                       .arg(trial, 4)
                       .arg(QLatin1String(words[int(r.verdict)]), -13)
                       .arg(r.seconds, 5, 'f', 1)
                       .arg(schedule.endMs / 1000.0, 0, 'f', 1)
                       .arg(tally(faults));
    if (!r.why.isEmpty())
        line += QStringLiteral("  ") + r.why;
    print(stdout, line);
    if (r.verdict == TrialResult::Verdict::Invalid && !m_anyRan) {
        // The nodes do not start (no redis-server, no redis-sentinel): nothing will run.
        if (++m_invalidAtStart >= InvalidAtStart) {
            print(stderr, QStringLiteral("redlockscope: no schedule could run: %1").arg(r.why));
            m_code = 2;
            m_search->stop();
        }
    } else {
        m_anyRan = true;
    }
}

void SearchCommand::onFound(const Counterexample& c)
{
    print(stdout, QStringLiteral("\n=== counterexample: trial %1 (seed %2): %3\n")
                      .arg(c.trial)
                      .arg(c.trialSeed)
                      .arg(c.failure));
    print(stdout, c.scenario);
    print(stdout, QStringLiteral("story:"));
    for (const QString& s : c.story)
        print(stdout, QStringLiteral("  ") + s);
    if (!c.storyTranslated)
        print(stdout, QStringLiteral("(the story in English only: the translations are not "
                                     "compiled in)"));
    for (const QString& p : c.selfCheck)
        print(stderr, QStringLiteral("redlockscope: checker: %1").arg(p));
    if (!c.path.isEmpty())
        print(stdout,
              QStringLiteral("saved: %1 (the run it was told from: %2)").arg(c.path, c.runPath));
    // The finding above is all there is of it: said, and exit 2 (an output not written whole).
    if (!c.saveError.isEmpty()) {
        print(stderr, QStringLiteral("redlockscope: the counterexample was not saved whole in "
                                     "%1: %2 (its scenario is above)")
                          .arg(m_options.outDir, c.saveError));
        m_saveFailed = true;
    }
    print(stdout, QStringLiteral("found after %1 s (%2 schedules), confirmed at %3 s, shrunk and "
                                 "told at %4 s: %5 -> %6 steps, %7 candidates tried")
                      .arg(c.foundAfterS, 0, 'f', 1)
                      .arg(c.trialsBefore)
                      .arg(c.confirmedAfterS, 0, 'f', 1)
                      .arg(c.shrunkAfterS, 0, 'f', 1)
                      .arg(c.original.commandCount())
                      .arg(c.steps())
                      .arg(c.evaluations));
    m_code = 1;
}

void SearchCommand::onFinished(const SearchProgress& p)
{
    // Interrupted is said and is the exit code whatever was found: a counterexample saved
    // before the signal was not shrunk as far as it would have been (docs/guide.md, "Exit codes").
    const bool found = m_code == 1;
    if (m_saveFailed)
        m_code = 2;
    if (m_interrupted && m_code != 2) {
        print(stderr, QStringLiteral("redlockscope: interrupted by %1%2")
                          .arg(Interruption::instance().signalName(),
                               found ? QStringLiteral(": the counterexample above is the best "
                                                      "shrunk before it")
                                     : QString()));
        m_code = Interruption::ExitCode;
    }
    if (!found && (m_code == 0 || m_code == Interruption::ExitCode)) {
        print(stdout, QStringLiteral("%1 in %2 s: %3 schedules run (%4 could not run "
                                     "as written, %5 failed once but not in %6 of %7 replays), "
                                     "%8 a second")
                          .arg(m_interrupted ? QStringLiteral("nothing found before the signal")
                                             : QStringLiteral("nothing found"))
                          .arg(p.elapsedS, 0, 'f', 1)
                          .arg(p.trials)
                          .arg(p.invalid)
                          .arg(p.flaky)
                          .arg(m_options.needed)
                          .arg(m_options.replays)
                          .arg(p.trialsPerSecond, 0, 'f', 2));
        print(stdout, QStringLiteral("faults in them: %1").arg(tally(p.faults)));
        print(stdout, QStringLiteral("continue with --seed %1").arg(p.continueSeed));
    }
    QCoreApplication::exit(m_code);
}
