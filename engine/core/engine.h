#pragma once

#include "core/engineconfig.h"
#include "snapshot/enginesnapshot.h"

#include <QObject>
#include <memory>

// The root of the engine's object tree; lives in the engine thread (see EngineController).
// Everything reaches it through queued calls to its slots; it answers with signals.
class Engine : public QObject
{
    Q_OBJECT

public:
    explicit Engine(const EngineConfig& config, QObject* parent = nullptr);
    ~Engine() override;

public slots:
    void start();    // start or reach the nodes, then the initial clients
    void shutdown(); // stop clients, close connections, stop the local nodes (by pid)
    // One command line of the shared command language; answered by commandFinished.
    void execute(quint64 id, const QString& line);

signals:
    void started();
    void startFailed(const QString& error);
    void snapshotReady(const EngineSnapshot& snapshot);
    void commandFinished(quint64 id, bool ok, const QString& message);

private:
    class Private;
    std::unique_ptr<Private> d;
};
