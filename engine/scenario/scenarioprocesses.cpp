// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenarioprocesses.h"

#include <QProcess>
#include <memory>

namespace {
constexpr int GraceMs = 1000;
constexpr int OutputLineMax = 500; // an output line longer than this is cut in the history
} // namespace

ScenarioProcesses::ScenarioProcesses(Record record, QObject* parent)
    : QObject(parent), m_record(std::move(record))
{
}

ScenarioProcesses::~ScenarioProcesses()
{
    stopAll();
}

void ScenarioProcesses::start(const QString& command, int line, Done done)
{
    auto* process = new QProcess(this);
    process->setProcessChannelMode(QProcess::MergedChannels);
    m_processes << process;
    auto once = std::make_shared<bool>(false);
    connect(process, &QProcess::started, this, [process, done, once] {
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
    connect(process, &QProcess::finished, this, [this, process, line](int code) {
        recordOutput(process, line);
        HistoryEvent e = HistoryEvent::make(
            HistoryEvent::Kind::Info, tr("exec: the program ended (exit code %1)").arg(code));
        e.line = line;
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

void ScenarioProcesses::stopAll()
{
    for (QProcess* process : std::as_const(m_processes)) {
        process->disconnect(this);
        if (process->state() != QProcess::NotRunning) {
            process->terminate(); // its pid: SIGTERM
            if (!process->waitForFinished(GraceMs)) {
                process->kill();
                process->waitForFinished(GraceMs);
            }
        }
        delete process;
    }
    m_processes.clear();
}
