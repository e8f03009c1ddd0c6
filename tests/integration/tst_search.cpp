// SPDX-License-Identifier: GPL-3.0-or-later
// The counterexample search end to end, on real redis-server processes it starts and stops by
// pid: the rung without a lock breaks at once, the failure is replayed, shrunk to its two
// clients and told; the scenario written parses, carries its seed, narration and failing
// expect lines, and fails again when played. A rung that holds is searched to its budget,
// and the search says where to continue. Nothing is left running.
#include "control/enginecontroller.h"
#include "processprobe.h"
#include "scenario/scenarioparser.h"
#include "search/counterexamplesearch.h"
#include "search/schedulegenerator.h"
#include "testruns.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

SearchProgress runToTheEnd(CounterexampleSearch& search, int timeoutMs)
{
    QSignalSpy finished(&search, &CounterexampleSearch::finished);
    search.start();
    if (!finished.wait(timeoutMs))
        return {};
    return finished.first().first().value<SearchProgress>();
}

// Plays a scenario headless on fresh nodes; its verdict.
ScenarioResult::Outcome play(const QString& text)
{
    EngineConfig config;
    config.initialClients = 0;
    EngineController engine(config);
    QSignalSpy finished(&engine, &EngineController::scenarioFinished);
    engine.runScenario(QStringLiteral("counterexample"), text);
    engine.start();
    if (!finished.wait(60000))
        return ScenarioResult::Outcome::CouldNotRun;
    return finished.first().first().value<ScenarioResult>().outcome;
}

} // namespace

class TestSearch : public QObject
{
    Q_OBJECT

private slots:
    void noLockBreaksAndIsToldAsAStory()
    {
        QTemporaryDir out;
        SearchOptions o;
        o.strategy = Strategy::Kind::None;
        o.clients = 2;
        o.trials = 4;
        o.jobs = 3;
        o.seed = 42;
        o.outDir = out.path();
        o.shrinkBudgetS = 60;
        QVERIFY2(o.validate().isEmpty(), qPrintable(o.validate()));
        CounterexampleSearch search(o);
        QSignalSpy found(&search, &CounterexampleSearch::counterexampleFound);
        const SearchProgress end = runToTheEnd(search, 180000);
        QCOMPARE(end.phase, SearchProgress::Phase::Finished);
        QCOMPARE(found.size(), 1);
        const Counterexample c = found.first().first().value<Counterexample>();

        // The first schedule by seed, whatever order the three jobs ended in.
        QCOMPARE(c.trial, 0);
        QCOMPARE(c.trialSeed, quint64(42));
        QCOMPARE(c.original, search.scheduleOf(0));
        QVERIFY(c.replayFailures >= o.needed);

        // Shrunk: the two clients and nothing else; told; the checker agrees with itself.
        QCOMPARE(c.shrunk.clients().size(), 2);
        QVERIFY2(c.steps() <= 6, qPrintable(c.scenario));
        QCOMPARE(c.steps(), 2);
        QVERIFY(!c.story.isEmpty());
        // With no lock there is no holder: two buyers at once.
        QVERIFY2(c.story.join(QLatin1Char(' ')).contains(QStringLiteral("two buyers at once")),
                 qPrintable(c.story.join(QLatin1Char('\n'))));
        QVERIFY2(c.selfCheck.isEmpty(), qPrintable(c.selfCheck.join(QLatin1Char('\n'))));

        // The scenario: its seed, its narration, the expect lines that fail; saved with its run.
        ScenarioParser::Error error;
        const auto parsed =
            ScenarioParser::parse(c.scenario, QStringLiteral("counterexample"), {5}, &error);
        QVERIFY2(parsed, qPrintable(error.message));
        QCOMPARE(parsed->seed, std::optional<quint64>(c.shrunk.seed));
        QVERIFY(c.scenario.contains(QStringLiteral("\nsay ")));
        QVERIFY(c.scenario.contains(QStringLiteral("\nexpect overlaps == 0")));
        QVERIFY(QFile::exists(c.path));
        QVERIFY(QFile::exists(c.runPath));
        TestRuns::keep(c.runPath, QStringLiteral("search-no-lock")); // for the second judge
        QFile saved(c.path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(saved.readAll()), c.scenario);

        // And it is a counterexample: played again, its expectations fail (most of the time:
        // two replays of three, as the search itself asks).
        int failed = 0;
        for (int i = 0; i < 3; ++i)
            failed += play(c.scenario) == ScenarioResult::Outcome::Failed;
        QVERIFY2(
            failed >= 2,
            qPrintable(QStringLiteral("%1 of 3 replays failed:\n%2").arg(failed).arg(c.scenario)));
    }

    void aRungThatHoldsIsSearchedToItsBudget()
    {
        SearchOptions o;
        o.strategy = Strategy::Kind::Redlock;
        o.clients = 1; // one client never overlaps with anyone
        o.faults = {SearchOptions::FaultKind::Latency, SearchOptions::FaultKind::Pause};
        o.trials = 3;
        o.jobs = 2;
        o.seed = 7;
        CounterexampleSearch search(o);
        QSignalSpy trials(&search, &CounterexampleSearch::trialFinished);
        const SearchProgress end = runToTheEnd(search, 180000);
        QCOMPARE(end.phase, SearchProgress::Phase::Finished);
        QVERIFY(search.found().isEmpty());
        QCOMPARE(end.trials, 3);
        QCOMPARE(trials.size(), 3);
        QCOMPARE(end.invalid, 0);
        // Where to go on from: the fourth schedule's seed, so no schedule is tried twice.
        quint64 next = o.seed;
        for (int i = 0; i < 3; ++i)
            next = ScheduleGenerator::nextSeed(next);
        QCOMPARE(end.continueSeed, next);
        QCOMPARE(search.scheduleOf(3).seed, next);
        int faults = 0;
        for (int n : end.faults)
            faults += n;
        QVERIFY(faults >= 3); // every schedule held one at least
        for (auto it = end.faults.cbegin(); it != end.faults.cend(); ++it)
            QVERIFY2(it.key() == QLatin1String("latency") || it.key() == QLatin1String("pause"),
                     qPrintable(it.key()));
    }

    void nothingIsLeftRunning()
    {
        QTRY_VERIFY_WITH_TIMEOUT(ProcessProbe::children().isEmpty(), 10000);
        QVERIFY2(ProcessProbe::nodeDirectories().isEmpty(),
                 qPrintable(ProcessProbe::nodeDirectories().join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
