// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/trialrunner.h"

#include "control/enginecontroller.h"

namespace {
using Verdict = TrialResult::Verdict;
using VK = HistoryEvent::ViolationKind;

// A violation that makes the run unsafe (CheckCounters::safe): a refused valid write is the
// checker's finding about the fence, not an overlap or damaged data.
bool breaksSafety(const HistoryEvent& e)
{
    return e.kind == HistoryEvent::Kind::Violation && VK(e.code) != VK::ValidWriteRejected;
}
} // namespace

TrialRunner::TrialRunner(const Setup& setup, QObject* parent) : QObject(parent), m_setup(setup)
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        finish(Verdict::Invalid,
               tr("the schedule did not finish within %1 s").arg(m_setup.timeoutMs / 1000));
    });
}

TrialRunner::~TrialRunner()
{
    if (!m_engine)
        return;
    // Nothing is judged any more: its stopped() must not reach this half-destroyed runner.
    m_engine->disconnect(this);
    delete m_engine; // stops it and waits for its thread, if it was still running
}

void TrialRunner::start()
{
    m_elapsed.start();
    m_engine = new EngineController(m_setup.config);
    connect(m_engine, &EngineController::startFailed, this,
            [this](const QString& error) { finish(Verdict::Invalid, error); });
    connect(m_engine, &EngineController::snapshotReady, this,
            [this](const EngineSnapshot& s) { onSnapshotEvents(s.newEvents); });
    connect(m_engine, &EngineController::stepFinished, this,
            [this](const QString&, int line, bool ok, const QString& message) {
                onStepFinished(line, ok, message);
            });
    connect(m_engine, &EngineController::scenarioFinished, this, &TrialRunner::onScenarioFinished);
    connect(m_engine, &EngineController::started, this,
            [this] { m_startupSeconds = m_elapsed.elapsed() / 1000.0; });
    m_engine->runScenario(m_setup.origin, m_setup.text); // runs once the nodes are up
    m_engine->start();
    m_timeout.start(m_setup.timeoutMs);
}

void TrialRunner::abort()
{
    finish(Verdict::Aborted, tr("stopped"));
}

void TrialRunner::onSnapshotEvents(const QList<HistoryEvent>& events)
{
    for (const HistoryEvent& e : events) {
        // The first line the scenario ran (`seed`, `defaults`) is the schedule's moment 0.
        if (m_startUs < 0 && e.kind == HistoryEvent::Kind::Command && e.line > 0)
            m_startUs = e.tUs;
        if (m_violationUs < 0 && breaksSafety(e)) {
            m_violationUs = e.tUs;
            // The engine sends its signals in order: a snapshot that arrives before
            // scenarioFinished was published before the scenario ended, so the violation in it
            // came before the scenario's judgement, which can only fail.
            if (m_setup.stopAtViolation && !m_scenarioEnded) {
                m_stoppedAtViolation = true;
                QMetaObject::invokeMethod(
                    this, [this] { finish(Verdict::Held, {}); }, Qt::QueuedConnection);
            }
        }
    }
}

void TrialRunner::onStepFinished(int line, bool ok, const QString& message)
{
    if (ok)
        return;
    if (line < m_setup.propertyFirstLine) {
        if (m_refused.isEmpty())
            m_refused = tr("line %1: %2").arg(line).arg(message);
    } else if (m_failedLine.isEmpty()) {
        m_failedLine = m_setup.text.section(QLatin1Char('\n'), line - 1, line - 1).trimmed();
    }
}

void TrialRunner::onScenarioFinished(const ScenarioResult& result)
{
    m_scenarioEnded = true;
    m_scenarioFailed = result.outcome != ScenarioResult::Outcome::Passed;
    m_scenarioWhy = result.reason;
    m_expectations = result.expectations;
    if (result.outcome == ScenarioResult::Outcome::CouldNotRun)
        m_refused = result.reason;
    finish(Verdict::Held, {}); // judged once the counters are final
}

// Stops the engine (in its own thread: this one goes on), then judges with the final counters.
void TrialRunner::finish(Verdict verdict, const QString& why)
{
    if (m_finishing || !m_engine)
        return;
    m_finishing = true;
    m_timeout.stop();
    m_engine->disconnect(this);
    TrialResult result;
    result.verdict = verdict;
    result.why = why;
    result.startupSeconds = m_startupSeconds;
    result.runPath = m_setup.config.recordPath;
    result.failedLine = m_failedLine;
    result.expectations = m_expectations;
    result.scenarioEnded = m_scenarioEnded;
    connect(m_engine, &EngineController::stopped, this, [this, result]() mutable {
        result.counters = m_engine->finalCounters();
        // Not from inside its own signal: it is deleted once the signal has returned.
        std::exchange(m_engine, nullptr)->deleteLater();
        judge(result);
    });
    m_engine->stop();
}

void TrialRunner::judge(TrialResult result)
{
    result.seconds = m_elapsed.elapsed() / 1000.0;
    if (result.verdict == Verdict::Held) {
        if (!m_refused.isEmpty()) {
            result.verdict = Verdict::Invalid;
            result.why = m_refused;
        } else if (m_stoppedAtViolation) {
            result.verdict = Verdict::Failed;
            result.why = result.unsafeText();
        } else if (m_scenarioFailed) {
            result.verdict = Verdict::Failed;
            result.why = m_failedLine.isEmpty() ? m_scenarioWhy : m_failedLine;
            if (!result.unsafeText().isEmpty() && m_failedLine.isEmpty())
                result.why = result.unsafeText();
        }
    }
    if (result.verdict == Verdict::Failed && m_violationUs >= 0 && m_startUs >= 0)
        result.failureMs = std::max<qint64>(0, (m_violationUs - m_startUs) / 1000);
    m_done = true;
    emit finished(result);
}
