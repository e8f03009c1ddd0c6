// SPDX-License-Identifier: GPL-3.0-or-later
// `wait until EVENT` reads the history in order, each wait from where the last one stopped.
// One write can be judged twice at the same moment (a stale write and a lost update), and the
// order of the two is the order their judgements were recorded: the second wait must still
// find the one recorded first (clock-jump timed out on `wait until lost-update` when its lost
// update came a fraction of a millisecond before the stale write the wait before it took).
// The runner alone, fed events as the engine's history would.
#include "base/steadyclock.h"
#include "quietrunner.h"

#include <QSignalSpy>
#include <QTest>
#include <optional>

class TestScenarioWaits : public QObject
{
    Q_OBJECT

private:
    static constexpr qint64 T0 = 10'000'000;
    static constexpr auto Stale = HistoryEvent::ViolationKind::StaleWrite;
    static constexpr auto Lost = HistoryEvent::ViolationKind::LostUpdate;
    using Outcome = ScenarioResult::Outcome;

    static HistoryEvent violation(HistoryEvent::ViolationKind kind, qint64 tUs)
    {
        HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Violation);
        e.code = quint8(kind);
        e.tUs = tUs;
        return e;
    }

    // clock-jump's two waits, the second with a short deadline: it passes only when the event
    // it needs was kept for it. `first`, then `second`, come once the first wait has begun, or
    // before it (during a sleep) when `beforeTheWait`.
    static std::optional<Outcome> twoWaits(const HistoryEvent& first, const HistoryEvent& second,
                                           bool beforeTheWait)
    {
        ScenarioRunner runner(quietRunnerHooks(), SteadyClock::instance(), false);
        QSignalSpy started(&runner, &ScenarioRunner::stepStarted);
        QSignalSpy finished(&runner, &ScenarioRunner::finished);
        runner.start(parsedScenario(QStringLiteral("%1wait until stale-write 5000\n"
                                                   "wait until lost-update 300\n")
                                        .arg(beforeTheWait ? "sleep 100\n" : "")));
        if (!beforeTheWait && !QTest::qWaitFor([&] { return !started.isEmpty(); }))
            return std::nullopt;
        runner.onEvent(first);
        runner.onEvent(second);
        if (!QTest::qWaitFor([&] { return !finished.isEmpty(); }, 10000))
            return std::nullopt; // never ended: neither outcome
        return finished.first().at(0).value<ScenarioResult>().outcome;
    }

private slots:
    // Recorded during the first wait, the lost update a fraction of a millisecond before the
    // stale write that ends it: the same moment, so the next wait still reads it.
    void anEventAtTheSameMomentStaysForTheNextWait()
    {
        QVERIFY(twoWaits(violation(Lost, T0), violation(Stale, T0 + 400), false) ==
                Outcome::Passed);
    }

    // Both recorded before the first wait began, the stale write first: the lost update after
    // it is still unread when the first wait ends on the stale write.
    void anEventAfterTheOneAWaitTookStaysUnread()
    {
        QVERIFY(twoWaits(violation(Stale, T0), violation(Lost, T0 + 2'000'000), true) ==
                Outcome::Passed);
    }

    // A lost update well before the stale write that ends the first wait was read past: the
    // next wait begins after it and does not take it for a new one.
    void anEarlierEventIsReadPast()
    {
        QVERIFY(twoWaits(violation(Lost, T0), violation(Stale, T0 + 5'000), false) ==
                Outcome::Failed);
    }
};

QTEST_GUILESS_MAIN(TestScenarioWaits)
#include "tst_scenariowaits.moc"
