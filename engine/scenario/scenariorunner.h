// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/clientsnapshot.h"
#include "model/commandanswer.h"
#include "model/historyevent.h"
#include "scenario/expectation.h"
#include "scenario/scenario.h"
#include "scenario/scenarioprocesses.h"

#include <QObject>
#include <QTimer>
#include <deque>
#include <functional>
#include <optional>

class Clock;
class EventPattern;

// How a scenario ended: as expected, not as expected, or it could not run.
struct ScenarioResult
{
    enum class Outcome
    {
        Passed,
        Failed,
        CouldNotRun,
        Interrupted // a signal or --duration ended it first: what had been checked, no verdict
    };
    Outcome outcome = Outcome::Passed;
    QStringList expectations; // each with its measured value
    QString reason;           // why it failed: the line, or the violation nobody expected
    // "verdict: PASS  overlaps == 0: 0 ✓  ..." : the last line a headless run prints.
    QString verdictLine() const;
    int exitCode() const { return int(outcome); }
};

Q_DECLARE_METATYPE(ScenarioResult)

// Runs a scenario in the engine thread, line after line: commands through the engine's own
// entry point, and the directives itself (say, sleep, wait, wait until, seed, expect,
// exec, snapshot). Waits
// are fed by the history as it is recorded (onEvent), never by snapshots, so a state that
// lasts a millisecond is caught. A wait that times out, or a refused command, fails the
// scenario with its line number; expectations are checked at the end.
//
// The window can pause it, step to the next narration, and stop it. The console runs its
// lines through an interactive runner: lines queue up, `expect` answers at once.
class ScenarioRunner : public QObject
{
    Q_OBJECT

public:
    // What the runner needs from the engine, and nothing more.
    struct Hooks
    {
        std::function<void(const ParsedCommand&, const AnswerCallback&)> runCommand;
        std::function<std::optional<ClientSnapshot>(const QString& name)> client;
        // "": the whole run; nullopt: no client of the run ever had that name.
        std::function<std::optional<CheckCounters>(const QString& client)> counters;
        std::function<void(quint64 seed)> applySeed;
        std::function<void(const HistoryEvent&)> record;
        // Null, or the end of the run before the judgement (headless: every client stops and
        // its release is answered), so that nothing after the verdict changes a counter; calls
        // `done` once settled.
        std::function<void(std::function<void()> done)> settle;
    };
    enum class State
    {
        Idle,
        Running,
        Paused,
        Finished
    };

    ScenarioRunner(Hooks hooks, const Clock& clock, bool interactive, QObject* parent = nullptr);
    ~ScenarioRunner() override;

    void setLanguage(const QString& language) { m_language = language; }
    // Starts `scenario` (interactive: appends its lines to those still to run).
    void start(const Scenario& scenario);
    void pause();
    void resume();
    void stepToNextNarration(); // runs until the next `say` is shown, then pauses
    void stop();
    // --slides: after each caption and `snapshot`, the next line waits until releaseSlide()
    // (the window has taken the picture), so a caption is never gone before its slide is.
    void setHoldAtSlides(bool hold) { m_holdAtSlides = hold; }
    void releaseSlide();
    // Ends a running scenario before its last line (`why`: "SIGTERM", "--duration 5 s ran
    // out"): finished() with Outcome::Interrupted, the line it was on, how many lines had
    // run, and the expectations met so far with their values now. Nothing when none runs.
    void interrupt(const QString& why);
    State state() const { return m_state; }

    // Every recorded history event, in order (connect to Recorder::recorded).
    void onEvent(const HistoryEvent& event);

signals:
    void stepStarted(const QString& origin, int line, const QString& text);
    void stepFinished(const QString& origin, int line, bool ok, const QString& message);
    void narration(int line, const QString& text);
    // A `snapshot` line: a slide of the window as it is now (title: "" when none).
    void snapshotRequested(int line, const QString& title);
    void stateChanged(ScenarioRunner::State state);
    void finished(const ScenarioResult& result);

private:
    struct Wait;

    void setState(State state);
    void next();
    void runLine(const Scenario::Line& line, qsizetype index);
    void runDirective(const Scenario::Line& line, qsizetype index);
    void runSleep(const Scenario::Line& line);
    void runWaitState(const Scenario::Line& line);
    void runWaitEvent(const Scenario::Line& line);
    void runWaitExit(const Scenario::Line& line, const EventPattern& pattern);
    void runExpect(const Scenario::Line& line);
    void startWait(std::function<bool(const HistoryEvent*)> done, qint64 timeoutMs,
                   const QString& what);
    void stepDone(bool ok, const QString& message);
    void fail(const QString& reason);
    void finish();
    ScenarioResult judge() const;
    std::optional<CheckCounters> countersFor(const QString& client) const;

    Hooks m_hooks;
    const Clock& m_clock;
    bool m_interactive;
    QString m_language = QStringLiteral("en");
    State m_state = State::Idle;
    Scenario m_scenario;
    qsizetype m_next = 0;
    qsizetype m_current = -1; // the line under way (an index: interactive lines append)
    bool m_busy = false;      // a step is under way
    bool m_pauseAtNarration = false;
    bool m_holdAtSlides = false;
    bool m_heldForSlide = false; // a slide is being taken: the next line waits
    QList<Expectation> m_expectations;
    std::optional<QString> m_failure; // why a step failed: the run fails whatever it counts
    QTimer m_timer;                   // sleep and wait deadlines
    std::function<bool(const HistoryEvent*)> m_waitDone; // null when not waiting
    void keepSameInstant(qint64 atUs);

    std::deque<HistoryEvent> m_unread; // since the last wait ended, for the next one
    static constexpr size_t UnreadKept = 10000;
    QString m_waitWhat;
    quint64 m_generation = 0;      // bumped by stop(): answers to older steps are ignored
    ScenarioProcesses m_processes; // what `exec` started
};
