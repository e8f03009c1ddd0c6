// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

#include <array>
#include <signal.h>

class QSocketNotifier;

// Turns SIGINT, SIGTERM and SIGHUP into a Qt signal, so that Ctrl-C, `kill PID` or a closed
// terminal end the app through its normal shutdown (which stops the local nodes by pid)
// instead of killing it on the spot.
//
// Self-pipe trick: the handler only writes one byte (the signal number) into a socketpair;
// a QSocketNotifier reads it in this object's thread and emits terminationRequested().
// One watcher at a time per process (the handlers are process-wide); the previous handlers
// are restored when it is destroyed.
//
// A deadline (setDeadline) makes the end certain: the handler also wakes a watchdog thread,
// and should the app still run when the deadline has passed (its thread busy reading,
// writing or measuring, where the notifier is not read), a line goes to stderr, the
// watchdog does what an abrupt end needs (`beforeExit`: HardStop::run) and the process ends
// at once with the given code. Local redis-servers die with it (PR_SET_PDEATHSIG), their
// directories are removed by the next start.
class UnixSignalWatcher : public QObject
{
    Q_OBJECT

public:
    explicit UnixSignalWatcher(QObject* parent = nullptr);
    ~UnixSignalWatcher() override;

    // False if the handlers could not be installed (another watcher exists, or no socketpair).
    bool isActive() const { return m_notifier != nullptr; }

    // From the first signal on, the app has `ms` to end; then `message` goes to stderr,
    // `beforeExit` runs (in the watchdog's thread, given the signal) and it ends with `exitCode`,
    // whatever it was doing. Once per process. False if no watchdog could be made.
    bool setDeadline(int ms, int exitCode, const QByteArray& message,
                     void (*beforeExit)(int signal) = nullptr);

signals:
    void terminationRequested(int signal);

private:
    static void handleSignal(int signal);
    void onReadable();

    static constexpr std::array<int, 3> kSignals{SIGINT, SIGTERM, SIGHUP};
    int m_fds[2] = {-1, -1}; // [0]: written by the handler, [1]: read by the notifier
    std::array<struct sigaction, 3> m_previous{};
    QSocketNotifier* m_notifier = nullptr;
};
