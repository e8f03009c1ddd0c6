// SPDX-License-Identifier: GPL-3.0-or-later
// The local fleet against real redis-server processes: start, stop, crash, freeze, restart,
// persistence, bad input, and that no node outlives whoever started it.

#include "fleet/localfleet.h"
#include "fleet/redisserverprocess.h"
#include "testfleet.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

const char kOrphanHelperArg[] = "--orphan-helper";

// "S" for sleeping, "T" for stopped, "Z" for zombie; empty when there is no such process.
QByteArray procField(qint64 pid, int field)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray text = stat.readAll();
    // "pid (comm) state ppid ...": comm may contain spaces, so split after the last ')'.
    const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
    return fields.value(field);
}

QByteArray processState(qint64 pid)
{
    return procField(pid, 0);
}
qint64 parentPid(qint64 pid)
{
    return procField(pid, 1).toLongLong();
}

// Gone for good: reaped (ESRCH), or a zombie that can no longer run or hold a port.
bool processGone(qint64 pid)
{
    if (pid <= 0)
        return false;
    if (::kill(pid_t(pid), 0) == -1 && errno == ESRCH)
        return !QFile::exists(QStringLiteral("/proc/%1").arg(pid));
    return processState(pid) == "Z";
}

// Reaps pid if it is our zombie; true once no trace of it is left in /proc.
bool reaped(qint64 pid)
{
    ::waitpid(pid_t(pid), nullptr, WNOHANG);
    return !QFile::exists(QStringLiteral("/proc/%1").arg(pid));
}

bool isPong(const RedisReply& reply)
{
    return reply.type == RedisReply::Type::Status && reply.text == "PONG";
}

// Child mode of this very executable: start one node, print "PID DIR", then wait to be
// SIGKILLed by the test, which then checks that the node died with it.
int runOrphanHelper(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    RedisServerProcess node({});
    node.start();
    QString error;
    if (!node.waitUntilRunning(10000, &error)) {
        std::fprintf(stdout, "error %s\n", qPrintable(error));
        return 2;
    }
    std::fprintf(stdout, "%lld %s\n", node.pid(), qPrintable(node.directory()));
    std::fflush(stdout);
    return app.exec();
}

} // namespace

class TestLocalFleet : public QObject
{
    Q_OBJECT

private slots:
    void startsNodesOnDistinctPortsAsOurChildren();
    void stopLeavesNoProcess();
    void killedNodeExitsAndRefusesConnections();
    void pausedNodeTimesOutAndResumes();
    void shutdownWakesAPausedNode();
    void restartKeepsPortAndDirectory();
    void restartWhileShuttingDown();
    void persistence_data();
    void persistence();
    void passwordIsRequired();
    void missingBinaryGivesClearError();
    void busyPortGivesClearError();
    void badArgumentGivesClearError();
    void startTimeoutKillsTheProcess();
    void fleetDestructorWhileNodePausedLeavesNoProcess();
    void nodesDieWithTheirParent();
    void leftoverDirectoriesOfDeadRunsOnly_data();
    void leftoverDirectoriesOfDeadRunsOnly();
    void fleetStartRemovesLeftoversOfDeadRuns();
};

void TestLocalFleet::startsNodesOnDistinctPortsAsOurChildren()
{
    TestFleet fleet(5);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    QCOMPARE(fleet.count(), 5);

    QSet<quint16> ports;
    for (int i = 0; i < fleet.count(); ++i) {
        RedisServerProcess* node = fleet.node(i);
        QCOMPARE(node->state(), RedisServerProcess::State::Running);
        QVERIFY(node->port() != 0);
        ports.insert(node->port());
        QCOMPARE(fleet.addresses().at(i).port, node->port());
        QCOMPARE(fleet.addresses().at(i).host, QStringLiteral("127.0.0.1"));
        QVERIFY(isPong(fleet.command(i, {"PING"})));
        QVERIFY(node->pid() > 0);
        QCOMPARE(parentPid(node->pid()), qint64(::getpid()));
        QVERIFY(QDir(node->directory()).exists());
    }
    QCOMPARE(ports.size(), 5);
}

void TestLocalFleet::stopLeavesNoProcess()
{
    TestFleet fleet(5);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    fleet.node(2)->pause(); // a frozen node must be stopped too
    QList<qint64> pids;
    for (int i = 0; i < fleet.count(); ++i)
        pids.append(fleet.node(i)->pid());

    fleet.fleet()->stop();
    for (int i = 0; i < fleet.count(); ++i)
        QTRY_COMPARE_WITH_TIMEOUT(fleet.node(i)->state(), RedisServerProcess::State::Stopped, 5000);
    for (qint64 pid : std::as_const(pids)) {
        errno = 0;
        QCOMPARE(::kill(pid_t(pid), 0), -1);
        QCOMPARE(errno, ESRCH);
        QVERIFY(!QFile::exists(QStringLiteral("/proc/%1").arg(pid)));
    }
    for (int i = 0; i < fleet.count(); ++i)
        QCOMPARE(fleet.node(i)->pid(), qint64(0)); // never signal a reaped pid again
}

void TestLocalFleet::killedNodeExitsAndRefusesConnections()
{
    TestFleet fleet(1);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    RedisServerProcess* node = fleet.node(0);
    const qint64 pid = node->pid();
    QSignalSpy exited(node, &RedisServerProcess::exited);

    node->kill();
    QVERIFY(exited.wait(5000));
    QCOMPARE(node->state(), RedisServerProcess::State::Stopped);
    QVERIFY(processGone(pid));
    const RedisReply reply = fleet.command(0, {"PING"}, 200);
    QVERIFY2(TestFleet::isClientError(reply), reply.text.constData());
    QVERIFY2(!TestFleet::isTimeout(reply), reply.text.constData()); // refused, not frozen
}

void TestLocalFleet::pausedNodeTimesOutAndResumes()
{
    TestFleet fleet(1);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    RedisServerProcess* node = fleet.node(0);

    node->pause();
    QCOMPARE(node->state(), RedisServerProcess::State::Paused);
    QTRY_COMPARE(processState(node->pid()), QByteArray("T"));
    QElapsedTimer elapsed;
    elapsed.start();
    const RedisReply reply = fleet.command(0, {"PING"}, 200);
    QVERIFY2(TestFleet::isTimeout(reply), reply.text.constData());
    QVERIFY(elapsed.elapsed() >= 150);
    // Its own 200 ms, not a hang: a bound only for that, with room for two busy cores.
    QVERIFY2(elapsed.elapsed() < 10000, qPrintable(QString::number(elapsed.elapsed())));

    node->resume();
    QCOMPARE(node->state(), RedisServerProcess::State::Running);
    QVERIFY(isPong(fleet.command(0, {"PING"})));
}

void TestLocalFleet::shutdownWakesAPausedNode()
{
    TestFleet fleet(1);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    RedisServerProcess* node = fleet.node(0);
    const qint64 pid = node->pid();
    node->pause();
    QSignalSpy exited(node, &RedisServerProcess::exited);
    QSignalSpy said(node, &RedisServerProcess::logLine);

    node->shutdown();
    QVERIFY(exited.wait(30000)); // a bound for a hang only
    QCOMPARE(node->state(), RedisServerProcess::State::Stopped);
    QVERIFY(processGone(pid));
    // SIGCONT then SIGTERM ends it at once; only a stuck node waits for the SIGKILL at 2 s.
    // Told by how it ended, not by how long that took (1.5 s against the SIGKILL's 2 s left
    // two busy cores little room): Redis says goodbye on SIGTERM, a SIGKILL leaves it no word.
    QStringList lines;
    for (const QList<QVariant>& line : std::as_const(said))
        lines << line.at(0).toString();
    QVERIFY2(lines.join(QLatin1Char('\n')).contains(QLatin1String("ready to exit, bye bye")),
             qPrintable(lines.join(QStringLiteral(" | "))));
}

void TestLocalFleet::restartKeepsPortAndDirectory()
{
    TestFleet fleet(1);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    RedisServerProcess* node = fleet.node(0);
    const quint16 port = node->port();
    const QString directory = node->directory();
    const qint64 oldPid = node->pid();
    QSignalSpy exited(node, &RedisServerProcess::exited);
    node->kill();
    QVERIFY(exited.wait(5000));

    QSignalSpy started(node, &RedisServerProcess::started);
    node->start();
    QString error;
    QVERIFY2(node->waitUntilRunning(5000, &error), qPrintable(error));
    QCOMPARE(started.count(), 1);
    QCOMPARE(node->port(), port);
    QCOMPARE(node->directory(), directory);
    QVERIFY(node->pid() != oldPid);
    QCOMPARE(parentPid(node->pid()), qint64(::getpid()));
    QVERIFY(fleet.waitUntilAnswers(0));
}

void TestLocalFleet::restartWhileShuttingDown()
{
    TestFleet fleet(1);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    RedisServerProcess* node = fleet.node(0);
    const quint16 port = node->port();
    const qint64 oldPid = node->pid();

    node->shutdown();
    node->start(); // "restart now" before the old process is gone
    QString error;
    QVERIFY2(node->waitUntilRunning(5000, &error), qPrintable(error));
    QVERIFY(processGone(oldPid));
    QCOMPARE(node->port(), port);
    QVERIFY(fleet.waitUntilAnswers(0));
}

void TestLocalFleet::persistence_data()
{
    QTest::addColumn<RedisServerProcess::Persistence>("persistence");
    QTest::addColumn<bool>("survives");
    QTest::newRow("AOF always") << RedisServerProcess::Persistence::Always << true;
    QTest::newRow("none") << RedisServerProcess::Persistence::None << false;
}

void TestLocalFleet::persistence()
{
    QFETCH(RedisServerProcess::Persistence, persistence);
    QFETCH(bool, survives);
    RedisServerProcess::Options options;
    options.persistence = persistence;
    TestFleet fleet(1, options);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    RedisServerProcess* node = fleet.node(0);
    QVERIFY(fleet.command(0, {"SET", "lock:stock", "token-1"}).isOkStatus());

    QSignalSpy exited(node, &RedisServerProcess::exited);
    node->kill(); // a crash: no SHUTDOWN, no final save
    QVERIFY(exited.wait(5000));
    node->start();
    QString error;
    QVERIFY2(node->waitUntilRunning(5000, &error), qPrintable(error));
    QVERIFY(fleet.waitUntilAnswers(0));

    const RedisReply value = fleet.command(0, {"GET", "lock:stock"});
    if (survives) {
        QCOMPARE(value.type, RedisReply::Type::String);
        QCOMPARE(value.text, QByteArray("token-1"));
    } else {
        QVERIFY2(value.isNil(), value.text.constData());
    }
}

void TestLocalFleet::passwordIsRequired()
{
    RedisServerProcess::Options options;
    options.password = QStringLiteral("s3cret");
    TestFleet fleet(1, options);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    QCOMPARE(fleet.address(0).password, QStringLiteral("s3cret"));
    QVERIFY(isPong(fleet.command(0, {"PING"})));

    NodeAddress anonymous = fleet.address(0);
    anonymous.password.clear();
    const RedisReply refused = TestFleet::redisCommand(anonymous, {"PING"});
    QVERIFY2(refused.isError() && refused.text.startsWith("NOAUTH"), refused.text.constData());
}

void TestLocalFleet::missingBinaryGivesClearError()
{
    RedisServerProcess::Options options;
    options.executable = QStringLiteral("/nonexistent/redis-server");

    RedisServerProcess node(options);
    QSignalSpy failed(&node, &RedisServerProcess::failed);
    node.start();
    QVERIFY(failed.wait(2000));
    QCOMPARE(node.state(), RedisServerProcess::State::Failed);
    const QString error = failed.first().first().toString();
    QVERIFY2(error.startsWith(QStringLiteral("redis-server not found")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("apt-get install redis-server")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("--nodes")), qPrintable(error));
    QCOMPARE(node.lastError(), error);
    QVERIFY(!node.waitUntilRunning(100));

    LocalFleet fleet(3, options);
    QString fleetError;
    QVERIFY(!fleet.startAndWait(5000, &fleetError));
    QVERIFY2(fleetError.startsWith(QStringLiteral("node 1: redis-server not found")),
             qPrintable(fleetError));

    // Without a preference, the one on PATH (or in /usr/bin, /usr/sbin) is found.
    QString findError;
    QVERIFY(!RedisServerProcess::findExecutable({}, &findError).isEmpty());
    QVERIFY(findError.isEmpty());
}

void TestLocalFleet::busyPortGivesClearError()
{
    QTcpServer occupier;
    QVERIFY(occupier.listen(QHostAddress::LocalHost, 0));
    RedisServerProcess::Options options;
    options.port = occupier.serverPort(); // forced: no retry on another port

    RedisServerProcess node(options);
    QSignalSpy failed(&node, &RedisServerProcess::failed);
    node.start();
    QVERIFY(failed.wait(5000));
    QCOMPARE(node.state(), RedisServerProcess::State::Failed);
    const QString expected = QStringLiteral("redis-server could not listen on 127.0.0.1:%1: "
                                            "Address already in use")
                                 .arg(options.port);
    QCOMPARE(node.lastError(), expected);
    QCOMPARE(node.port(), options.port);
}

void TestLocalFleet::badArgumentGivesClearError()
{
    RedisServerProcess::Options options;
    options.extraArgs = {QStringLiteral("--no-such-directive"), QStringLiteral("x")};
    RedisServerProcess node(options);
    node.start();
    QString error;
    QVERIFY(!node.waitUntilRunning(5000, &error));
    QVERIFY2(error.contains(QStringLiteral("rejected its configuration")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("no-such-directive")), qPrintable(error));
}

void TestLocalFleet::startTimeoutKillsTheProcess()
{
    // A "redis-server" that talks but never becomes ready.
    QTemporaryDir bin;
    QVERIFY(bin.isValid());
    const QString script = bin.filePath(QStringLiteral("redis-server"));
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("#!/bin/sh\necho 'pretending to be redis'\nexec sleep 30\n");
    file.close();
    QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                QFileDevice::ExeOwner));

    RedisServerProcess::Options options;
    options.executable = script;
    // Long enough for the script's one line to be read before the start is given up, even
    // when two busy cores are slow to start a shell (the error quotes the last line read).
    options.startTimeoutMs = 2000;
    RedisServerProcess node(options);
    QSignalSpy failed(&node, &RedisServerProcess::failed);
    node.start();
    const qint64 pid = node.pid();
    QVERIFY(pid > 0);
    QVERIFY(failed.wait(30000)); // a bound for a hang only
    const QString error = node.lastError();
    QVERIFY2(error.contains(QStringLiteral("did not become ready within 2000 ms")),
             qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("pretending to be redis")), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(processGone(pid), 30000);
    QCOMPARE(node.state(), RedisServerProcess::State::Failed);
}

void TestLocalFleet::fleetDestructorWhileNodePausedLeavesNoProcess()
{
    auto fleet = std::make_unique<LocalFleet>(3);
    QString error;
    QVERIFY2(fleet->startAndWait(10000, &error), qPrintable(error));
    fleet->node(1)->pause();
    QTRY_COMPARE(processState(fleet->node(1)->pid()), QByteArray("T"));
    QList<qint64> pids;
    QStringList directories;
    for (int i = 0; i < fleet->count(); ++i) {
        pids.append(fleet->node(i)->pid());
        directories.append(fleet->node(i)->directory());
    }

    fleet.reset(); // synchronous: no event loop needed for the processes to be gone
    for (qint64 pid : std::as_const(pids))
        QVERIFY2(processGone(pid), qPrintable(QString::number(pid)));
    for (const QString& directory : std::as_const(directories))
        QVERIFY2(!QDir(directory).exists(), qPrintable(directory));
}

void TestLocalFleet::nodesDieWithTheirParent()
{
    // A child copy of this test starts a node; we SIGKILL the child (no destructor runs) and
    // the kernel must kill its node (PR_SET_PDEATHSIG). As a subreaper, this process inherits
    // the orphaned node and reaps it: no zombie waits for a lazy init.
    QCOMPARE(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    const auto noLongerSubreaper = qScopeGuard([] { ::prctl(PR_SET_CHILD_SUBREAPER, 0); });
    // The node's directory in a temporary folder of this test's own: a fleet that another
    // test starts meanwhile (ctest -j) removes the leftovers of dead processes from the shared
    // one, this one's included, before it is checked below.
    QTemporaryDir ownTmp;
    QVERIFY(ownTmp.isValid());
    const QByteArray sharedTmp = qgetenv("TMPDIR");
    qputenv("TMPDIR", ownTmp.path().toLocal8Bit()); // for the helper and for our fleet
    const auto sharedAgain = qScopeGuard([sharedTmp] {
        if (sharedTmp.isEmpty())
            qunsetenv("TMPDIR");
        else
            qputenv("TMPDIR", sharedTmp);
    });

    QProcess helper;
    helper.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    helper.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(kOrphanHelperArg)});
    QVERIFY(helper.waitForStarted(5000));
    QTRY_VERIFY_WITH_TIMEOUT(helper.canReadLine(), 10000);
    const QList<QByteArray> fields = helper.readLine().trimmed().split(' ');
    QCOMPARE(fields.size(), 2);
    const qint64 nodePid = fields.at(0).toLongLong();
    const QString directory = QString::fromLocal8Bit(fields.at(1));
    const auto removeDirectory = qScopeGuard([directory] {
        if (directory.startsWith(QDir::tempPath())) // the helper had no chance to clean up
            QDir(directory).removeRecursively();
    });
    QVERIFY(nodePid > 0);
    QCOMPARE(parentPid(nodePid), helper.processId());
    const qint64 helperPid = helper.processId();

    QCOMPARE(::kill(pid_t(helper.processId()), SIGKILL), 0); // our own child, still running
    QVERIFY(helper.waitForFinished(5000));
    QTRY_VERIFY_WITH_TIMEOUT(processGone(nodePid), 5000);
    // The orphan became our child: reap it, so that not even a zombie is left behind. A
    // multi-threaded zombie becomes reapable only once all its threads are gone: poll.
    QTRY_VERIFY_WITH_TIMEOUT(reaped(nodePid), 5000);

    // The node died, its directory did not: it carries the dead helper's pid, and the next
    // fleet start removes it.
    QVERIFY(QDir(directory).exists());
    QVERIFY2(
        QFileInfo(directory).fileName().startsWith(RedisServerProcess::directoryPrefix(helperPid)),
        qPrintable(directory));
    LocalFleet fleet(1);
    QString error;
    QVERIFY2(fleet.startAndWait(10000, &error), qPrintable(error));
    QVERIFY2(!QDir(directory).exists(), qPrintable(directory));
    fleet.stop();
}

namespace {

// A pid no process can have: the kernel hands out pids below pid_max only.
qint64 impossiblePid()
{
    QFile file(QStringLiteral("/proc/sys/kernel/pid_max"));
    if (!file.open(QIODevice::ReadOnly))
        return 4194304; // the largest pid_max Linux allows
    return file.readAll().trimmed().toLongLong();
}

// A pid that was ours a moment ago: a child that has exited and been reaped.
qint64 reapedChildPid()
{
    QProcess child;
    child.start(QStringLiteral("/bin/true"), {});
    if (!child.waitForStarted(5000))
        return impossiblePid();
    const qint64 pid = child.processId();
    child.waitForFinished(5000);
    return pid;
}

QString makeDirectory(const QString& parent, const QString& name)
{
    const QString path = parent + QLatin1Char('/') + name;
    if (!QDir().mkpath(path + QStringLiteral("/appendonlydir")))
        return {};
    QFile file(path + QStringLiteral("/appendonlydir/appendonly.aof.1.incr.aof"));
    if (file.open(QIODevice::WriteOnly))
        file.write("*1\r\n$5\r\nMULTI\r\n");
    return path;
}

} // namespace

void TestLocalFleet::leftoverDirectoriesOfDeadRunsOnly_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("removed");
    const QString dead = QString::number(impossiblePid());
    const QString gone = QString::number(reapedChildPid());
    const QString self = QString::number(::getpid());
    const QString parent = QString::number(::getppid());
    QTest::newRow("pid beyond pid_max") << "redlock-node-" + dead + "-AbC123" << true;
    QTest::newRow("reaped child") << "redlock-node-" + gone + "-x9Y8z7" << true;
    QTest::newRow("this process") << "redlock-node-" + self + "-AbC123" << false;
    QTest::newRow("our parent, alive") << "redlock-node-" + parent + "-AbC123" << false;
    QTest::newRow("init") << QStringLiteral("redlock-node-1-AbC123") << false;
    QTest::newRow("old name without pid") << QStringLiteral("redlock-node-AbC123") << false;
    QTest::newRow("five random letters") << "redlock-node-" + dead + "-AbC12" << false;
    QTest::newRow("seven random letters") << "redlock-node-" + dead + "-AbC1234" << false;
    QTest::newRow("other prefix") << "redlock-nodes-" + dead + "-AbC123" << false;
    QTest::newRow("pid 0") << QStringLiteral("redlock-node-0-AbC123") << false;
    QTest::newRow("negative pid") << "redlock-node--" + dead + "-AbC123" << false;
    QTest::newRow("more than a suffix") << "redlock-node-" + dead + "-AbC123.bak" << false;
}

void TestLocalFleet::leftoverDirectoriesOfDeadRunsOnly()
{
    QFETCH(QString, name);
    QFETCH(bool, removed);
    // Given a folder with one node directory and something that must survive beside it
    QTemporaryDir parent;
    QVERIFY(parent.isValid());
    const QString path = makeDirectory(parent.path(), name);
    QVERIFY(!path.isEmpty());
    QTemporaryDir outside;
    const QString keep = makeDirectory(outside.path(), QStringLiteral("keep"));
    // (a link that matches the pattern must be neither followed nor removed)
    const QString link =
        parent.filePath("redlock-node-" + QString::number(impossiblePid()) + "-LiNk00");
    QVERIFY(QFile::link(keep, link));
    // When leftovers are cleared
    const QStringList gone = RedisServerProcess::removeLeftoverDirectories(parent.path());
    // Then only a directory of a process that no longer exists is gone
    QCOMPARE(!QDir(path).exists(), removed);
    QCOMPARE(gone, removed ? QStringList{path} : QStringList{});
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(QFile::exists(keep + QStringLiteral("/appendonlydir/appendonly.aof.1.incr.aof")));
}

void TestLocalFleet::fleetStartRemovesLeftoversOfDeadRuns()
{
    // Given, in the real temporary folder, a directory of a dead run and one of ours (live)
    const QString tmp = QDir::tempPath();
    const QString dead =
        makeDirectory(tmp, QStringLiteral("redlock-node-%1-DeAd01").arg(impossiblePid()));
    const QString live = makeDirectory(tmp, RedisServerProcess::directoryPrefix(::getpid()) +
                                                QStringLiteral("LiVe01"));
    const auto cleanUp = qScopeGuard([&] {
        QDir(dead).removeRecursively();
        QDir(live).removeRecursively();
    });
    QVERIFY(!dead.isEmpty() && !live.isEmpty());
    // When a fleet starts
    LocalFleet fleet(1);
    QString error;
    QVERIFY2(fleet.startAndWait(10000, &error), qPrintable(error));
    // Then the dead run's directory is gone, the live one's is not
    QVERIFY(!QDir(dead).exists());
    QVERIFY(QDir(live).exists());
    // and the new node's directory carries this process's pid
    const QString own = QFileInfo(fleet.node(0)->directory()).fileName();
    QVERIFY2(own.startsWith(RedisServerProcess::directoryPrefix(::getpid())), qPrintable(own));
    QCOMPARE(own.size(), RedisServerProcess::directoryPrefix(::getpid()).size() + 6);
    fleet.stop();
}

int main(int argc, char** argv)
{
    if (argc > 1 && qstrcmp(argv[1], kOrphanHelperArg) == 0)
        return runOrphanHelper(argc, argv);
    QCoreApplication app(argc, argv);
    TestLocalFleet test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_localfleet.moc"
