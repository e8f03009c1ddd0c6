// SPDX-License-Identifier: GPL-3.0-or-later
// Shrinking a failing schedule (engine/search/), against a fake failure predicate: the
// shrinker's candidates are each smaller, and a session keeps what the predicate still calls
// failing until nothing smaller does, whatever order the answers come in.
#include "search/counterexamplesearch.h"
#include "search/schedulegenerator.h"
#include "search/shrinksession.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

namespace {

using Kind = ScheduleStep::Kind;

// The fake failure: C1 is paused for at least 1.5 s while C2 is there (the GC pause, as a
// careless client meets it). Nothing else matters.
bool gcPauseFails(const Schedule& s)
{
    const QStringList clients = s.clients();
    if (!clients.contains(QStringLiteral("C2")))
        return false;
    for (const ScheduleStep& step : s.steps)
        if (step.kind == Kind::ClientPause && step.client == QStringLiteral("C1") &&
            step.lengthMs >= 1500)
            return true;
    return false;
}

Schedule drawnWithPause(quint64 seed)
{
    SearchOptions o;
    o.strategy = Strategy::Kind::Redlock;
    o.faults = SearchOptions::allFaults();
    o.clients = 4;
    Schedule s = ScheduleGenerator(o).generate(seed);
    ScheduleStep pause;
    pause.kind = Kind::ClientPause;
    pause.client = QStringLiteral("C1");
    pause.atMs = 3170;
    pause.lengthMs = 4730;
    s.steps << pause;
    s.normalise();
    return s;
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

const ScheduleStep& pauseOf(const Schedule& s)
{
    for (const ScheduleStep& step : s.steps)
        if (step.kind == Kind::ClientPause)
            return step;
    return s.steps.first();
}

struct Outcome
{
    Schedule best;
    int evaluations = 0;
};

// Runs a session to its end; `answer` decides each candidate and may answer later.
Outcome shrink(const Schedule& failing, const ShrinkSession::Predicate& predicate, int parallel = 1,
               int maxEvaluations = 1000, const Shrinker::Limits& limits = {})
{
    ShrinkSession session(Shrinker(limits), predicate, maxEvaluations, parallel);
    QSignalSpy finished(&session, &ShrinkSession::finished);
    session.start(failing, -1);
    if (finished.isEmpty() && !finished.wait(20000))
        return {};
    return {finished.first().first().value<Schedule>(), session.evaluations()};
}

} // namespace

Q_DECLARE_METATYPE(Schedule)

class TestShrinker : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<Schedule>(); }

    void roundsDownNeverUp()
    {
        QCOMPARE(Shrinker::roundDown(2340, 1), 2000);
        QCOMPARE(Shrinker::roundDown(2340, 2), 2300);
        QCOMPARE(Shrinker::roundDown(99, 1), 90);
        QCOMPARE(Shrinker::roundDown(7, 1), 7);
        QCOMPARE(Shrinker::roundDown(0, 1), 0);
        QCOMPARE(Shrinker::roundDown(100000, 2), 100000);
    }

    void everyCandidateIsSmaller()
    {
        const Shrinker shrinker({});
        for (quint64 seed = 1; seed <= 30; ++seed) {
            const Schedule s = drawnWithPause(seed);
            const auto candidates = shrinker.candidates(s, 2500);
            QVERIFY(!candidates.isEmpty());
            for (const Shrinker::Candidate& c : candidates) {
                QVERIFY2(Shrinker::size(c.schedule) < Shrinker::size(s), qPrintable(c.what));
                QVERIFY(!c.what.isEmpty());
                QVERIFY(c.schedule.endMs >= c.schedule.lastActionMs());
            }
        }
    }

    void cutsWhatCameAfterTheFailure()
    {
        const Schedule s = drawnWithPause(3);
        const auto candidates = Shrinker({}).candidates(s, 1000);
        const Schedule& cut = candidates.first().schedule;
        for (const ScheduleStep& step : cut.steps)
            QVERIFY(step.atMs <= 1000);
        QVERIFY(cut.endMs <= std::max(1300, cut.lastActionMs()));
    }

    // With no moment to cut after (a property judged after the schedule), the idle tail goes
    // first: every later candidate is replayed shorter.
    void withoutAFailureMomentTheTailGoesFirst()
    {
        Schedule s = drawnWithPause(3);
        s.endMs = s.lastActionMs() + 10000;
        const auto candidates = Shrinker({}).candidates(s, -1);
        QVERIFY(!candidates.isEmpty());
        QCOMPARE(candidates.first().schedule.endMs, s.lastActionMs());
        QCOMPARE(candidates.first().schedule.steps, s.steps);
    }

    // The search's budget bounds the whole: shrinking gets what is left of it once the
    // story's run is set aside, never more than its own bound, never less than nothing.
    void theSearchBudgetBoundsShrinking()
    {
        SearchOptions o;
        o.shrinkBudgetS = 120;
        o.budgetS = 180;
        QCOMPARE(CounterexampleSearch::shrinkBudget(o, 10, 5), 120.0);
        QCOMPARE(CounterexampleSearch::shrinkBudget(o, 100, 5), 75.0);
        QCOMPARE(CounterexampleSearch::shrinkBudget(o, 179, 5), 0.0);
        o.budgetS = 0;
        o.trials = 10; // a number of trials: shrinking has its own bound only
        QCOMPARE(CounterexampleSearch::shrinkBudget(o, 1000, 5), 120.0);
    }

    void shrinksToTheFailureAlone()
    {
        for (quint64 seed : {1, 2, 3, 4, 5}) {
            const Schedule failing = drawnWithPause(seed);
            QVERIFY(gcPauseFails(failing));
            const Outcome out = shrink(failing, [](const Schedule& s, const auto& answer) {
                answer(gcPauseFails(s), -1);
                return ShrinkSession::Cancel();
            });
            const Schedule& best = out.best;
            QVERIFY(gcPauseFails(best));
            // Two clients and the pause: nothing else was needed, so nothing else is left.
            QCOMPARE(sorted(best.clients()),
                     (QStringList{QStringLiteral("C1"), QStringLiteral("C2")}));
            QCOMPARE(best.commandCount(), 3);
            const ScheduleStep& pause = pauseOf(best);
            // Close to the shortest that still fails (1.5 s), and round.
            QVERIFY2(pause.lengthMs >= 1500 && pause.lengthMs < 2000,
                     qPrintable(best.toScenario()));
            QVERIFY2(Shrinker::roundDown(pause.lengthMs, 2) == pause.lengthMs,
                     qPrintable(best.toScenario()));
            for (const ScheduleStep& step : best.steps)
                QCOMPARE(step.atMs, 0);           // nothing waits for anything
            QCOMPARE(best.endMs, pause.lengthMs); // the end: the pause's
            for (const ScheduleStep& step : best.steps)
                QVERIFY(step.settings.isEmpty());
            for (const QString& d : best.defaults) { // the drawn settings stay, rounded
                static const QRegularExpression unrounded(QStringLiteral("[1-9]\\d*[1-9]"));
                QVERIFY2(!d.contains(unrounded), qPrintable(d));
            }
        }
    }

    void keepsTheClientsThePropertyNames()
    {
        Shrinker::Limits limits;
        limits.keepClients = {QStringLiteral("C4")};
        const Outcome out = shrink(
            drawnWithPause(2),
            [](const Schedule& s, const auto& answer) {
                answer(gcPauseFails(s), -1);
                return ShrinkSession::Cancel();
            },
            1, 1000, limits);
        QCOMPARE(sorted(out.best.clients()),
                 (QStringList{QStringLiteral("C1"), QStringLiteral("C2"), QStringLiteral("C4")}));
    }

    // Answers that come later and in another order, several candidates asked at once, some
    // cancelled: the result still fails and is as small.
    void answersLaterAndInParallel()
    {
        QList<QTimer*> pending;
        int cancelled = 0;
        const Outcome out = shrink(
            drawnWithPause(4),
            [&](const Schedule& s, const ShrinkSession::Answer& answer) {
                auto* timer = new QTimer;
                timer->setSingleShot(true);
                const bool fails = gcPauseFails(s);
                QObject::connect(timer, &QTimer::timeout, [answer, fails] { answer(fails, -1); });
                timer->start(int(s.commandCount() % 3) * 3); // later ones may answer first
                pending << timer;
                return ShrinkSession::Cancel([timer, &cancelled] {
                    timer->stop();
                    ++cancelled;
                });
            },
            3);
        qDeleteAll(pending);
        QVERIFY(gcPauseFails(out.best));
        QCOMPARE(out.best.commandCount(), 3);
        QVERIFY(pauseOf(out.best).lengthMs < 2000);
        QVERIFY(cancelled > 0); // when one failed, the others asked meanwhile were dropped
    }

    void aFlakyFailureIsNotShrunkAway()
    {
        // Fails only while the schedule keeps a node kill: the shrinker must keep one.
        const auto needsKill = [](const Schedule& s) {
            return gcPauseFails(s) &&
                   std::any_of(s.steps.cbegin(), s.steps.cend(),
                               [](const ScheduleStep& st) { return st.kind == Kind::Kill; });
        };
        Schedule failing = drawnWithPause(6);
        ScheduleStep kill;
        kill.kind = Kind::Kill;
        kill.node = 3;
        kill.atMs = 900;
        kill.lengthMs = 1234;
        failing.steps << kill;
        failing.normalise();
        const Outcome out = shrink(failing, [&](const Schedule& s, const auto& answer) {
            answer(needsKill(s), -1);
            return ShrinkSession::Cancel();
        });
        QVERIFY(needsKill(out.best));
        QCOMPARE(out.best.commandCount(), 4);
    }

    // The earliest fault goes first: the failure comes after the fault that led to it, so an
    // earlier one is the likelier bystander (a failover finding kept its first kill when the
    // last went first and each candidate cost 14 s of replays).
    void theEarliestFaultGoesFirst()
    {
        Schedule s;
        s.defaults = {QStringLiteral("strategy=failover")};
        for (const char* name : {"C1", "C2"}) {
            ScheduleStep add;
            add.client = QString::fromLatin1(name);
            s.steps << add;
        }
        for (auto [node, at] : {std::pair{1, 900}, std::pair{2, 2000}}) {
            ScheduleStep kill;
            kill.kind = Kind::Kill;
            kill.node = node;
            kill.atMs = at;
            kill.lengthMs = 500;
            s.steps << kill;
        }
        s.normalise();
        const auto killsNode2 = [](const Schedule& c) {
            return c.clients().size() == 2 &&
                   std::any_of(c.steps.cbegin(), c.steps.cend(), [](const ScheduleStep& st) {
                       return st.kind == Kind::Kill && st.node == 2;
                   });
        };
        const auto candidates = Shrinker({}).candidates(s, -1);
        QVERIFY(candidates.first().removal);
        QCOMPARE(candidates.first().what, QStringLiteral("without 'node restart 1 delayed 500'"));
        // One candidate is enough to lose the bystander.
        const Outcome out = shrink(
            s,
            [&](const Schedule& c, const auto& answer) {
                answer(killsNode2(c), -1);
                return ShrinkSession::Cancel();
            },
            1, 1);
        QCOMPARE(out.best.commandCount(), 3);
        QVERIFY(killsNode2(out.best));
    }

    // A session that ran out of candidates tried each step of its best away, and each time the
    // failure held: every step is needed. Stopped by its bound first, it cannot say so.
    void saysWhenEveryStepIsNeeded()
    {
        const auto predicate = [](const Schedule& s, const ShrinkSession::Answer& answer) {
            answer(gcPauseFails(s), -1);
            return ShrinkSession::Cancel();
        };
        {
            ShrinkSession session(Shrinker({}), predicate, 1000);
            QSignalSpy finished(&session, &ShrinkSession::finished);
            session.start(drawnWithPause(2), -1);
            QVERIFY(finished.wait(20000));
            QVERIFY(session.stepsNeeded());
        }
        ShrinkSession session(Shrinker({}), predicate, 3);
        QSignalSpy finished(&session, &ShrinkSession::finished);
        session.start(drawnWithPause(2), -1);
        QVERIFY(finished.wait(20000));
        QVERIFY(!session.stepsNeeded());
    }

    // At the end of its time a session asks only the best's removals: it keeps the lengths as
    // they are, and ends by itself once each step was tried away and held.
    void onlyRemovalsAtTheEnd()
    {
        const Schedule failing = drawnWithPause(5);
        ShrinkSession session(
            Shrinker({}),
            [](const Schedule& s, const ShrinkSession::Answer& answer) {
                answer(gcPauseFails(s), -1);
                return ShrinkSession::Cancel();
            },
            1000);
        QSignalSpy finished(&session, &ShrinkSession::finished);
        session.start(failing, -1);
        session.onlyRemovals();
        QVERIFY(finished.wait(20000));
        const Schedule best = finished.first().first().value<Schedule>();
        QCOMPARE(best.commandCount(), 3);
        QCOMPARE(pauseOf(best).lengthMs, pauseOf(failing).lengthMs); // nothing but removals
        QCOMPARE(pauseOf(best).atMs, pauseOf(failing).atMs);
        QVERIFY(session.stepsNeeded());
        QVERIFY(session.evaluations() < 20);
    }

    // A client crashed for good has no length: it would keep the schedule going after it for
    // nothing, and every replay of a candidate would run that much longer.
    void aCrashForGoodHasNoLength()
    {
        SearchOptions o;
        o.strategy = Strategy::Kind::SetnxExpire;
        o.faults = {SearchOptions::FaultKind::ClientCrash};
        int forGood = 0;
        for (quint64 seed = 1; seed <= 200; ++seed) {
            const Schedule s = ScheduleGenerator(o).generate(seed);
            for (const ScheduleStep& step : s.steps) {
                if (step.kind != Kind::ClientCrash || step.comesBack)
                    continue;
                ++forGood;
                QCOMPARE(step.lengthMs, 0);
            }
        }
        QVERIFY(forGood > 20);
    }

    void stopsAtItsBound()
    {
        const Outcome out = shrink(
            drawnWithPause(1),
            [](const Schedule& s, const auto& answer) {
                answer(gcPauseFails(s), -1);
                return ShrinkSession::Cancel();
            },
            1, 5);
        QCOMPARE(out.evaluations, 5);
        QVERIFY(gcPauseFails(out.best));
    }
};

QTEST_GUILESS_MAIN(TestShrinker)
#include "tst_shrinker.moc"
