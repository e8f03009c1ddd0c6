// SPDX-License-Identifier: GPL-3.0-or-later
#include "interruption.h"

#include "base/unixsignalwatcher.h"

#include <QCoreApplication>
#include <csignal>

Interruption& Interruption::instance()
{
    static Interruption interruption;
    return interruption;
}

void Interruption::install(QCoreApplication* app)
{
    auto* watcher = new UnixSignalWatcher(app);
    watcher->setDeadline(DeadlineMs, ExitCode,
                         QByteArrayLiteral("redlockscope: still busy 0.8 s after the signal: "
                                           "stopped at once (its local nodes end with it)\n"));
    connect(watcher, &UnixSignalWatcher::terminationRequested, this, [this](int signal) {
        if (m_signal != 0)
            return;
        m_signal = signal;
        emit requested(signal);
    });
}

QString Interruption::signalName() const
{
    switch (m_signal) {
    case 0:
        return {};
    case SIGINT:
        return QStringLiteral("SIGINT (Ctrl-C)");
    case SIGTERM:
        return QStringLiteral("SIGTERM");
    case SIGHUP:
        return QStringLiteral("SIGHUP");
    default:
        return QStringLiteral("signal %1").arg(m_signal);
    }
}
