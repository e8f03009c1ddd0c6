// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "model/enginesnapshot.h"
#include "scenario/scenariorunner.h"

#include <QObject>
#include <QThread>
#include <atomic>

class Engine;

// Owns the engine thread: the Engine is moved there, commands go in as queued calls,
// snapshots and answers come out as signals in the caller's thread. It lives in the thread
// that made it and is called from there only.
//
// Ending it: stop() asks the engine to stop (its locks released, its local nodes stopped) and
// returns at once; stopped() follows in this thread once the engine thread has ended. Nothing
// waits in place, so the window stays live while an engine it replaced winds down. shutdown()
// is stop() and a wait for the thread's end, for the headless modes and the benchmarks (never
// the window's thread while it runs); destroying a controller that has not stopped does that.
class EngineController : public QObject
{
    Q_OBJECT

public:
    explicit EngineController(const EngineConfig& config, QObject* parent = nullptr);
    ~EngineController() override;

    void start();
    // Queues one command line; returns its id, echoed by commandFinished.
    quint64 execute(const QString& line);
    // Asks the engine to stop; stopped() follows. Idempotent; later commands are dropped.
    void stop();
    // stop(), then waits for the engine thread to end. Idempotent.
    void shutdown();
    // The engine has stopped and is gone: finalCounters() and recordingError() are final.
    bool isStopped() const { return m_engine == nullptr; }
    // Scenarios and the console (see Engine); all queued to the engine thread.
    void runScenario(const QString& source, const QString& text = {},
                     std::optional<quint64> seed = {});
    void pauseScenario();
    void resumeScenario();
    void stepScenario();
    void stopScenario();
    void holdAtSlides(bool hold); // see Engine::holdAtSlides
    void slideTaken();
    void interruptScenario(const QString& why);
    void runConsole(const QString& text, int number = 0); // number: the console's line
    void setLanguage(const QString& language);

    const EngineConfig& config() const { return m_config; }
    // After stopped(): why the run file stopped short, empty when it holds every event.
    const QString& recordingError() const { return m_recordingError; }
    // After stopped(): the checker's counters of the whole run, every event counted.
    const CheckCounters& finalCounters() const { return m_finalCounters; }

signals:
    void started();
    void startFailed(const QString& error);
    void stopped(); // the engine and its thread have ended (after stop() or shutdown())
    void snapshotReady(const EngineSnapshot& snapshot);
    void commandFinished(quint64 id, bool ok, const QString& message);
    void stepStarted(const QString& origin, int line, const QString& text);
    void stepFinished(const QString& origin, int line, bool ok, const QString& message);
    void narration(int line, const QString& text);
    void snapshotRequested(int line, const QString& title); // a `snapshot` line (--slides)
    void scenarioStateChanged(int state);
    void scenarioFinished(const ScenarioResult& result);

private:
    // Queues `call` into the engine thread, unless the engine is stopping or gone.
    template <typename Call> void post(Call call);
    void onThreadFinished();

    EngineConfig m_config;
    QThread m_thread;
    Engine* m_engine;
    std::atomic<quint64> m_nextCommandId{1};
    bool m_stopRequested = false;
    QString m_recordingError;
    CheckCounters m_finalCounters;
};
