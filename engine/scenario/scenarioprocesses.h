// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <functional>

class QProcess;

// The programs a scenario starts with `exec COMMAND` (an engineer's own lock client, under
// test through the exposed ports): each runs in a shell, its output lines go into the history
// (as info, "exec F: ..."), and every one still running is stopped when the scenario ends
// (SIGTERM, then SIGKILL a second later), by its pid: nothing is left behind.
class ScenarioProcesses : public QObject
{
    Q_OBJECT

public:
    using Record = std::function<void(const HistoryEvent&)>;
    using Done = std::function<void(bool ok, const QString& message)>;

    explicit ScenarioProcesses(Record record, QObject* parent = nullptr);
    ~ScenarioProcesses() override;

    // Starts `command` (sh -c); `done` says once whether it started.
    void start(const QString& command, int line, Done done);
    void stopAll();

private:
    void recordOutput(QProcess* process, int line);

    Record m_record;
    QList<QProcess*> m_processes;
};
