// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenariorunner.h"

#include "base/clock.h"
#include "base/enumnames.h"
#include "base/logcategories.h"
#include "clients/foreignclients.h"
#include "scenario/eventpattern.h"
#include "scenario/scenarioparser.h"

#include <algorithm>

namespace {
constexpr qint64 DefaultWaitMs = 30'000;
using Outcome = ScenarioResult::Outcome;
} // namespace

QString ScenarioResult::verdictLine() const
{
    static const char* const words[] = {"PASS", "FAIL", "COULD NOT RUN", "INTERRUPTED"};
    QString line = QStringLiteral("verdict: %1").arg(QLatin1String(words[int(outcome)]));
    if (!reason.isEmpty())
        line += QStringLiteral(" (%1)").arg(reason);
    for (const QString& e : expectations)
        line += QStringLiteral("  ·  ") + e;
    return line;
}

ScenarioRunner::ScenarioRunner(Hooks hooks, const Clock& clock, bool interactive, QObject* parent)
    : QObject(parent), m_hooks(std::move(hooks)), m_clock(clock), m_interactive(interactive),
      m_processes(m_hooks.record)
{
    m_timer.setParent(this); // moves to the engine thread with its owner
    m_processes.setParent(this);
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer); // a scripted step at its time, not ±5 %
}

ScenarioRunner::~ScenarioRunner() = default;

void ScenarioRunner::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void ScenarioRunner::start(const Scenario& scenario)
{
    if (m_interactive && (m_state == State::Running || m_state == State::Paused)) {
        m_scenario.lines += scenario.lines; // queued behind the lines still running
        return;
    }
    stop();
    m_scenario = scenario;
    m_next = 0;
    m_unread.clear();
    m_expectations.clear();
    m_failure.reset();
    if (scenario.seed && m_hooks.applySeed)
        m_hooks.applySeed(*scenario.seed);
    setState(State::Running);
    next();
}

void ScenarioRunner::pause()
{
    if (m_state == State::Running)
        setState(State::Paused); // the step under way finishes; the next one waits
}

void ScenarioRunner::resume()
{
    if (m_state != State::Paused)
        return;
    m_pauseAtNarration = false;
    setState(State::Running);
    if (!m_busy)
        next();
}

void ScenarioRunner::stepToNextNarration()
{
    if (m_state != State::Paused)
        return;
    m_pauseAtNarration = true;
    setState(State::Running);
    if (!m_busy)
        next();
}

void ScenarioRunner::releaseSlide()
{
    if (!m_heldForSlide)
        return;
    m_heldForSlide = false;
    if (!m_busy)
        next();
}

void ScenarioRunner::stop()
{
    m_heldForSlide = false;
    m_processes.stopAll();
    ++m_generation;
    m_timer.stop();
    m_timer.disconnect(this);
    m_waitDone = nullptr;
    m_busy = false;
    m_current = -1;
    if (m_state == State::Running || m_state == State::Paused)
        setState(State::Idle);
}

void ScenarioRunner::interrupt(const QString& why)
{
    if (m_state != State::Running && m_state != State::Paused)
        return;
    ScenarioResult result = judge(); // what was checked so far, against the counters now
    const QString judged = result.outcome == Outcome::Failed ? result.reason : QString();
    result.outcome = Outcome::Interrupted;
    const qsizetype total = std::count_if(
        m_scenario.lines.cbegin(), m_scenario.lines.cend(), [](const Scenario::Line& l) {
            return !l.command.verb().startsWith(QLatin1String("say."));
        });
    qsizetype done = 0;
    for (qsizetype i = 0; i < m_next && i < m_scenario.lines.size(); ++i)
        done += m_scenario.lines[i].command.verb().startsWith(QLatin1String("say.")) ? 0 : 1;
    if (m_current >= 0) {
        const Scenario::Line& line = m_scenario.lines[m_current];
        result.reason = tr("%1 at line %2: %3; %4 of %5 lines begun")
                            .arg(why)
                            .arg(line.number)
                            .arg(line.text)
                            .arg(done)
                            .arg(total);
    } else {
        result.reason = tr("%1; %2 of %3 lines begun").arg(why).arg(done).arg(total);
    }
    if (!judged.isEmpty())
        result.reason += QStringLiteral("; ") + judged;
    stop();
    setState(State::Finished);
    emit finished(result);
}

void ScenarioRunner::next()
{
    if (m_busy || m_heldForSlide || m_state != State::Running)
        return;
    if (m_next >= m_scenario.lines.size()) {
        if (m_interactive)
            setState(State::Idle);
        else
            finish();
        return;
    }
    const qsizetype index = m_next++;
    const Scenario::Line& line = m_scenario.lines[index];
    // Translations ride along with their `say` line; they are not steps of their own.
    if (line.command.verb().startsWith(QLatin1String("say.")))
        return next();
    m_current = index;
    m_busy = true;
    qCDebug(lcScenario).noquote() << m_scenario.origin << "line" << line.number << line.text;
    emit stepStarted(m_scenario.origin, line.number, line.text);
    runLine(line, index);
}

void ScenarioRunner::runLine(const Scenario::Line& line, qsizetype index)
{
    if (line.command.spec->scenarioOnly) {
        runDirective(line, index);
        return;
    }
    const quint64 generation = m_generation;
    m_hooks.runCommand(line.command, [this, generation](const CommandAnswer& answer) {
        if (generation == m_generation)
            stepDone(answer.ok, answer.message);
    });
}

void ScenarioRunner::runDirective(const Scenario::Line& line, qsizetype index)
{
    const QString verb = line.command.verb();
    if (verb == QLatin1String("say")) {
        const QString text = m_scenario.narration(index, m_language);
        HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Say, text);
        e.line = line.number;
        m_hooks.record(e);
        m_heldForSlide = m_holdAtSlides;
        emit narration(line.number, text);
        if (m_pauseAtNarration) {
            m_pauseAtNarration = false;
            setState(State::Paused);
        }
        stepDone(true, text);
    } else if (verb == QLatin1String("sleep")) {
        runSleep(line);
    } else if (verb == QLatin1String("wait")) {
        runWaitState(line);
    } else if (verb == QLatin1String("wait until")) {
        runWaitEvent(line);
    } else if (verb == QLatin1String("expect")) {
        runExpect(line);
    } else if (verb == QLatin1String("exec")) {
        const quint64 generation = m_generation;
        m_processes.start(line.command.word(QStringLiteral("TEXT")), line.number,
                          [this, generation](bool ok, const QString& message) {
                              if (generation == m_generation)
                                  stepDone(ok, message);
                          });
    } else if (verb == QLatin1String("snapshot")) {
        QString why; // checked when the file was read
        const QString title = ScenarioParser::snapshotTitle(line.command, &why).value_or(QString());
        m_heldForSlide = m_holdAtSlides;
        emit snapshotRequested(line.number, title);
        stepDone(true, title.isEmpty() ? tr("snapshot") : tr("snapshot: %1").arg(title));
    } else { // seed: applied before the first line ran
        stepDone(true, tr("seed %1").arg(line.command.word(QStringLiteral("N"))));
    }
}

void ScenarioRunner::runSleep(const Scenario::Line& line)
{
    const qint64 ms = line.command.number(QStringLiteral("MS"));
    m_timer.disconnect(this);
    connect(&m_timer, &QTimer::timeout, this,
            [this, ms] { stepDone(true, tr("slept %1 ms").arg(ms)); });
    m_timer.start(int(ms));
}

void ScenarioRunner::runWaitState(const Scenario::Line& line)
{
    const QString name = line.command.word(QStringLiteral("CLIENT"));
    const QString state = line.command.word(QStringLiteral("STATE"));
    const auto inState = [this, name, state]() -> std::optional<bool> {
        const std::optional<ClientSnapshot> c = m_hooks.client(name);
        if (!c)
            return std::nullopt;
        if (state == QLatin1String("in-section"))
            return c->inSection;
        return ClientSnapshot::stateName(c->state) == state;
    };
    // Your own client (F1, ...) gets its lane with its first lock command: wait for it.
    if (!inState().has_value() && ForeignClients::idForName(name) < 0) {
        stepDone(false, tr("no client named '%1'").arg(name));
        return;
    }
    startWait([inState](const HistoryEvent*) { return inState().value_or(false); },
              line.command.number(QStringLiteral("TIMEOUT_MS"), DefaultWaitMs),
              tr("%1 to be %2").arg(name, state));
}

void ScenarioRunner::runWaitEvent(const Scenario::Line& line)
{
    QString error;
    const auto pattern = EventPattern::parse(line.command.word(QStringLiteral("EVENT")), &error);
    if (!pattern) {
        stepDone(false, error);
        return;
    }
    if (pattern->line() > 0) {
        runWaitExit(line, *pattern);
        return;
    }
    int clientId = -1;
    if (!pattern->client().isEmpty()) {
        const std::optional<ClientSnapshot> c = m_hooks.client(pattern->client());
        clientId = c ? c->id : ForeignClients::idForName(pattern->client());
        if (clientId < 0) {
            stepDone(false, tr("no client named '%1'").arg(pattern->client()));
            return;
        }
    }
    startWait(
        [p = *pattern, clientId](const HistoryEvent* e) { return e && p.matches(*e, clientId); },
        line.command.number(QStringLiteral("TIMEOUT_MS"), DefaultWaitMs),
        line.command.word(QStringLiteral("EVENT")));
}

// `wait until exited(LINE)`: the end of the program line LINE's `exec` started (recorded as
// ScenarioProcesses::isEnd says); done at once when it ended before the wait began, however
// long ago (the waits' unread events are a bounded window).
void ScenarioRunner::runWaitExit(const Scenario::Line& line, const EventPattern& pattern)
{
    const int started = pattern.line();
    if (!m_processes.hasStarted(started)) { // the console's lines come one at a time
        stepDone(false, tr("no program was started on line %1").arg(started));
        return;
    }
    startWait(
        [this, pattern, started](const HistoryEvent* e) {
            return e ? pattern.matches(*e, -1) : m_processes.hasEnded(started);
        },
        line.command.number(QStringLiteral("TIMEOUT_MS"), DefaultWaitMs),
        line.command.word(QStringLiteral("EVENT")));
}

// Done at once when `done(nullptr)` already holds; otherwise checked on every event until
// it holds or the time is up.
void ScenarioRunner::startWait(std::function<bool(const HistoryEvent*)> done, qint64 timeoutMs,
                               const QString& what)
{
    if (done(nullptr)) {
        stepDone(true, tr("%1: already so").arg(what));
        return;
    }
    for (auto it = m_unread.cbegin(); it != m_unread.cend(); ++it) {
        if (done(&*it)) {
            const qint64 atUs = it->tUs;
            m_unread.erase(it); // what came after it stays unread
            keepSameInstant(atUs);
            stepDone(true, tr("%1: it came since the last wait").arg(what));
            return;
        }
    }
    m_waitDone = std::move(done);
    m_waitWhat = what;
    m_timer.disconnect(this);
    connect(&m_timer, &QTimer::timeout, this, [this, timeoutMs] {
        m_waitDone = nullptr;
        m_unread.clear();
        stepDone(false,
                 tr("waited %1 ms for %2: it did not happen").arg(timeoutMs).arg(m_waitWhat));
    });
    m_timer.start(int(timeoutMs));
}

// Waits read the history in order, each from where the last one stopped: an event that
// comes after one wait ended and before the next began (the overlap its acquisition opened,
// recorded right after it) still ends the next wait.
void ScenarioRunner::onEvent(const HistoryEvent& event)
{
    if (m_state != State::Running && m_state != State::Paused)
        return;
    if (m_waitDone && m_waitDone(&event)) {
        m_waitDone = nullptr;
        keepSameInstant(event.tUs);
        m_timer.stop();
        stepDone(true, m_waitWhat);
        return;
    }
    m_unread.push_back(event);
    if (m_unread.size() > UnreadKept)
        m_unread.pop_front();
}

// A wait ended on an event at `atUs`: of the events read before it, only those recorded at
// the same moment (within a millisecond) stay for the next wait. Two clients' writes a
// fraction of a millisecond apart are judged in the order their answers arrive: clock-jump's
// lost update was recorded just before the stale write it waits for first, and was lost with
// it (`wait until lost-update` then timed out).
void ScenarioRunner::keepSameInstant(qint64 atUs)
{
    std::erase_if(m_unread, [atUs](const HistoryEvent& e) { return e.tUs < atUs - 1000; });
}

void ScenarioRunner::runExpect(const Scenario::Line& line)
{
    QString error;
    const auto expectation = Expectation::from(line.command, &error);
    if (!expectation) {
        stepDone(false, error);
        return;
    }
    if (m_interactive) { // the console asks now
        const std::optional<CheckCounters> counters = countersFor(expectation->client());
        if (!counters) {
            stepDone(false, Expectation::noSuchClient(expectation->client()));
            return;
        }
        stepDone(expectation->holds(*counters), expectation->report(*counters));
        return;
    }
    m_expectations << *expectation;
    stepDone(true, tr("checked at the end"));
}

std::optional<CheckCounters> ScenarioRunner::countersFor(const QString& client) const
{
    return m_hooks.counters(client);
}

void ScenarioRunner::stepDone(bool ok, const QString& message)
{
    if (!m_busy || m_current < 0)
        return;
    const Scenario::Line line = m_scenario.lines[m_current];
    m_busy = false;
    m_current = -1;
    qCDebug(lcScenario).noquote() << m_scenario.origin << "line" << line.number
                                  << (ok ? "ok:" : "failed:") << message;
    emit stepFinished(m_scenario.origin, line.number, ok, message);
    if (!ok && !m_interactive) {
        fail(tr("line %1: %2: %3").arg(line.number).arg(line.text, message));
        return;
    }
    // Let the event loop breathe between steps: answers, timers and repaints go on.
    QMetaObject::invokeMethod(this, &ScenarioRunner::next, Qt::QueuedConnection);
}

void ScenarioRunner::fail(const QString& reason)
{
    m_failure = reason;
    finish();
}

// The judgement comes once the run has settled (headless: its clients stopped and their
// releases answered), so the verdict is the run's last word.
void ScenarioRunner::finish()
{
    m_processes.stopAll(); // the programs it started end with it
    m_timer.stop();
    m_waitDone = nullptr;
    const auto judgeNow = [this, generation = m_generation] {
        if (generation != m_generation)
            return; // stopped or interrupted meanwhile: that said the verdict
        ScenarioResult result = judge();
        if (m_failure) {
            result.outcome = Outcome::Failed;
            result.reason = *m_failure;
        }
        setState(State::Finished);
        emit finished(result);
    };
    if (m_hooks.settle)
        m_hooks.settle(judgeNow);
    else
        judgeNow();
}

// Every expectation must hold, and every kind of violation that happened must have been
// expected: a scenario that breaks mutual exclusion says so, or it fails.
ScenarioResult ScenarioRunner::judge() const
{
    ScenarioResult result;
    for (const Expectation& e : m_expectations) {
        const std::optional<CheckCounters> counters = countersFor(e.client());
        result.expectations << (counters ? e.report(*counters)
                                         : e.text() + QStringLiteral(": ") +
                                               Expectation::noSuchClient(e.client()));
        if ((!counters || !e.holds(*counters)) && result.outcome == Outcome::Passed) {
            result.outcome = Outcome::Failed;
            result.reason = tr("an expectation did not hold");
        }
    }
    const CheckCounters all = countersFor({}).value_or(CheckCounters());
    const QList<CheckCounters::Name> violations = CheckCounters::violations();
    for (CheckCounters::Name kind : violations) {
        if (all.value(kind) == 0)
            continue;
        const bool expected =
            std::any_of(m_expectations.cbegin(), m_expectations.cend(),
                        [kind](const Expectation& e) { return e.mentions(kind); });
        if (!expected && result.outcome == Outcome::Passed) {
            result.outcome = Outcome::Failed;
            result.reason = tr("%1 %2, and no expectation allowed it")
                                .arg(CheckCounters::nameOf(kind))
                                .arg(all.value(kind));
        }
    }
    return result;
}
