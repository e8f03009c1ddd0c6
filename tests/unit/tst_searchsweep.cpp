// SPDX-License-Identifier: GPL-3.0-or-later
// The searching phase's ledger (SearchSweep): the same seed finds the same first schedule
// however the jobs interleave, because a failure waits for every trial before it and the
// trials after it are set aside and run again, none skipped.
#include "search/schedulegenerator.h"
#include "search/searchsweep.h"

#include <QTest>

class TestSearchSweep : public QObject
{
    Q_OBJECT

    static TrialResult verdict(TrialResult::Verdict v, double seconds = 1.0)
    {
        TrialResult r;
        r.verdict = v;
        r.seconds = seconds;
        return r;
    }
    static TrialResult held() { return verdict(TrialResult::Verdict::Held); }
    static TrialResult failed() { return verdict(TrialResult::Verdict::Failed); }

private slots:
    void trialsDrawTheirSeedsInOrder()
    {
        SearchSweep sweep(7);
        QCOMPARE(sweep.take(), 0);
        QCOMPARE(sweep.take(), 1);
        QCOMPARE(sweep.seedOf(0), quint64(7));
        QCOMPARE(sweep.seedOf(1), ScheduleGenerator::nextSeed(7));
        QVERIFY(sweep.canTake(3));
        QCOMPARE(sweep.take(), 2);
        QVERIFY(!sweep.canTake(3));
        QVERIFY(sweep.canTake(0)); // no limit
    }

    // Trial 2 fails while 1 still runs: nothing is decided until 1 ends; then 2 is the first.
    void aFailureWaitsForTheTrialsBeforeIt()
    {
        SearchSweep sweep(1);
        for (int i = 0; i < 3; ++i)
            sweep.take();
        QVERIFY(sweep.ended(0, held(), {}));
        QVERIFY(sweep.ended(2, failed(), {}));
        QVERIFY(sweep.hasFailing());
        QCOMPARE(sweep.firstFailure(), -1); // trial 1 could still fail first
        QVERIFY(sweep.ended(1, held(), {}));
        QCOMPARE(sweep.firstFailure(), 2);
    }

    // Trial 3 failed first by the clock, 1 after it: 1 is the one replayed.
    void theFirstBySeedIsTakenNotTheFirstByClock()
    {
        SearchSweep sweep(1);
        for (int i = 0; i < 4; ++i)
            sweep.take();
        sweep.ended(3, failed(), {});
        sweep.ended(0, held(), {});
        sweep.ended(1, failed(), {});
        QCOMPARE(sweep.firstFailure(), 1);
        QCOMPARE(sweep.firstFailing(), 1);
        sweep.takeFailing(1);
        QCOMPARE(sweep.firstFailing(), 3);
    }

    // The trials after a failure stop to replay it, and run again first, in order.
    void trialsSetAsideRunAgainFirst()
    {
        SearchSweep sweep(1);
        for (int i = 0; i < 4; ++i)
            sweep.take();
        sweep.ended(0, failed(), {});
        QCOMPARE(sweep.firstFailure(), 0);
        sweep.setAside(); // 1, 2 and 3 stop
        QVERIFY(!sweep.running());
        QVERIFY(sweep.canTake(4)); // within the limit: they were drawn already
        QCOMPARE(sweep.take(), 1);
        QCOMPARE(sweep.take(), 2);
        QCOMPARE(sweep.take(), 3);
        QCOMPARE(sweep.take(), 4);
        QCOMPARE(sweep.seedOf(2), ScheduleGenerator::nextSeed(ScheduleGenerator::nextSeed(1)));
    }

    // A trial the pool stopped is not counted; invalid ones are counted but not timed.
    void onlyTrialsThatRanCount()
    {
        SearchSweep sweep(1);
        for (int i = 0; i < 3; ++i)
            sweep.take();
        QVERIFY(!sweep.ended(0, verdict(TrialResult::Verdict::Aborted), {}));
        QVERIFY(sweep.ended(1, verdict(TrialResult::Verdict::Invalid, 9.0), {}));
        QVERIFY(sweep.ended(2, verdict(TrialResult::Verdict::Held, 3.0), {}));
        QCOMPARE(sweep.completed(), 2);
        QCOMPARE(sweep.invalid(), 1);
        QCOMPARE(sweep.meanTrialSeconds(), 3.0);
    }

    // Faults are tallied by kind from the schedules that ran.
    void faultsAreTallied()
    {
        SearchSweep sweep(1);
        sweep.take();
        Schedule schedule;
        ScheduleStep add;
        add.kind = ScheduleStep::Kind::AddClient;
        ScheduleStep pause;
        pause.kind = ScheduleStep::Kind::ClientPause;
        schedule.steps = {add, pause, pause};
        sweep.ended(0, held(), schedule);
        QCOMPARE(sweep.faultTally().value(QStringLiteral("client-pause")), 2);
        QCOMPARE(sweep.faultTally().size(), 1);
    }

    // A later search continues where every trial before has ended, or from a trial that failed
    // once and was never replayed.
    void theSeedToContinueFrom()
    {
        SearchSweep sweep(5);
        for (int i = 0; i < 3; ++i)
            sweep.take();
        sweep.ended(0, held(), {});
        sweep.ended(2, held(), {}); // 1 still runs
        QCOMPARE(sweep.continueSeed(-1), sweep.seedOf(1));
        sweep.ended(1, held(), {});
        QCOMPARE(sweep.continueSeed(-1), ScheduleGenerator::nextSeed(sweep.seedOf(2)));
        QCOMPARE(sweep.continueSeed(0), quint64(5));
    }
};

QTEST_GUILESS_MAIN(TestSearchSweep)
#include "tst_searchsweep.moc"
