#pragma once

#include "core/engineconfig.h"
#include "snapshot/enginesnapshot.h"

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

public slots:
    void start();    // start or reach the nodes and the storage, then the initial clients
    void shutdown(); // stop clients (their locks released), close connections, stop local nodes
    // One command line of the shared command language; answered by commandFinished.
    void execute(quint64 id, const QString& line);

signals:
    void started();
    void startFailed(const QString& error);
    void snapshotReady(const EngineSnapshot& snapshot);
    void commandFinished(quint64 id, bool ok, const QString& message);
    // Every history event as it is recorded (engine thread; for scenario waits and tests).
    void recorded(const HistoryEvent& event);

private:
    class Private;
    std::unique_ptr<Private> d;
};
