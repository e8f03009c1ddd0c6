// SPDX-License-Identifier: GPL-3.0-or-later
#include "headlessrun.h"

#include "base/safetext.h"
#include "base/steadyclock.h"
#include "control/enginecontroller.h"
#include "interruption.h"
#include "record/runselfcheck.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTimer>

namespace {
// How long the engine has to answer an interruption with its verdict before the run says
// INTERRUPTED without one (well inside Interruption::DeadlineMs).
constexpr int VerdictWaitMs = 300;
// How long the nodes have to come up (local ones: each redis-server has 5 s to say it is
// ready): --duration counts from then, so a busy machine's slow start costs the run nothing.
constexpr int StartDeadlineMs = 20000;
static_assert(int(ScenarioResult::Outcome::Interrupted) == Interruption::ExitCode);
} // namespace

namespace {
// A headless scenario's end is its run's end: the verdict is judged once every client stopped,
// so nothing after it changes a counter (the repeat's spread, the reports read the same run).
EngineConfig headlessConfig(const HeadlessRun::Options& options)
{
    EngineConfig config = options.config;
    config.scenarioEndsRun = !options.source.isEmpty();
    return config;
}
} // namespace

HeadlessRun::HeadlessRun(const Options& options, QObject* parent)
    : QObject(parent), m_options(options),
      m_engine(new EngineController(headlessConfig(options), this))
{
    connect(m_engine, &EngineController::startFailed, this, [this](const QString& error) {
        print(stderr, QStringLiteral("redlockscope: %1").arg(error));
        m_code = 2;
        QCoreApplication::quit();
    });
    connect(m_engine, &EngineController::started, this, &HeadlessRun::onStarted);
    connect(m_engine, &EngineController::snapshotReady, this, [this](const EngineSnapshot& s) {
        for (const HistoryEvent& e : s.newEvents) {
            m_text.learn(e);
            // A scenario prints its own steps; of the rest only what a reader must see.
            if (!scripted() || loud(e))
                print(stdout, m_text.line(e, m_readyUs));
        }
    });
    connect(m_engine, &EngineController::stepFinished, this,
            [this](const QString&, int line, bool ok, const QString& message) {
                const QString head = QStringLiteral("%1  line %2  %3  ")
                                         .arg(stamp())
                                         .arg(line, 3)
                                         .arg(ok ? QStringLiteral("ok  ") : QStringLiteral("FAIL"));
                // An answer of several lines (`help VERB`) keeps them, indented under its
                // first: no continuation can pass for a line of the run's own.
                const QStringList lines = message.split(QLatin1Char('\n'));
                print(ok ? stdout : stderr, head + lines.first());
                for (qsizetype i = 1; i < lines.size(); ++i)
                    print(ok ? stdout : stderr, QString(head.size(), QLatin1Char(' ')) + lines[i]);
            });
    connect(m_engine, &EngineController::stepStarted, this,
            [this](const QString&, int line, const QString& text) {
                print(stdout,
                      QStringLiteral("%1  line %2  > %3").arg(stamp()).arg(line, 3).arg(text));
            });
    connect(m_engine, &EngineController::scenarioFinished, this, &HeadlessRun::onFinished);
    Interruption::instance().onRequest(this, [this] {
        stop(tr("interrupted by %1").arg(Interruption::instance().signalName()), false);
    });
}

HeadlessRun::~HeadlessRun() = default;

int HeadlessRun::exec()
{
    QTimer::singleShot(StartDeadlineMs, this, [this] {
        if (!m_up && !m_finished)
            stop(tr("%1 s had passed since the start").arg(StartDeadlineMs / 1000), true);
    });
    if (scripted())
        m_engine->runScenario(m_options.source, m_options.scriptText, m_options.seed);
    m_engine->start();
    const int loop = QCoreApplication::exec();
    m_engine->shutdown();
    // The run file is part of what was asked for: one that stopped short is a failure (and
    // is not judged again: it is known to be short).
    const QString recordingError = m_engine->recordingError();
    if (!recordingError.isEmpty())
        print(stderr,
              QStringLiteral("redlockscope: the run file is incomplete: %1").arg(recordingError));
    // The verdict is the last line: after the run file has been judged again.
    const bool agrees = !scripted() || !recordingError.isEmpty() || checkOwnRun();
    if (m_finished)
        print(m_result.outcome == ScenarioResult::Outcome::Passed && agrees ? stdout : stderr,
              m_result.verdictLine());
    if (!recordingError.isEmpty())
        return int(ScenarioResult::Outcome::CouldNotRun);
    if (!agrees)
        return int(ScenarioResult::Outcome::Failed);
    return m_code ? m_code : loop;
}

void HeadlessRun::stop(const QString& why, bool byTime)
{
    // A run whose nodes never came up (a --redis-server that is never ready, nodes that do
    // not answer) did not run: exit 2, not the 0 of a run that ended as asked.
    if (byTime && !m_up && !m_finished) {
        print(stderr, tr("redlockscope: the nodes were not up when %1: nothing ran").arg(why));
        m_code = 2;
        QCoreApplication::exit(m_code);
        return;
    }
    if (!scripted() || m_finished) {
        QCoreApplication::quit(); // a plain run ends here as asked: exit 0
        return;
    }
    if (m_stopping)
        return;
    m_stopping = true;
    if (byTime)
        print(stdout, QStringLiteral("%1  %2").arg(stamp(), why));
    m_engine->interruptScenario(why);
    // The engine answers with the verdict at once; should it not, say so without one.
    QTimer::singleShot(VerdictWaitMs, this, [this, why] {
        if (m_finished)
            return;
        ScenarioResult result;
        result.outcome = ScenarioResult::Outcome::Interrupted;
        result.reason = tr("%1; the engine did not answer").arg(why);
        onFinished(result);
    });
}

void HeadlessRun::onStarted()
{
    // The story's clock starts now: nodes and storage are up, whatever their start cost.
    m_readyUs = SteadyClock::instance().nowUs();
    m_up = true;
    if (m_options.durationS > 0)
        QTimer::singleShot(int(m_options.durationS * 1000), this, [this] {
            stop(tr("--duration %1 s ran out").arg(m_options.durationS), true);
        });
    if (scripted())
        print(stdout, QStringLiteral("%1  nodes up: running %2").arg(stamp(), m_options.source));
}

CheckCounters HeadlessRun::counters() const
{
    return m_engine->finalCounters();
}

void HeadlessRun::onFinished(const ScenarioResult& result)
{
    if (m_finished)
        return;
    m_result = result;
    m_finished = true;
    m_code = result.exitCode();
    QCoreApplication::exit(m_code);
}

// A verdict stands on the checker: the run file, judged again, must say what the live checker
// said, violation by violation (RunSelfCheck). Said in the last lines; a disagreement fails.
bool HeadlessRun::checkOwnRun()
{
    const QString path = m_options.config.recordPath;
    if (path.isEmpty() || !QFileInfo::exists(path))
        return true;
    const QStringList problems = RunSelfCheck::problems(path, m_engine->finalCounters());
    if (problems.isEmpty()) {
        print(stdout, tr("checker: the run file, judged again, says the same"));
        return true;
    }
    print(stderr, tr("checker: the run file, judged again, disagrees: %1")
                      .arg(problems.join(QStringLiteral("; "))));
    return false;
}

// What a scenario's reader must see besides its own steps: violations, lost locks, errors,
// the writes the fenced storage refused (stale or not), releases that deleted another client's
// key (the punchlines of the fencing and set-px stories) and split votes, as judged.
bool HeadlessRun::loud(const HistoryEvent& e)
{
    using K = HistoryEvent::Kind;
    return e.kind == K::Violation || e.kind == K::LockLost || e.kind == K::Error ||
           e.kind == K::DeletedOthersKey ||
           (e.kind == K::RoundJudged && e.failReason() == HistoryEvent::FailReason::SplitVote) ||
           (e.is(K::Fail, HistoryEvent::Operation::Write) &&
            (e.failReason() == HistoryEvent::FailReason::Rejected ||
             e.failReason() == HistoryEvent::FailReason::RejectedValid));
}

QString HeadlessRun::stamp() const
{
    const qint64 sinceReady = std::max<qint64>(0, SteadyClock::instance().nowUs() - m_readyUs);
    return QStringLiteral("%1").arg(sinceReady / 1e6, 10, 'f', 3);
}

// Every line goes out printable: a narration or a client's name holding ESC [ 2 J would
// otherwise clear the reader's terminal.
void HeadlessRun::print(FILE* stream, const QString& text)
{
    fprintf(stream, "%s\n", qPrintable(SafeText::printable(text)));
    fflush(stream);
}
