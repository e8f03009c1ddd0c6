// SPDX-License-Identifier: GPL-3.0-or-later
#include "headlessrun.h"

#include "base/steadyclock.h"
#include "control/enginecontroller.h"
#include "record/runselfcheck.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTimer>

HeadlessRun::HeadlessRun(const Options& options, QObject* parent)
    : QObject(parent), m_options(options), m_engine(new EngineController(options.config, this))
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
                print(ok ? stdout : stderr,
                      QStringLiteral("%1  line %2  %3  %4")
                          .arg(stamp())
                          .arg(line, 3)
                          .arg(ok ? QStringLiteral("ok  ") : QStringLiteral("FAIL"))
                          .arg(message));
            });
    connect(m_engine, &EngineController::stepStarted, this,
            [this](const QString&, int line, const QString& text) {
                print(stdout,
                      QStringLiteral("%1  line %2  > %3").arg(stamp()).arg(line, 3).arg(text));
            });
    connect(m_engine, &EngineController::scenarioFinished, this, &HeadlessRun::onFinished);
}

HeadlessRun::~HeadlessRun() = default;

int HeadlessRun::exec()
{
    if (m_options.durationS > 0)
        QTimer::singleShot(int(m_options.durationS * 1000), qApp, &QCoreApplication::quit);
    if (scripted()) {
        const QString source =
            m_options.execText.isEmpty() ? m_options.scenario : QStringLiteral("--exec");
        m_engine->runScenario(source, m_options.execText, m_options.seed);
    }
    m_engine->start();
    const int loop = QCoreApplication::exec();
    m_engine->shutdown();
    // The verdict is the last line: after the run file has been judged again.
    const bool agrees = !scripted() || checkOwnRun();
    if (m_finished)
        print(m_result.outcome == ScenarioResult::Outcome::Passed && agrees ? stdout : stderr,
              m_result.verdictLine());
    if (!agrees)
        return int(ScenarioResult::Outcome::Failed);
    return m_code ? m_code : loop;
}

void HeadlessRun::onStarted()
{
    // The story's clock starts now: nodes and storage are up, whatever their start cost.
    m_readyUs = SteadyClock::instance().nowUs();
    if (scripted())
        print(stdout, QStringLiteral("%1  nodes up: running %2")
                          .arg(stamp(), m_options.execText.isEmpty() ? m_options.scenario
                                                                     : QStringLiteral("--exec")));
}

CheckCounters HeadlessRun::counters() const
{
    return m_engine->finalCounters();
}

void HeadlessRun::onFinished(const ScenarioResult& result)
{
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
// the writes the fenced storage refused (stale or not) and releases that deleted another
// client's key (the punchlines of the fencing and set-px stories).
bool HeadlessRun::loud(const HistoryEvent& e)
{
    using K = HistoryEvent::Kind;
    return e.kind == K::Violation || e.kind == K::LockLost || e.kind == K::Error ||
           e.kind == K::DeletedOthersKey ||
           (e.is(K::Fail, HistoryEvent::Operation::Write) &&
            (e.failReason() == HistoryEvent::FailReason::Rejected ||
             e.failReason() == HistoryEvent::FailReason::RejectedValid));
}

QString HeadlessRun::stamp() const
{
    const qint64 sinceReady = std::max<qint64>(0, SteadyClock::instance().nowUs() - m_readyUs);
    return QStringLiteral("%1").arg(sinceReady / 1e6, 10, 'f', 3);
}

void HeadlessRun::print(FILE* stream, const QString& text)
{
    fprintf(stream, "%s\n", qPrintable(text));
    fflush(stream);
}
