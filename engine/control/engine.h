// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "model/enginesnapshot.h"
#include "scenario/scenariorunner.h"

#include <QObject>
#include <memory>

// The root of the engine's object tree; lives in the engine thread (see EngineController).
// Everything reaches it through queued calls to its slots; it answers with signals.
//
// It wires the parts, each with one job: Fleet (the lock nodes), Storage (the stock),
// ClientRegistry (the clients), Recorder (history and checker), SnapshotBuilder (what the
// UI draws) and CommandDispatcher (the command language, whose handlers are set up here).
class Engine : public QObject
{
    Q_OBJECT

public:
    explicit Engine(const EngineConfig& config, QObject* parent = nullptr);
    ~Engine() override;

    // The checker's counters for the whole run (read after stopped(), from any thread).
    CheckCounters counters() const;
    bool isStopped() const;

public slots:
    void start(); // start or reach the nodes and the storage, then the initial clients
    // Stops the clients (their locks released on every node that answers within half a
    // second), closes the connections and stops the local nodes, without blocking the engine's
    // thread: stopped() says when it is done. Once only; later calls do nothing.
    void stop();
    // One command line of the shared command language; answered by commandFinished.
    void execute(quint64 id, const QString& line);
    // A scenario (`source` is a file, "builtin:NAME", or, with `text`, where the text came
    // from: "--exec"); it starts once the nodes are up. Answered by the scenario signals.
    void runScenario(const QString& source, const QString& text = {},
                     std::optional<quint64> seed = {});
    void pauseScenario();
    void resumeScenario();
    void stepScenario(); // to the next narration
    void stopScenario();
    // --slides: the scenario waits after each caption and `snapshot` until slideTaken().
    void holdAtSlides(bool hold);
    void slideTaken();
    // A scenario under way, or waiting for the nodes, ends now as Interrupted (`why` says by
    // what); scenarioFinished() tells it.
    void interruptScenario(const QString& why);
    // Why the run file stopped short (not created, or a write failed: a full disk); empty
    // while it holds every event. Read it after stopped(), or from the engine's thread.
    QString recordingError() const;
    // Console lines: commands and directives, one after the other.
    void runConsole(const QString& text, int number = 0); // number: the console's line
    void setLanguage(const QString& language);            // narration: "en", "zh", "ja"

signals:
    void started();
    void startFailed(const QString& error);
    void stopped(); // stop() is done: everything is closed and the local nodes are gone
    void snapshotReady(const EngineSnapshot& snapshot);
    void commandFinished(quint64 id, bool ok, const QString& message);
    // Every history event as it is recorded (engine thread; for tests).
    void recorded(const HistoryEvent& event);
    // A scenario's or the console's steps; `origin` says whose ("console" for the console).
    void stepStarted(const QString& origin, int line, const QString& text);
    void stepFinished(const QString& origin, int line, bool ok, const QString& message);
    void narration(int line, const QString& text);
    void snapshotRequested(int line, const QString& title); // a `snapshot` line (--slides)
    void scenarioStateChanged(int state);                   // ScenarioRunner::State
    void scenarioFinished(const ScenarioResult& result);

private:
    class Private;
    std::unique_ptr<Private> d;
};
