// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodeaddress.h"
#include "model/nodepersistence.h"

#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTimer>
#include <memory>

// One local redis-server that this app started, and only ever signalled by its own pid.
//
// The process binds 127.0.0.1 only and keeps its files in a temporary directory that
// outlives restarts (so AOF persistence means something) and is removed with this object.
// The directory's name carries the app's pid (redlock-node-<pid>-XXXXXX): if the app is
// SIGKILLed its nodes die with it but the directories stay, and the next start finds them
// by that pid (removeLeftoverDirectories).
// Children get PR_SET_PDEATHSIG=SIGKILL: a frozen node can never outlive the app, even if
// the app itself is killed.
class RedisServerProcess : public QObject
{
    Q_OBJECT

public:
    enum class State
    {
        Stopped,
        Starting,
        Running,
        Paused,
        Failed
    };
    Q_ENUM(State)
    using Persistence = NodePersistence::Mode;

    struct Options
    {
        QString executable; // empty: find redis-server on PATH
        quint16 port = 0;   // 0: pick a free loopback port at the first start
        Persistence persistence = Persistence::None;
        QString password; // requirepass, for tests of AUTH
        QStringList extraArgs;
        // Not empty: TLS only, on `port` (the plain port off), with this certificate and key,
        // clients verified against caFile when they send a certificate (ThrowawayCa); its
        // replication and a Sentinel's connections in TLS as well.
        QString tlsCertFile;
        QString tlsKeyFile;
        QString tlsCaFile;
        int startTimeoutMs = 5000;
        // Not empty: run redis-sentinel (executable: empty finds it on PATH) with these lines
        // as its sentinel.conf, which Sentinel insists on owning (it rewrites it).
        QStringList sentinelConfig;
    };

    explicit RedisServerProcess(const Options& options, QObject* parent = nullptr);
    ~RedisServerProcess() override;

    // Starts (or restarts, same port and directory). Emits started() or failed().
    void start();
    void kill();     // crash: SIGKILL, no goodbye
    void pause();    // SIGSTOP: the kernel still accepts connections, nobody answers
    void resume();   // SIGCONT
    void shutdown(); // graceful: SIGTERM, then SIGKILL if it lingers

    // Blocks in a local event loop until Running or Failed; for tests and headless runs.
    bool waitUntilRunning(int timeoutMs, QString* error = nullptr);

    void setPersistence(Persistence persistence) { m_options.persistence = persistence; }
    // Command-line arguments of every later start (restarts), after the app's own.
    void setExtraArgs(const QStringList& args) { m_options.extraArgs = args; }
    Persistence persistence() const { return m_options.persistence; }
    State state() const { return m_state; }
    qint64 pid() const { return m_pid; }
    quint16 port() const { return m_options.port; }
    // Where to reach it: 127.0.0.1 (it binds loopback only), its port and password.
    NodeAddress address() const;
    QString directory() const;
    QString lastError() const { return m_lastError; }

    // The redis-server to run, or a clear message saying how to get one.
    static QString findExecutable(const QString& preferred, QString* error);
    // The same for redis-sentinel (Debian package redis-sentinel).
    static QString findSentinelExecutable(const QString& preferred, QString* error);
    bool isSentinel() const { return !m_options.sentinelConfig.isEmpty(); }
    // A port nobody listens on right now (the kernel's choice on 127.0.0.1).
    static quint16 freeLoopbackPort();
    // Removes the node directories in `parent` left by an app that is gone: only names of
    // the form redlock-node-<pid>-XXXXXX, only ours (same user), and only when no process
    // <pid> exists. Returns the paths removed.
    static QStringList removeLeftoverDirectories(const QString& parent);
    // The directory name's prefix for nodes of process `pid`: "redlock-node-<pid>-".
    static QString directoryPrefix(qint64 pid);

signals:
    void started();
    void failed(const QString& error);
    void exited(); // the process ended: killed, crashed or shut down
    void stateChanged(RedisServerProcess::State state);
    // Each line the process logs, without its "pid:role date #" prefix (Sentinel's events).
    void logLine(const QString& text);

private:
    QStringList arguments() const;
    QStringList tlsArguments() const;
    QString writeSentinelConfig() const; // empty when written
    void onOutput();
    void onFinished();
    void onStartTimeout();
    void fail(const QString& error);
    void setState(State state);
    void signalProcess(int signal);
    void launch();
    void failSoon(const QString& error);
    void onProcessError(QProcess::ProcessError error);
    void onKillTimeout();
    bool isAlive() const;
    bool killAndReap(int timeoutMs);
    QString startFailureMessage() const;

    Options m_options;
    State m_state = State::Stopped;
    QString m_lastError;
    QString m_lastOutputLine;
    QByteArray m_outputBuffer;
    qint64 m_pid = 0;
    std::unique_ptr<QTemporaryDir> m_dir;
    QProcess* m_process = nullptr;
    QTimer m_startTimer;
    QTimer m_killTimer;         // shutdown(): SIGKILL if SIGTERM was not enough
    QString m_executable;       // resolved at each start
    QString m_configError;      // ">>> directive" line of a FATAL CONFIG FILE ERROR
    QString m_listenError;      // "could not listen on ...", kept past the later log lines
    bool m_autoPort = false;    // we chose the port: a busy one may be replaced
    bool m_everRunning = false; // a restart must keep its port, busy or not
    bool m_stopping = false;    // shutdown() or kill() asked for this exit
    int m_portRetries = 0;
};
