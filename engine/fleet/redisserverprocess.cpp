// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/redisserverprocess.h"

#include "base/logcategories.h"
#include "base/processfolder.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QMutex>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>

#include <cerrno>
#include <csignal>
#include <limits>
#include <sys/prctl.h>
#include <unistd.h>

namespace {

constexpr int kMaxPortRetries = 3;
constexpr int kShutdownGraceMs = 2000;
constexpr int kReapTimeoutMs = 3000;
constexpr qsizetype kMaxPartialLine = 64 * 1024;

const QString kInstallHint =
    QStringLiteral("install it (apt-get install redis-server), pass --redis-server PATH, or use "
                   "--nodes host:port,... for your own nodes");

// "4366:M 22 Nov 2026 02:05:32.557 # text" -> "text": the error message should read as a
// sentence, not as a log line.
QString stripLogPrefix(const QString& line)
{
    static const QRegularExpression prefix(
        QStringLiteral(R"(^\d+:[A-Za-z] \d+ \w+ \d+ [\d:.]+ [#*.\-] )"));
    QString text = line;
    text.remove(prefix);
    return text;
}

// "Warning: Could not create server TCP listening socket 127.0.0.1:P: bind: Address already
// in use" -> "redis-server could not listen on 127.0.0.1:P: Address already in use".
QString listenErrorFrom(const QString& text)
{
    static const QRegularExpression failure(
        QStringLiteral(R"(Could not create server TCP listening socket (\S+): (?:bind: )?(.*)$)"));
    const QRegularExpressionMatch match = failure.match(text);
    if (!match.hasMatch())
        return {};
    return QStringLiteral("redis-server could not listen on %1: %2")
        .arg(match.captured(1), match.captured(2));
}

} // namespace

RedisServerProcess::RedisServerProcess(const Options& options, QObject* parent)
    : QObject(parent), m_options(options)
{
    m_autoPort = options.port == 0;
    // Member timers get this object as parent so that moveToThread() (the engine thread)
    // takes them along; they are destroyed before ~QObject and unregister themselves.
    m_startTimer.setParent(this);
    m_startTimer.setSingleShot(true);
    connect(&m_startTimer, &QTimer::timeout, this, &RedisServerProcess::onStartTimeout);
    m_killTimer.setParent(this);
    m_killTimer.setSingleShot(true);
    connect(&m_killTimer, &QTimer::timeout, this, &RedisServerProcess::onKillTimeout);
}

RedisServerProcess::~RedisServerProcess()
{
    m_startTimer.stop();
    m_killTimer.stop();
    if (m_process) {
        // No callbacks into a half-destroyed object: we reap the child ourselves.
        m_process->disconnect(this);
        killAndReap(kReapTimeoutMs);
        delete m_process;
        m_process = nullptr;
    }
    m_dir.reset(); // removes the directory and whatever redis wrote into it
}

void RedisServerProcess::start()
{
    if (isAlive()) {
        if (!m_stopping && m_state != State::Failed)
            return; // already starting or running
        // A restart while the previous process is still on its way out: finish it now.
        // waitForFinished() delivers finished() synchronously, so onFinished() runs.
        if (!killAndReap(kReapTimeoutMs)) {
            failSoon(QStringLiteral("the previous redis-server (pid %1) did not exit").arg(m_pid));
            return;
        }
    }
    m_lastError.clear();
    m_portRetries = 0;
    m_stopping = false;
    setState(State::Starting);

    QString error;
    m_executable = isSentinel() ? findSentinelExecutable(m_options.executable, &error)
                                : findExecutable(m_options.executable, &error);
    if (m_executable.isEmpty()) {
        failSoon(error);
        return;
    }
    if (m_options.port == 0)
        m_options.port = freeLoopbackPort();
    if (m_options.port == 0) {
        failSoon(QStringLiteral("no free port on 127.0.0.1 for redis-server"));
        return;
    }
    if (!m_dir) {
        // Created once and kept across restarts: an AOF written before a crash is
        // read back by the restarted node, which is what persistence faults show.
        m_dir =
            std::make_unique<QTemporaryDir>(QDir::tempPath() + QLatin1Char('/') +
                                            directoryPrefix(::getpid()) + QStringLiteral("XXXXXX"));
        if (!m_dir->isValid()) {
            error = QStringLiteral("cannot create a directory for redis-server: %1")
                        .arg(m_dir->errorString());
            m_dir.reset();
            failSoon(error);
            return;
        }
    }
    if (isSentinel()) {
        if (error = writeSentinelConfig(); !error.isEmpty()) {
            failSoon(error);
            return;
        }
    }
    launch();
}

void RedisServerProcess::launch()
{
    if (m_process) {
        // May be called from the old process's finished() signal (port retry).
        m_process->disconnect(this);
        m_process->deleteLater();
    }
    m_outputBuffer.clear();
    m_lastOutputLine.clear();
    m_configError.clear();
    m_listenError.clear();

    m_process = new QProcess(this);
    m_process->setProgram(m_executable);
    m_process->setArguments(arguments());
    m_process->setWorkingDirectory(m_dir->path());
    m_process->setProcessChannelMode(QProcess::MergedChannels); // config errors go to stderr
    m_process->setStandardInputFile(QProcess::nullDevice());
    const pid_t parentPid = ::getpid();
    m_process->setChildProcessModifier([parentPid] {
        // Runs in the child between fork and exec: async-signal-safe calls only.
        // PDEATHSIG: the kernel SIGKILLs this node when its parent dies, even by SIGKILL, so a
        // frozen node cannot outlive the app. Careful: the signal fires when the *thread* that
        // forked the child exits, not the process. Nodes are started from the engine thread,
        // which outlives them (the engine stops its nodes before its thread ends).
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parentPid)
            ::_exit(127); // the parent died before prctl(): nobody would ever stop us
        // Own process group: a Ctrl-C in the terminal reaches the app only; the app then
        // stops its nodes in order instead of having them die under it.
        ::setpgid(0, 0);
    });
    connect(m_process, &QProcess::readyReadStandardOutput, this, &RedisServerProcess::onOutput);
    connect(m_process, &QProcess::finished, this, &RedisServerProcess::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &RedisServerProcess::onProcessError);

    m_startTimer.start(m_options.startTimeoutMs);
    m_process->start();
    m_pid = m_process->processId(); // 0 if the exec failed; see onProcessError()
    qCDebug(lcFleet).noquote() << "launched" << m_executable << "pid" << m_pid << "port" << port()
                               << "in" << m_dir->path();
}

void RedisServerProcess::kill()
{
    if (!isAlive())
        return;
    m_stopping = true;
    m_startTimer.stop();
    signalProcess(SIGKILL); // works on a stopped process too
}

void RedisServerProcess::pause()
{
    if (m_state != State::Running || m_stopping || !isAlive())
        return;
    signalProcess(SIGSTOP);
    setState(State::Paused);
}

void RedisServerProcess::resume()
{
    if (m_state != State::Paused || !isAlive())
        return;
    signalProcess(SIGCONT);
    setState(State::Running);
}

void RedisServerProcess::shutdown()
{
    m_startTimer.stop();
    if (!isAlive()) {
        if (m_state != State::Failed)
            setState(State::Stopped);
        return;
    }
    m_stopping = true;
    // A stopped process would keep SIGTERM pending forever: wake it first.
    if (m_state == State::Paused)
        signalProcess(SIGCONT);
    signalProcess(SIGTERM);
    m_killTimer.start(kShutdownGraceMs);
}

bool RedisServerProcess::waitUntilRunning(int timeoutMs, QString* error)
{
    if (m_state == State::Starting) {
        QEventLoop loop;
        QTimer deadline;
        deadline.setSingleShot(true);
        connect(this, &RedisServerProcess::started, &loop, &QEventLoop::quit);
        connect(this, &RedisServerProcess::failed, &loop, &QEventLoop::quit);
        connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
        deadline.start(timeoutMs);
        loop.exec();
    }
    if (m_state == State::Running)
        return true;
    if (error) {
        switch (m_state) {
        case State::Failed:
            *error = m_lastError;
            break;
        case State::Starting:
            *error = QStringLiteral("redis-server on port %1 is not ready after %2 ms")
                         .arg(m_options.port)
                         .arg(timeoutMs);
            break;
        case State::Paused:
            *error = QStringLiteral("redis-server on port %1 is paused").arg(m_options.port);
            break;
        default:
            *error = QStringLiteral("redis-server on port %1 is not running").arg(m_options.port);
            break;
        }
    }
    return false;
}

QString RedisServerProcess::directory() const
{
    return m_dir ? m_dir->path() : QString();
}

QString RedisServerProcess::findExecutable(const QString& preferred, QString* error)
{
    if (!preferred.isEmpty()) {
        // An explicit choice that does not work is an error, not a reason to silently run
        // some other redis-server from PATH.
        const QString path = preferred.contains(QLatin1Char('/'))
                                 ? preferred
                                 : QStandardPaths::findExecutable(preferred);
        const QFileInfo info(path);
        if (!path.isEmpty() && info.isFile() && info.isExecutable())
            return info.absoluteFilePath();
        if (error)
            *error = QStringLiteral("redis-server not found at %1 (not an executable file): %2")
                         .arg(preferred, kInstallHint);
        return {};
    }
    QString path = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (path.isEmpty()) // PATH may lack the sbin directories (cron, systemd, sudo)
        path = QStandardPaths::findExecutable(
            QStringLiteral("redis-server"),
            {QStringLiteral("/usr/bin"), QStringLiteral("/usr/sbin")});
    if (path.isEmpty() && error)
        *error = QStringLiteral("redis-server not found: ") + kInstallHint;
    return path;
}

QString RedisServerProcess::findSentinelExecutable(const QString& preferred, QString* error)
{
    const QString hint =
        QStringLiteral("install it (apt-get install redis-sentinel) or pass --redis-sentinel PATH");
    QString path = preferred.contains(QLatin1Char('/'))
                       ? preferred
                       : QStandardPaths::findExecutable(
                             preferred.isEmpty() ? QStringLiteral("redis-sentinel") : preferred);
    if (path.isEmpty() && preferred.isEmpty()) // PATH may lack the sbin directories
        path = QStandardPaths::findExecutable(
            QStringLiteral("redis-sentinel"),
            {QStringLiteral("/usr/bin"), QStringLiteral("/usr/sbin")});
    const QFileInfo info(path);
    if (!path.isEmpty() && info.isFile() && info.isExecutable())
        return info.absoluteFilePath();
    if (error)
        *error = preferred.isEmpty()
                     ? QStringLiteral("redis-sentinel not found: %1").arg(hint)
                     : QStringLiteral("redis-sentinel not found at %1 (not an executable file): %2")
                           .arg(preferred, hint);
    return {};
}

QString RedisServerProcess::writeSentinelConfig() const
{
    QFile file(directory() + QStringLiteral("/sentinel.conf"));
    if (file.exists())
        return {}; // a restart: Sentinel's own rewritten state is the one to keep
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
        return QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
    file.write(m_options.sentinelConfig.join(QLatin1Char('\n')).toUtf8() + '\n');
    return {};
}

quint16 RedisServerProcess::freeLoopbackPort()
{
    // The probe socket is closed before the port is used, so the kernel may hand the same
    // port out again at once; remembering recent answers keeps N nodes started together on N
    // different ports. (A port taken by someone else meanwhile is caught by the busy-port
    // retry in onFinished().)
    static QMutex mutex;
    static QList<quint16> recent;
    const QMutexLocker locker(&mutex);
    for (int attempt = 0; attempt < 32; ++attempt) {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0))
            return 0;
        const quint16 port = probe.serverPort();
        probe.close();
        if (recent.contains(port))
            continue;
        recent.append(port);
        if (recent.size() > 256)
            recent.removeFirst();
        return port;
    }
    return 0;
}

NodeAddress RedisServerProcess::address() const
{
    NodeAddress address;
    address.port = m_options.port;
    address.password = m_options.password;
    if (!m_options.tlsCertFile.isEmpty()) {
        address.tls = true;
        address.tlsSettings.caFile = m_options.tlsCaFile;
    }
    return address;
}

QString RedisServerProcess::directoryPrefix(qint64 pid)
{
    return ProcessFolder::namePrefix(QStringLiteral("redlock-node"), pid);
}

QStringList RedisServerProcess::removeLeftoverDirectories(const QString& parent)
{
    return ProcessFolder::removeLeftovers(parent, QStringLiteral("redlock-node"));
}

QStringList RedisServerProcess::arguments() const
{
    QStringList args;
    if (isSentinel()) // the config file comes first; Sentinel keeps no data of its own
        args << directory() + QStringLiteral("/sentinel.conf");
    args << QStringLiteral("--port") << QString::number(m_options.port);
    args << QStringLiteral("--bind") << QStringLiteral("127.0.0.1");
    args << QStringLiteral("--dir") << directory();
    args << QStringLiteral("--daemonize") << QStringLiteral("no");
    // Log to stdout: that is where we watch for "Ready to accept connections".
    args << QStringLiteral("--logfile") << QString();
    args << QStringLiteral("--protected-mode") << QStringLiteral("no");
    if (isSentinel())
        return args << tlsArguments();
    args << QStringLiteral("--save") << QString(); // no RDB snapshots: persistence is the AOF's
    switch (m_options.persistence) {
    case Persistence::None:
        args << QStringLiteral("--appendonly") << QStringLiteral("no");
        break;
    case Persistence::Everysec:
        args << QStringLiteral("--appendonly") << QStringLiteral("yes")
             << QStringLiteral("--appendfsync") << QStringLiteral("everysec");
        break;
    case Persistence::Always:
        args << QStringLiteral("--appendonly") << QStringLiteral("yes")
             << QStringLiteral("--appendfsync") << QStringLiteral("always");
        break;
    }
    if (!m_options.password.isEmpty())
        args << QStringLiteral("--requirepass") << m_options.password;
    args << tlsArguments();
    args << m_options.extraArgs;
    return args;
}

// TLS only: the last --port wins, so the plain port is off. A replica dials its master, and a
// Sentinel the nodes and the other Sentinels, in TLS too (tls-replication), as they must when
// no plain port is left to dial.
QStringList RedisServerProcess::tlsArguments() const
{
    if (m_options.tlsCertFile.isEmpty())
        return {};
    return {QStringLiteral("--port"),
            QStringLiteral("0"),
            QStringLiteral("--tls-port"),
            QString::number(m_options.port),
            QStringLiteral("--tls-cert-file"),
            m_options.tlsCertFile,
            QStringLiteral("--tls-key-file"),
            m_options.tlsKeyFile,
            QStringLiteral("--tls-ca-cert-file"),
            m_options.tlsCaFile,
            QStringLiteral("--tls-auth-clients"),
            QStringLiteral("optional"),
            QStringLiteral("--tls-replication"),
            QStringLiteral("yes")};
}

void RedisServerProcess::onOutput()
{
    if (!m_process)
        return;
    // Read everything, always: a node whose pipe fills up blocks on its next log line.
    m_outputBuffer += m_process->readAllStandardOutput();
    qsizetype newline = 0;
    while ((newline = m_outputBuffer.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(m_outputBuffer.left(newline)).trimmed();
        m_outputBuffer.remove(0, newline + 1);
        if (line.isEmpty())
            continue;
        if (line.startsWith(QLatin1String(">>> ")))
            m_configError = line.mid(4);
        const QString text = stripLogPrefix(line);
        m_lastOutputLine = text;
        emit logLine(text);
        if (m_listenError.isEmpty())
            m_listenError = listenErrorFrom(text);
        // A Sentinel says it is up by naming the master it monitors.
        const QLatin1String readyLine = isSentinel() ? QLatin1String("+monitor master")
                                                     : QLatin1String("Ready to accept connections");
        if (m_state == State::Starting && !m_stopping && text.contains(readyLine)) {
            m_startTimer.stop();
            m_everRunning = true;
            setState(State::Running);
            emit started();
        }
    }
    if (m_outputBuffer.size() > kMaxPartialLine)
        m_outputBuffer.clear(); // no log line is that long: noise
}

void RedisServerProcess::onFinished()
{
    // Reaped: from now on the pid may belong to someone else. Never signal it again.
    m_pid = 0;
    m_startTimer.stop();
    m_killTimer.stop();
    onOutput(); // the last lines usually say why
    if (m_state == State::Failed)
        return; // already reported (start timeout or a failed exec)

    if (m_state == State::Starting && !m_stopping) {
        // Someone else took our freshly chosen port between the probe and redis's bind:
        // choose again. Never after a first successful start: a restart keeps its port.
        const bool portBusy = m_listenError.contains(QLatin1String("Address already in use"));
        if (portBusy && m_autoPort && !m_everRunning && m_portRetries < kMaxPortRetries) {
            ++m_portRetries;
            const quint16 port = freeLoopbackPort();
            if (port != 0) {
                m_options.port = port;
                launch();
                return;
            }
        }
        fail(startFailureMessage());
        return;
    }
    m_stopping = false;
    setState(State::Stopped);
    emit exited();
}

void RedisServerProcess::onProcessError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart)
        return; // crashes and the like arrive through finished()
    m_pid = 0;
    m_startTimer.stop();
    failSoon(QStringLiteral("could not run %1: %2").arg(m_executable, m_process->errorString()));
}

void RedisServerProcess::onStartTimeout()
{
    if (m_state != State::Starting)
        return;
    QString error = QStringLiteral("redis-server on port %1 did not become ready within %2 ms")
                        .arg(m_options.port)
                        .arg(m_options.startTimeoutMs);
    if (!m_lastOutputLine.isEmpty())
        error += QStringLiteral(" (last log line: %1)").arg(m_lastOutputLine);
    signalProcess(SIGKILL); // finished() follows; onFinished() sees Failed and stays quiet
    fail(error);
}

void RedisServerProcess::onKillTimeout()
{
    signalProcess(SIGKILL); // SIGTERM was not enough within the grace period
}

QString RedisServerProcess::startFailureMessage() const
{
    if (!m_listenError.isEmpty())
        return m_listenError;
    if (!m_configError.isEmpty())
        return QStringLiteral("redis-server rejected its configuration (%1): %2")
            .arg(m_configError, m_lastOutputLine);
    QString message =
        QStringLiteral("redis-server on port %1 exited before it was ready").arg(m_options.port);
    if (m_process && m_process->exitStatus() == QProcess::CrashExit)
        message += QStringLiteral(" (killed by a signal)");
    else if (m_process)
        message += QStringLiteral(" (exit code %1)").arg(m_process->exitCode());
    if (!m_lastOutputLine.isEmpty())
        message += QStringLiteral(": ") + m_lastOutputLine;
    return message;
}

void RedisServerProcess::fail(const QString& error)
{
    m_startTimer.stop();
    m_lastError = error;
    setState(State::Failed);
    emit failed(error);
}

void RedisServerProcess::failSoon(const QString& error)
{
    // start() never reports synchronously: callers connect, call start() and wait.
    QMetaObject::invokeMethod(
        this,
        [this, error] {
            if (m_state == State::Starting)
                fail(error);
        },
        Qt::QueuedConnection);
}

void RedisServerProcess::setState(State state)
{
    if (m_state == state)
        return;
    qCDebug(lcFleet) << "port" << port() << m_state << "->" << state << m_lastError;
    m_state = state;
    emit stateChanged(state);
}

bool RedisServerProcess::isAlive() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

void RedisServerProcess::signalProcess(int signal)
{
    // Only our own child, and only while QProcess has not reaped it: until then a zombie
    // holds the pid, so it cannot have been reused. Reaping happens in this thread, in the
    // event loop, and ends with onFinished() clearing m_pid.
    if (!isAlive() || m_pid <= 0)
        return;
    qCDebug(lcFleet) << "signal" << signal << "to pid" << m_pid << "port" << port();
    ::kill(pid_t(m_pid), signal);
}

bool RedisServerProcess::killAndReap(int timeoutMs)
{
    if (!isAlive())
        return true;
    if (m_state == State::Paused)
        signalProcess(SIGCONT);
    signalProcess(SIGKILL);
    const bool reaped = m_process->waitForFinished(timeoutMs);
    if (reaped)
        m_pid = 0;
    return reaped;
}
