// SPDX-License-Identifier: GPL-3.0-or-later
// `wait until EVENT` reads the history in order, each wait from where the last one stopped.
// One write can be judged twice at the same moment (a stale write and a lost update), and the
// order of the two is the order their judgements were recorded: the second wait must still
// find the one recorded first (clock-jump timed out on `wait until lost-update` when its lost
// update came a fraction of a millisecond before the stale write the wait before it took).
// The runner alone, fed events as the engine's history would.
#include "base/steadyclock.h"
#include "scenario/scenarioparser.h"
#include "scenario/scenariorunner.h"

#include <QSignalSpy>
#include <QTest>

class TestScenarioWaits : public QObject
{
    Q_OBJECT

private:
    static Scenario scenario(const QString& text)
    {
        ScenarioParser::Error error;
        const auto s = ScenarioParser::parse(text, QStringLiteral("waits.rls"), {5}, &error);
        if (!s)
            qFatal("%s", qPrintable(error.message));
        return *s;
    }

    static ScenarioRunner::Hooks hooks()
    {
        ScenarioRunner::Hooks h;
        h.runCommand = [](const ParsedCommand&, const AnswerCallback& done) {
            done(CommandAnswer{true, QStringLiteral("ok")});
        };
        h.client = [](const QString&) { return std::optional<ClientSnapshot>(); };
        h.counters = [](const QString&) { return CheckCounters{}; };
        h.applySeed = [](quint64) {};
        h.record = [](const HistoryEvent&) {};
        return h;
    }

    static HistoryEvent violation(HistoryEvent::ViolationKind kind, qint64 tUs)
    {
        HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Violation);
        e.code = quint8(kind);
        e.tUs = tUs;
        return e;
    }

    static constexpr qint64 T0 = 10'000'000;
    static constexpr auto Stale = HistoryEvent::ViolationKind::StaleWrite;
    static constexpr auto Lost = HistoryEvent::ViolationKind::LostUpdate;

    // The two waits of clock-jump, the second with a short deadline: it passes only when the
    // event it needs was kept for it.
    static QString twoWaits()
    {
        return QStringLiteral("wait until stale-write 5000\nwait until lost-update 300\n");
    }

    static ScenarioResult::Outcome outcome(const QSignalSpy& finished)
    {
        return finished.first().at(0).value<ScenarioResult>().outcome;
    }

private slots:
    // Recorded during the first wait, the lost update a fraction of a millisecond before the
    // stale write that ends it: the same moment, so the next wait still reads it.
    void anEventAtTheSameMomentStaysForTheNextWait()
    {
        ScenarioRunner runner(hooks(), SteadyClock::instance(), false);
        QSignalSpy started(&runner, &ScenarioRunner::stepStarted);
        QSignalSpy finished(&runner, &ScenarioRunner::finished);
        runner.start(scenario(twoWaits()));
        QTRY_COMPARE(started.size(), 1);
        runner.onEvent(violation(Lost, T0));
        runner.onEvent(violation(Stale, T0 + 400));
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(outcome(finished), ScenarioResult::Outcome::Passed);
    }

    // Both recorded before the first wait began, the stale write first: the lost update after
    // it is still unread when the first wait ends on the stale write.
    void anEventAfterTheOneAWaitTookStaysUnread()
    {
        ScenarioRunner runner(hooks(), SteadyClock::instance(), false);
        QSignalSpy finished(&runner, &ScenarioRunner::finished);
        runner.start(scenario(QStringLiteral("sleep 100\n") + twoWaits()));
        runner.onEvent(violation(Stale, T0));
        runner.onEvent(violation(Lost, T0 + 2'000'000));
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(outcome(finished), ScenarioResult::Outcome::Passed);
    }

    // A lost update well before the stale write that ends the first wait was read past: the
    // next wait begins after it and does not take it for a new one.
    void anEarlierEventIsReadPast()
    {
        ScenarioRunner runner(hooks(), SteadyClock::instance(), false);
        QSignalSpy started(&runner, &ScenarioRunner::stepStarted);
        QSignalSpy finished(&runner, &ScenarioRunner::finished);
        runner.start(scenario(twoWaits()));
        QTRY_COMPARE(started.size(), 1);
        runner.onEvent(violation(Lost, T0));
        runner.onEvent(violation(Stale, T0 + 5'000));
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(outcome(finished), ScenarioResult::Outcome::Failed);
    }
};

QTEST_GUILESS_MAIN(TestScenarioWaits)
#include "tst_scenariowaits.moc"
