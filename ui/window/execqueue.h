#pragma once

#include "snapshot/enginesnapshot.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>
#include <functional>
#include <optional>

// Command lines run one after the other once the engine and its nodes are up (redlockscope
// --exec "node partition 2; sleep 3000; client pause C1"): for documentation screenshots
// and demos without a console. Each command waits for the engine's answer before the next
// goes, so they run in order even when one is answered asynchronously. Two steps of its
// own between the commands:
//   sleep MS               wait MS milliseconds
//   wait NAME STATE [MS]   wait until client NAME is in STATE (holding, paused, ...), at most
//                          MS milliseconds (default 30000): "wait C1 holding; client pause C1"
//                          pauses C1 while it holds the lock.
class ExecQueue : public QObject
{
    Q_OBJECT

public:
    struct Step
    {
        enum class Kind
        {
            Command,
            Sleep,
            Wait
        };
        Kind kind = Kind::Command;
        QString line;  // Command: the line; Wait: the client's name
        QString state; // Wait: the state's name ("holding")
        int ms = 0;    // Sleep: how long; Wait: the longest wait
    };

    // Sends a line, returns its id (0: not sent).
    using Sender = std::function<quint64(const QString& line)>;

    // "CMD; CMD; ..." -> steps; nullopt with *error on a malformed sleep or wait.
    static std::optional<QList<Step>> parse(const QString& text, QString* error);

    ExecQueue(const QList<Step>& steps, Sender sender, QObject* parent = nullptr);

    // The engine has started: the first step runs as soon as a snapshot shows no node
    // still starting (a node command sent before would be refused), at most after
    // SettleTimeoutMs.
    void start();
    static constexpr int SettleTimeoutMs = 10'000;
    bool isFinished() const { return m_next >= m_steps.size() && !m_busy; }
    int failures() const { return m_failures; }

public slots:
    // Wire these to EngineController::commandFinished and snapshotReady.
    void onCommandFinished(quint64 id, bool ok, const QString& message);
    void onSnapshot(const EngineSnapshot& snapshot);

signals:
    // One line of what happened, for the terminal ("exec: node partition 2 -> ok: ...").
    void report(const QString& line, bool ok);
    void finished(int failures);

private:
    void runNext();
    void stepDone(bool ok, const QString& what);

    QList<Step> m_steps;
    Sender m_sender;
    qsizetype m_next = 0;
    bool m_busy = false;
    bool m_settling = false; // started, waiting for the nodes to be up
    quint64 m_waitingId = 0;
    int m_failures = 0;
    QTimer m_timer; // sleep, wait deadline, answer deadline
};
