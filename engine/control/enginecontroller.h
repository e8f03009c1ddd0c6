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
// snapshots and answers come out as signals in the caller's thread. Destroying the
// controller shuts the engine down (stopping its local nodes) before the thread ends.
class EngineController : public QObject
{
    Q_OBJECT

public:
    explicit EngineController(const EngineConfig& config, QObject* parent = nullptr);
    ~EngineController() override;

    void start();
    // Queues one command line; returns its id, echoed by commandFinished.
    quint64 execute(const QString& line);
    // Blocks until the engine has stopped everything it started. Idempotent.
    void shutdown();
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
    // After shutdown(): why the run file stopped short, empty when it holds every event.
    const QString& recordingError() const { return m_recordingError; }
    // After shutdown(): the checker's counters of the whole run, every event counted.
    const CheckCounters& finalCounters() const { return m_finalCounters; }

signals:
    void started();
    void startFailed(const QString& error);
    void snapshotReady(const EngineSnapshot& snapshot);
    void commandFinished(quint64 id, bool ok, const QString& message);
    void stepStarted(const QString& origin, int line, const QString& text);
    void stepFinished(const QString& origin, int line, bool ok, const QString& message);
    void narration(int line, const QString& text);
    void snapshotRequested(int line, const QString& title); // a `snapshot` line (--slides)
    void scenarioStateChanged(int state);
    void scenarioFinished(const ScenarioResult& result);

private:
    EngineConfig m_config;
    QThread m_thread;
    Engine* m_engine;
    std::atomic<quint64> m_nextCommandId{1};
    bool m_shutDown = false;
    QString m_recordingError;
    CheckCounters m_finalCounters;
};
