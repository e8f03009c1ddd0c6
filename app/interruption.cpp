// SPDX-License-Identifier: GPL-3.0-or-later
#include "interruption.h"

#include "base/hardstop.h"
#include "base/unixsignalwatcher.h"

#include <QCoreApplication>
#include <csignal>
#include <unistd.h>

Interruption& Interruption::instance()
{
    static Interruption interruption;
    return interruption;
}

void Interruption::install(QCoreApplication* app)
{
    auto* watcher = new UnixSignalWatcher(app);
    // At once, but not leaving what a clean end removes: a scenario's programs, the socket
    // folders, a benchmark's JSON without its "interrupted" mark (HardStop).
    watcher->setDeadline(DeadlineMs, ExitCode,
                         QByteArrayLiteral("redlockscope: still busy 0.8 s after the signal: "
                                           "stopped at once (its local nodes end with it)\n"),
                         &Interruption::endAtOnce);
    connect(watcher, &UnixSignalWatcher::terminationRequested, this, [this](int signal) {
        if (m_signal != 0)
            return;
        m_signal = signal;
        emit requested(signal);
    });
}

// In the watchdog's thread, the app's other threads busy: say by what, then what an abrupt end
// must still do (HardStop).
void Interruption::endAtOnce(int signal)
{
    const QByteArray line = "redlockscope: interrupted by " + nameOf(signal).toUtf8() + '\n';
    [[maybe_unused]] const ssize_t written =
        ::write(STDERR_FILENO, line.constData(), size_t(line.size()));
    HardStop::run();
}

QString Interruption::signalName() const
{
    return nameOf(m_signal);
}

QString Interruption::nameOf(int signal)
{
    switch (signal) {
    case 0:
        return {};
    case SIGINT:
        return QStringLiteral("SIGINT (Ctrl-C)");
    case SIGTERM:
        return QStringLiteral("SIGTERM");
    case SIGHUP:
        return QStringLiteral("SIGHUP");
    default:
        return QStringLiteral("signal %1").arg(signal);
    }
}
