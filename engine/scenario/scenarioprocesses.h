// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QSet>
#include <functional>

class QProcess;

// The programs a scenario starts with `exec COMMAND` (an engineer's own lock client, under
// test through the exposed ports): each runs in a shell, its output lines go into the history
// (as info, "exec: ..."), and so does its end (an info whose code says so, isEnd). Each shell leads
// a process group of its own, so what it starts (a client that forks, a pipeline, `cmd &`) is in
// that group too; when the scenario ends, or the app, the whole group is ended: SIGTERM, then
// SIGKILL once GraceMs have passed with any of it still alive. Nothing it started is left behind (a
// program that leaves the group with setsid() aside). Should the app be ended at once (the signal's
// deadline), HardStop kills the groups still registered.
class ScenarioProcesses : public QObject
{
    Q_OBJECT

public:
    using Record = std::function<void(const HistoryEvent&)>;
    using Done = std::function<void(bool ok, const QString& message)>;

    // How long a group has to end after SIGTERM before it is killed.
    static constexpr int GraceMs = 1000;
    // The end of a program is an info event with one of these codes (line: the line that
    // started it; number: its exit code): what `wait until exited(LINE)` waits for.
    static constexpr quint8 EndedCode = 1;
    static constexpr quint8 SignalledCode = 2; // a signal ended it

    static bool isEnd(const HistoryEvent& e)
    {
        return e.kind == HistoryEvent::Kind::Info &&
               (e.code == EndedCode || e.code == SignalledCode);
    }

    explicit ScenarioProcesses(Record record, QObject* parent = nullptr);
    ~ScenarioProcesses() override;

    // Starts `command` (sh -c) in a process group of its own; `done` says once whether it
    // started.
    void start(const QString& command, int line, Done done);
    // Ends every group (blocking for at most GraceMs and a moment after it).
    void stopAll();
    // Whether a program started on scenario line `line` has ended (its end recorded, isEnd),
    // or was started, since the last stopAll().
    bool hasEnded(int line) const { return m_ended.contains(line); }
    bool hasStarted(int line) const;

    // SIGTERM to the group, then SIGKILL should anything of it still run after `graceMs`;
    // true when the group is gone. For a group whose leader this process has not reaped, the
    // leader (a zombie) counts as gone.
    static bool endGroup(qint64 group, int graceMs);

private:
    void recordOutput(QProcess* process, int line);

    struct Started
    {
        QProcess* process = nullptr;
        qint64 group = 0; // the shell's pid, kept: QProcess forgets it once the shell ends
        int line = 0;     // the scenario line that started it
    };

    Record m_record;
    QList<Started> m_processes;
    QSet<int> m_ended; // the lines whose program ended
};
