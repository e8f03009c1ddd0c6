// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

class QCoreApplication;

// Ctrl-C, SIGTERM and SIGHUP in every mode of the app. A plain run (the window, or headless
// until a signal) ends as asked, with exit code 0. Whatever had a result to give (a scenario,
// --exec, a benchmark, a screenshot, an export) ends with what it has (the verdict
// INTERRUPTED, the phases done) and ExitCode. And the app always ends within DeadlineMs of
// the signal: where it is busy in one long step and cannot look, the deadline ends it.
class Interruption : public QObject
{
    Q_OBJECT

public:
    // The exit code of a run a signal stopped before its result (docs/guide.md, "Exit codes").
    static constexpr int ExitCode = 3;
    static constexpr int DeadlineMs = 800;

    static Interruption& instance();
    // Installs the handlers (once, before anything starts).
    void install(QCoreApplication* app);

    bool isRequested() const { return m_signal != 0; }
    // `handler` runs in `context`'s thread at the signal, or soon when it came already: a part
    // set up after a nested event loop (the keychain's, at the window's start) heard the
    // signal still hears it. Every mode connects its handler so.
    template <typename Receiver, typename Handler>
    void onRequest(Receiver* context, Handler handler)
    {
        if (isRequested())
            QMetaObject::invokeMethod(context, handler, Qt::QueuedConnection);
        else
            connect(this, &Interruption::requested, context, handler);
    }
    // "SIGTERM", "SIGINT (Ctrl-C)", "SIGHUP"; empty before a signal.
    QString signalName() const;
    static QString nameOf(int signal);

signals:
    // The first signal only: later ones change nothing (the deadline is running).
    void requested(int signal);

private:
    Interruption() = default;
    static void endAtOnce(int signal); // the deadline's last acts (HardStop)
    int m_signal = 0;
};
