// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The redlockscope binary run as a user runs it, for the app tests: to its end, or started
// and signalled; its local redis-servers found through /proc.
#include "base/loopbackports.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <memory>

namespace AppRun {

struct Result
{
    int exitCode = -1; // -2: it crashed, -1: it did not end in time (then it was killed)
    QByteArray out;
    QByteArray err;
    qint64 ms = 0; // how long it ran
};

// The binary under test: this build's, or another one named by REDLOCK_APP_UNDER_TEST (to see a
// test fail on an older build, e.g. main's).
inline QString binary()
{
    const QString other = qEnvironmentVariable("REDLOCK_APP_UNDER_TEST");
    return other.isEmpty() ? QStringLiteral(REDLOCKSCOPE_BINARY) : other;
}

inline QProcessEnvironment environment(const QString& dataHome)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!dataHome.isEmpty())
        env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    return env;
}

// Runs the binary to its end (or kills it after `timeoutMs`), in `env`.
inline Result run(const QStringList& args, const QProcessEnvironment& env, int timeoutMs)
{
    QProcess p;
    p.setProcessEnvironment(env);
    QElapsedTimer clock;
    clock.start();
    p.start(binary(), args);
    Result r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.ms = clock.elapsed();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// The same in the test's environment (XDG_DATA_HOME moved to `dataHome` when given).
inline Result run(const QStringList& args, int timeoutMs = 30000, const QString& dataHome = {})
{
    return run(args, environment(dataHome), timeoutMs);
}

// The redis-server (and redis-sentinel) processes whose parent is `pid`, read from /proc.
inline QList<qint64> childRedisServers(qint64 pid)
{
    QList<qint64> children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString& entry : entries) {
        bool numeric = false;
        const qint64 child = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype close = line.lastIndexOf(')');
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if ((line.contains("(redis-server)") || line.contains("(redis-sentinel)")) &&
            fields.value(1).toLongLong() == pid && fields.value(0) != "Z")
            children << child;
    }
    return children;
}

inline bool alive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    return line.mid(line.lastIndexOf(')') + 2, 1) != "Z";
}

// What --expose opens: five nodes and the storage, or two nodes, the storage and three
// Sentinels (LoopbackPorts::freeRun(ExposedPorts)).
constexpr int ExposedPorts = 6;

// Another process took one of LoopbackPorts::freeRun()'s ports before the run opened it (other
// tests start redis-servers on free ports too): the run is worth playing again on others.
inline bool portTakenMeanwhile(const Result& r)
{
    return r.out.contains("cannot listen on") || r.err.contains("cannot listen on");
}

inline QString writeFile(const QString& path, const QByteArray& content)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

inline QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Where scripts/node-redlock/setup.sh installs node-redlock and where the app looks for it
// (NodeRedlockScript::moduleDir): $REDLOCK_NODE_REDLOCK_DIR, else the user's cache.
inline QString nodeRedlockModules()
{
    const QString given = qEnvironmentVariable("REDLOCK_NODE_REDLOCK_DIR");
    return !given.isEmpty()
               ? given
               : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                     QStringLiteral("/redlockscope/node-redlock");
}

// A run started, left to get going, then signalled: how it ended and how long that took.
struct Signalled
{
    Result result;
    qint64 endMs = -1;   // from the signal to the end; -1: it did not end within 15 s
    QList<qint64> nodes; // its redis-servers when the signal was sent
};

// Whether process `pid` has a handler for `signal` now (/proc/PID/status, SigCgt): before the
// app installs its own, a signal ends it as the default action does, however busy the machine.
inline bool catches(qint64 pid, int signal)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("SigCgt:"))
            return (line.mid(7).trimmed().toULongLong(nullptr, 16) >> (signal - 1)) & 1U;
    return false;
}

// Starts the binary, waits until `ready(process, stdout so far)` holds and the app has its
// handler for `signal` (at most 60 s), sends `signal`, and waits for the end. Whatever
// happens, nothing it started is left running.
template <typename Ready>
Signalled signalWhen(const QStringList& args, int signal, Ready ready, const QString& dataHome = {})
{
    Signalled s;
    QProcess p;
    p.setProcessEnvironment(environment(dataHome));
    p.start(binary(), args);
    if (!p.waitForStarted())
        return s;
    QByteArray out;
    QElapsedTimer waited;
    waited.start();
    while (p.state() == QProcess::Running && waited.elapsed() < 60000) {
        p.waitForReadyRead(50);
        out += p.readAllStandardOutput();
        if (ready(p, out) && catches(p.processId(), signal))
            break;
    }
    s.nodes = childRedisServers(p.processId());
    QElapsedTimer clock;
    clock.start();
    ::kill(pid_t(p.processId()), signal);
    if (p.waitForFinished(15000))
        s.endMs = clock.elapsed();
    else {
        p.kill(); // the app's nodes die with it (PR_SET_PDEATHSIG)
        p.waitForFinished();
    }
    s.result.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    s.result.out = out + p.readAllStandardOutput();
    s.result.err = p.readAllStandardError();
    return s;
}

// Ready once the app has local nodes running and `afterMs` more have passed.
inline auto nodesUpFor(int afterMs)
{
    auto since = std::make_shared<QElapsedTimer>();
    return [since, afterMs](QProcess& p, const QByteArray&) {
        if (!since->isValid() && !childRedisServers(p.processId()).isEmpty())
            since->start();
        return since->isValid() && since->elapsed() >= afterMs;
    };
}

} // namespace AppRun
