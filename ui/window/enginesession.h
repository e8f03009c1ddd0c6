// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "model/enginesnapshot.h"

#include <QList>
#include <QObject>
#include <memory>
#include <optional>

class EngineController;
struct ScenarioResult;

// The engine the window drives, one at a time: started on a config, made again on other nodes
// or another topology, gone while a recorded run is shown. Whichever EngineController runs,
// its signals come out of this object, so the window is wired once. An engine replaced or
// stopped winds down in its own thread (EngineController::stop) while the window goes on;
// destroying the session waits for every one of them to end (their local nodes stopped).
class EngineSession : public QObject
{
    Q_OBJECT

public:
    explicit EngineSession(const EngineConfig& config, QObject* parent = nullptr);
    ~EngineSession() override;

    EngineController* controller() const { return m_controller.get(); }
    // What the next engine starts from: nodes, topology, and the client defaults it starts with.
    const EngineConfig& config() const { return m_config; }
    void setConfig(const EngineConfig& config);
    // Starts an engine on config(), speaking `language`, recording into a new run file when the
    // config asks for one. Returns the config it runs: its recordPath is the live run's file.
    EngineConfig start(const QString& language);
    // Whether an engine was ever started here (a window that tests drive without one keeps
    // changing only the config for a start that never comes).
    bool wasStarted() const { return m_started; }
    // Stops the running engine without waiting for it; allStopped() follows.
    void stop();
    // Engines stopped and still winding down (their locks released, nodes stopping).
    int stopping() const { return int(m_retiring.size()); }
    quint64 execute(const QString& line); // 0 when no engine runs

public slots:
    void pauseScenario();
    void resumeScenario();
    void stepScenario();
    void stopScenario();

signals:
    void snapshotReady(const EngineSnapshot& snapshot);
    void commandFinished(quint64 id, bool ok, const QString& message);
    // The run is not recorded: the run folder could not be made or written.
    void notRecorded(const QString& error);
    void narration(int line, const QString& text);
    void snapshotRequested(int line, const QString& title); // a `snapshot` line (--slides)
    void stepStarted(const QString& origin, int line, const QString& text);
    void stepFinished(const QString& origin, int line, bool ok, const QString& message);
    void scenarioStateChanged(int state);
    void scenarioFinished(const ScenarioResult& result);
    void allStopped(); // every engine stopped here has ended

private:
    void connectController();

    EngineConfig m_config;
    std::unique_ptr<EngineController> m_controller;
    QList<EngineController*> m_retiring; // stopped, not yet ended
    bool m_started = false;
};
