// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/searchbenchmark.h"

#include "base/safetext.h"
#include "bench/benchloop.h"
#include "interruption.h"
#include "search/counterexamplesearch.h"
#include "searchcommand.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cstdio>

namespace {
void print(const QString& text)
{
    printf("%s\n", qPrintable(text));
    fflush(stdout);
}
} // namespace

QJsonObject SearchBenchmark::Row::toJson() const
{
    return {{QStringLiteral("rung"), rung},
            {QStringLiteral("expect_safe"), expectSafe},
            {QStringLiteral("budget_s"), budgetS},
            {QStringLiteral("found"), found},
            {QStringLiteral("trials"), trials},
            {QStringLiteral("invalid"), invalid},
            {QStringLiteral("flaky"), flaky},
            {QStringLiteral("replays"), replays},
            {QStringLiteral("found_s"), foundS},
            {QStringLiteral("confirmed_s"), confirmedS},
            {QStringLiteral("total_s"), totalS},
            {QStringLiteral("steps_drawn"), originalSteps},
            {QStringLiteral("steps"), steps},
            {QStringLiteral("lines"), lines},
            {QStringLiteral("candidates"), evaluations},
            {QStringLiteral("steps_needed"), stepsNeeded},
            {QStringLiteral("mean_trial_s"), meanTrialS},
            {QStringLiteral("mean_startup_s"), meanStartupS},
            {QStringLiteral("failure"), failure},
            {QStringLiteral("scenario"), path},
            {QStringLiteral("met"), met}};
}

int SearchBenchmark::run(const QCommandLineParser& parser)
{
    QList<SearchPreset> presets = SearchPreset::all();
    if (parser.isSet(QStringLiteral("rungs"))) {
        QList<SearchPreset> chosen;
        for (const QString& name : parser.value(QStringLiteral("rungs")).split(QLatin1Char(','))) {
            const auto p = SearchPreset::find(name.trimmed());
            if (!p) {
                fprintf(stderr, "redlockscope: --rungs: unknown preset '%s'\n", qPrintable(name));
                return 2;
            }
            chosen << *p;
        }
        presets = chosen;
    }
    for (const char* flag : {"preset", "strategy", "set", "faults", "persistence", "clients",
                             "max-faulty", "trials", "expect", "topology"}) {
        if (parser.isSet(QLatin1String(flag))) {
            fprintf(stderr,
                    "redlockscope: --%s does not go with --bench-search (each preset "
                    "brings its own)\n",
                    flag);
            return 2;
        }
    }
    // The flags a preset leaves open: seed, jobs, where to save, the budget (all rungs).
    for (SearchPreset& p : presets) {
        SearchOptions o = p.options;
        o.seed = parser.isSet(QStringLiteral("seed"))
                     ? parser.value(QStringLiteral("seed")).toULongLong()
                     : 1;
        o.jobs =
            parser.isSet(QStringLiteral("jobs")) ? parser.value(QStringLiteral("jobs")).toInt() : 2;
        o.outDir =
            parser.isSet(QStringLiteral("out")) ? parser.value(QStringLiteral("out")) : QString();
        o.redisServer = parser.value(QStringLiteral("redis-server"));
        o.redisSentinel = parser.value(QStringLiteral("redis-sentinel"));
        if (parser.isSet(QStringLiteral("budget")))
            p.budgetS = parser.value(QStringLiteral("budget")).toDouble();
        o.budgetS = p.budgetS;
        if (const QString why = o.validate(); !why.isEmpty() || o.jobs < 1 || p.budgetS <= 0) {
            fprintf(stderr, "redlockscope: %s: %s\n", qPrintable(p.name),
                    qPrintable(why.isEmpty() ? QStringLiteral("bad --jobs or --budget") : why));
            return 2;
        }
        p.options = o;
    }
    const QString jsonPath = parser.value(QStringLiteral("json"));
    QList<Row> rows;
    bool allMet = true;
    BenchLoop::keepReportIfCut(jsonPath);
    for (const SearchPreset& p : presets) {
        if (Interruption::instance().isRequested())
            break;
        print(QStringLiteral("== %1: %2 (budget %3 s, %4 job(s))")
                  .arg(p.name, p.description)
                  .arg(p.budgetS)
                  .arg(p.options.jobs));
        const Row row = runOne(p);
        if (Interruption::instance().isRequested())
            break; // a rung cut short is no measurement of it
        allMet = allMet && row.met;
        rows << row;
    }
    const bool interrupted = Interruption::instance().isRequested();
    print(QString());
    print(QStringLiteral("%1 %2 %3 %4 %5 %6 %7  %8")
              .arg(QStringLiteral("rung"), -24)
              .arg(QStringLiteral("trials"), 6)
              .arg(QStringLiteral("found s"), 8)
              .arg(QStringLiteral("total s"), 8)
              .arg(QStringLiteral("steps"), 9)
              .arg(QStringLiteral("replays"), 7)
              .arg(QStringLiteral("target"), 6)
              .arg(QStringLiteral("what broke")));
    QJsonArray json;
    for (const Row& r : rows) {
        print(QStringLiteral("%1 %2 %3 %4 %5 %6 %7  %8")
                  .arg(r.rung, -24)
                  .arg(r.trials, 6)
                  .arg(r.found ? QString::number(r.foundS, 'f', 1) : QStringLiteral("-"), 8)
                  .arg(QString::number(r.totalS, 'f', 1), 8)
                  .arg(r.found ? QStringLiteral("%1 -> %2%3")
                                     .arg(r.originalSteps)
                                     .arg(r.steps)
                                     .arg(r.stepsNeeded ? QString() : QStringLiteral("?"))
                               : QStringLiteral("-"),
                       9)
                  .arg(r.replays, 7)
                  .arg(r.met ? QStringLiteral("met") : QStringLiteral("MISSED"), 6)
                  .arg(r.found ? r.failure : QStringLiteral("nothing found")));
        json.append(r.toJson());
    }
    if (std::any_of(rows.cbegin(), rows.cend(),
                    [](const Row& r) { return r.found && !r.stepsNeeded; }))
        print(QStringLiteral("(?: shrinking stopped before each step was tried without)"));
    // Interrupted: the rungs finished are reported, and no target is judged (as the other
    // benchmarks do, docs/guide.md, "Exit codes").
    const QString by =
        QStringLiteral("interrupted by %1").arg(Interruption::instance().signalName());
    if (interrupted)
        print(QStringLiteral("\n%1 after %2 of %3 rungs: no target is judged")
                  .arg(by)
                  .arg(rows.size())
                  .arg(presets.size()));
    const QJsonObject report{{QStringLiteral("rungs"), json},
                             {QStringLiteral("interrupted"), interrupted},
                             {QStringLiteral("pass"), !interrupted && allMet}};
    if (QString error; !BenchLoop::saveReport(jsonPath, report, &error)) {
        fprintf(stderr, "redlockscope: %s\n", qPrintable(SafeText::printable(error)));
        return 2;
    }
    if (interrupted) {
        fprintf(stderr, "redlockscope: benchmark %s\n", qPrintable(by));
        return Interruption::ExitCode;
    }
    return allMet ? 0 : 1;
}

SearchBenchmark::Row SearchBenchmark::runOne(const SearchPreset& preset)
{
    Row row;
    row.rung = preset.name;
    row.expectSafe = preset.expectSafe;
    row.budgetS = preset.budgetS;
    CounterexampleSearch search(preset.options);
    double trialSeconds = 0;
    double startupSeconds = 0;
    int timed = 0;
    QObject::connect(&search, &CounterexampleSearch::note,
                     [](const QString& text) { print(QStringLiteral("   ") + text); });
    QObject::connect(&search, &CounterexampleSearch::trialFinished, [&](int, const TrialResult& r) {
        if (r.verdict == TrialResult::Verdict::Aborted)
            return;
        trialSeconds += r.seconds;
        startupSeconds += r.startupSeconds;
        ++timed;
    });
    QObject::connect(&search, &CounterexampleSearch::counterexampleFound,
                     [&row](const Counterexample& c) {
                         row.found = true;
                         row.foundS = c.foundAfterS;
                         row.confirmedS = c.confirmedAfterS;
                         row.originalSteps = c.original.commandCount();
                         row.steps = c.steps();
                         row.lines = int(c.scenario.count(QLatin1Char('\n')));
                         row.failure = c.failure;
                         row.path = c.path;
                         for (const QString& s : c.story)
                             print(QStringLiteral("   | ") + s);
                         for (const QString& p : c.selfCheck)
                             print(QStringLiteral("   checker: ") + p);
                     });
    QEventLoop loop;
    // A signal stops the search at once; finished() follows and ends the loop.
    Interruption::instance().onRequest(&search, &CounterexampleSearch::stop);
    SearchProgress last;
    QObject::connect(&search, &CounterexampleSearch::finished, &loop, [&](const SearchProgress& p) {
        last = p;
        loop.quit();
    });
    search.start();
    loop.exec();
    row.trials = last.trials;
    row.invalid = last.invalid;
    row.flaky = last.flaky;
    row.replays = last.replays;
    row.totalS = last.elapsedS;
    if (!search.found().isEmpty()) {
        row.evaluations = search.found().first().evaluations;
        row.stepsNeeded = search.found().first().stepsNeeded;
    }
    row.meanTrialS = timed ? trialSeconds / timed : 0;
    row.meanStartupS = timed ? startupSeconds / timed : 0;
    row.met = preset.expectSafe ? !row.found
                                : row.found && row.totalS <= TargetS && row.steps <= TargetSteps;
    print(QStringLiteral("   %1 trials (%2 could not run, %3 flaky), %4 replays, mean trial %5 s "
                         "(nodes up in %6 s), %7 s in all")
              .arg(row.trials)
              .arg(row.invalid)
              .arg(row.flaky)
              .arg(row.replays)
              .arg(row.meanTrialS, 0, 'f', 2)
              .arg(row.meanStartupS, 0, 'f', 2)
              .arg(row.totalS, 0, 'f', 1));
    return row;
}
