// SPDX-License-Identifier: GPL-3.0-or-later
#include "headlessrun.h"

#include "base/steadyclock.h"
#include "control/enginecontroller.h"

#include <QCoreApplication>
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
            const bool loud = e.kind == HistoryEvent::Kind::Violation ||
                              e.kind == HistoryEvent::Kind::LockLost ||
                              e.kind == HistoryEvent::Kind::Error;
            if (!scripted() || loud)
                print(stdout, m_text.line(e));
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
    return m_code ? m_code : loop;
}

void HeadlessRun::onStarted()
{
    if (scripted())
        print(stdout, QStringLiteral("%1  nodes up: running %2")
                          .arg(stamp(), m_options.execText.isEmpty() ? m_options.scenario
                                                                     : QStringLiteral("--exec")));
}

void HeadlessRun::onFinished(const ScenarioResult& result)
{
    print(result.outcome == ScenarioResult::Outcome::Passed ? stdout : stderr,
          result.verdictLine());
    m_code = result.exitCode();
    QCoreApplication::exit(m_code);
}

QString HeadlessRun::stamp() const
{
    return QStringLiteral("%1").arg(SteadyClock::instance().nowUs() / 1e6, 10, 'f', 3);
}

void HeadlessRun::print(FILE* stream, const QString& text)
{
    fprintf(stream, "%s\n", qPrintable(text));
    fflush(stream);
}
