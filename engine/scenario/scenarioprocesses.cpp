// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenarioprocesses.h"

#include "base/hardstop.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QThread>
#include <algorithm>
#include <memory>

#include <cerrno>
#include <csignal>
#include <unistd.h>

namespace {
constexpr int OutputLineMax = 500; // an output line longer than this is cut in the history
constexpr int PollMs = 10;

// Whether a process of the group other than a zombie still exists. kill(-group, 0) counts
// zombies too (the shell once it ended, until it is reaped), so /proc says which are.
bool groupAlive(pid_t group)
{
    if (::kill(-group, 0) != 0)
        return errno != ESRCH;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString& pid : pids) {
        bool number = false;
        pid.toInt(&number);
        if (!number)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses.
        const QByteArray text = stat.readAll();
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 2 && fields[2].toLongLong() == group && fields[0] != "Z")
            return true;
    }
    return false;
}
} // namespace

ScenarioProcesses::ScenarioProcesses(Record record, QObject* parent)
    : QObject(parent), m_record(std::move(record))
{}

ScenarioProcesses::~ScenarioProcesses()
{
    stopAll();
}

void ScenarioProcesses::start(const QString& command, int line, Done done)
{
    auto* process = new QProcess(this);
    process->setProcessChannelMode(QProcess::MergedChannels);
    // In the child, before the shell runs: a group of its own, led by the shell.
    process->setChildProcessModifier([] { ::setpgid(0, 0); });
    m_processes << Started{process, 0, line};
    auto once = std::make_shared<bool>(false);
    connect(process, &QProcess::started, this, [this, process, done, once] {
        const qint64 group = process->processId();
        HardStop::addProcessGroup(pid_t(group));
        for (Started& s : m_processes)
            if (s.process == process)
                s.group = group;
        if (!std::exchange(*once, true))
            done(true, tr("started (pid %1)").arg(process->processId()));
    });
    connect(process, &QProcess::errorOccurred, this,
            [process, done, once](QProcess::ProcessError error) {
                if (error == QProcess::FailedToStart && !std::exchange(*once, true))
                    done(false, tr("could not start: %1").arg(process->errorString()));
            });
    connect(process, &QProcess::readyRead, this,
            [this, process, line] { recordOutput(process, line); });
    connect(process, &QProcess::finished, this,
            [this, process, line](int code, QProcess::ExitStatus status) {
                recordOutput(process, line);
                m_ended.insert(line);
                const bool signalled = status == QProcess::CrashExit;
                HistoryEvent e = HistoryEvent::make(
                    HistoryEvent::Kind::Info,
                    signalled ? tr("exec: the program was ended by a signal")
                              : tr("exec: the program ended (exit code %1)").arg(code));
                e.code = signalled ? SignalledCode : EndedCode;
                e.line = line;
                e.number = code;
                m_record(e);
            });
    process->start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
}

void ScenarioProcesses::recordOutput(QProcess* process, int line)
{
    while (process->canReadLine()) {
        const QString text = QString::fromUtf8(process->readLine()).trimmed();
        if (text.isEmpty())
            continue;
        HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Info,
                                            tr("exec: %1").arg(text.left(OutputLineMax)));
        e.line = line;
        m_record(e);
    }
}

// The shell may have ended long ago while what it started runs on: the group is ended
// whether or not its leader still runs.
void ScenarioProcesses::stopAll()
{
    for (const Started& started : std::as_const(m_processes)) {
        QProcess* process = started.process;
        const qint64 group = started.group;
        process->disconnect(this);
        if (group > 0) {
            endGroup(group, GraceMs);
            HardStop::removeProcessGroup(pid_t(group));
        }
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(GraceMs);
        }
        delete process;
    }
    m_processes.clear();
    m_ended.clear();
}

bool ScenarioProcesses::hasStarted(int line) const
{
    return std::any_of(m_processes.cbegin(), m_processes.cend(),
                       [line](const Started& s) { return s.line == line; });
}

bool ScenarioProcesses::endGroup(qint64 group, int graceMs)
{
    if (group <= 0 || ::kill(-pid_t(group), SIGTERM) != 0)
        return true; // no such group (any more)
    for (int waited = 0; waited < graceMs; waited += PollMs) {
        if (!groupAlive(pid_t(group)))
            return true;
        QThread::msleep(PollMs);
    }
    ::kill(-pid_t(group), SIGKILL);
    for (int waited = 0; waited < graceMs; waited += PollMs) {
        if (!groupAlive(pid_t(group)))
            return true;
        QThread::msleep(PollMs);
    }
    return false;
}
