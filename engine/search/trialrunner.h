// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "model/historyevent.h"
#include "search/trialresult.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

class EngineController;
struct ScenarioResult;

// Runs one schedule, as a scenario, on an engine of its own (fresh local nodes, started and
// stopped by pid by its fleet) and judges it by the scenario's own verdict: the property's
// lines after the schedule (`expect safe` for the checker's safety verdict) must hold, as they
// must when the scenario is played later. With stopAtViolation the run ends at the first
// violation the checker reports while the scenario still runs: its `expect safe` cannot hold
// any more (the counters only grow), and the time saved is the shrinker's.
//
// The engine stops in its own thread (EngineController::stop, answered by stopped()), so a
// window running trials stays responsive. Lives in the caller's thread, and calls its engine
// controller from there only.
class TrialRunner : public QObject
{
    Q_OBJECT

public:
    struct Setup
    {
        EngineConfig config;             // its recordPath is where the run is written
        QString text;                    // the scenario
        QString origin;                  // its name in messages
        int propertyFirstLine = 1 << 30; // a refused line before it: the schedule is invalid
        bool stopAtViolation = true;     // only for `expect safe`: other lines must still run
        int timeoutMs = 120'000;         // a schedule that runs longer is not judged (nodes hung)
    };

    explicit TrialRunner(const Setup& setup, QObject* parent = nullptr);
    ~TrialRunner() override;

    void start();
    // Ends the trial now; finished() follows with Aborted (nothing, if it already finished).
    void abort();
    bool isDone() const { return m_done; }

signals:
    void finished(const TrialResult& result);

private:
    void onSnapshotEvents(const QList<HistoryEvent>& events);
    void onStepFinished(int line, bool ok, const QString& message);
    void onScenarioFinished(const ScenarioResult& result);
    void finish(TrialResult::Verdict verdict, const QString& why);
    void judge(TrialResult result);

    Setup m_setup;
    EngineController* m_engine = nullptr;
    QElapsedTimer m_elapsed;
    QTimer m_timeout;
    qint64 m_startUs = -1;     // the schedule's first recorded line
    qint64 m_violationUs = -1; // the checker's first violation
    QString m_violationWhat;
    QString m_refused;     // a schedule line the engine refused
    QString m_scenarioWhy; // the scenario's own verdict when it failed
    bool m_scenarioFailed = false;
    bool m_scenarioEnded = false;
    bool m_stoppedAtViolation = false;
    QString m_failedLine; // a property's line that failed
    QStringList m_expectations;
    bool m_finishing = false;
    bool m_done = false;
    double m_startupSeconds = 0;
};
