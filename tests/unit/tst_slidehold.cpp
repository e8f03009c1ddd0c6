// SPDX-License-Identifier: GPL-3.0-or-later
// --slides: a scenario waits after each caption and `snapshot` line until the window has taken
// its slide, so the next caption never replaces one before its picture is taken; without the
// hold it runs straight on. The runner alone, with hooks that record what it asks for.
#include "base/steadyclock.h"
#include "quietrunner.h"

#include <QSignalSpy>
#include <QTest>

class TestSlideHold : public QObject
{
    Q_OBJECT

private slots:
    void holdsAfterEachSlideUntilReleased()
    {
        ScenarioRunner runner(quietRunnerHooks(), SteadyClock::instance(), false);
        runner.setHoldAtSlides(true);
        QSignalSpy narrations(&runner, &ScenarioRunner::narration);
        QSignalSpy snapshots(&runner, &ScenarioRunner::snapshotRequested);
        QSignalSpy started(&runner, &ScenarioRunner::stepStarted);
        QSignalSpy finished(&runner, &ScenarioRunner::finished);
        runner.start(parsedScenario(QStringLiteral("say one\nsay.zh 一\nsnapshot \"Two\"\n"
                                                   "say three\nsleep 1\n")));
        QTRY_COMPARE(narrations.size(), 1);
        QCOMPARE(narrations.first().at(1).toString(), QStringLiteral("one"));
        QTest::qWait(50); // held: the snapshot line has not begun
        QCOMPARE(started.size(), 1);
        QCOMPARE(snapshots.size(), 0);

        runner.releaseSlide();
        QTRY_COMPARE(snapshots.size(), 1);
        QCOMPARE(snapshots.first().at(0).toInt(), 3);
        QCOMPARE(snapshots.first().at(1).toString(), QStringLiteral("Two"));
        QTest::qWait(50);
        QCOMPARE(narrations.size(), 1); // held again

        runner.releaseSlide();
        QTRY_COMPARE(narrations.size(), 2);
        QVERIFY(finished.isEmpty());
        runner.releaseSlide();
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(0).value<ScenarioResult>().outcome,
                 ScenarioResult::Outcome::Passed);
    }

    void runsStraightOnWithoutTheHold()
    {
        ScenarioRunner runner(quietRunnerHooks(), SteadyClock::instance(), false);
        QSignalSpy snapshots(&runner, &ScenarioRunner::snapshotRequested);
        QSignalSpy finished(&runner, &ScenarioRunner::finished);
        runner.start(parsedScenario(QStringLiteral("say one\nsnapshot\nsay two\n")));
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(snapshots.size(), 1);
        QCOMPARE(snapshots.first().at(1).toString(), QString());
    }

    // A stop (Stop, Restart, a signal) while a slide is being taken leaves nothing held.
    void stopEndsTheHold()
    {
        ScenarioRunner runner(quietRunnerHooks(), SteadyClock::instance(), false);
        runner.setHoldAtSlides(true);
        QSignalSpy narrations(&runner, &ScenarioRunner::narration);
        QSignalSpy finished(&runner, &ScenarioRunner::finished);
        runner.start(parsedScenario(QStringLiteral("say one\nsay two\n")));
        QTRY_COMPARE(narrations.size(), 1);
        runner.interrupt(QStringLiteral("SIGTERM"));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(0).value<ScenarioResult>().outcome,
                 ScenarioResult::Outcome::Interrupted);
        runner.releaseSlide(); // too late: nothing runs on
        QTest::qWait(20);
        QCOMPARE(narrations.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestSlideHold)
#include "tst_slidehold.moc"
