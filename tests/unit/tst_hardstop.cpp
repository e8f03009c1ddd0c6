// SPDX-License-Identifier: GPL-3.0-or-later
// The app ended at once (issue 32): 0.8 s after a signal the app still busy is stopped by the
// deadline's watchdog, which first does what a clean end would have done (HardStop): the
// process groups a scenario's `exec` started are killed, a benchmark's JSON is written marked
// interrupted, the socket folders are removed. And the folders a process leaves when it is
// killed outright (SIGKILL) are named after its pid, so the next start removes them.

#include "base/hardstop.h"
#include "base/processfolder.h"
#include "base/unixsignalwatcher.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace {

bool exists(pid_t pid)
{
    if (::kill(pid, 0) != 0)
        return errno != ESRCH;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    return line.mid(line.lastIndexOf(')') + 2, 1) != "Z"; // a zombie is gone but unreaped
}

// A process that has ended and been reaped: its pid names nobody (until it is reused).
pid_t deadPid()
{
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    ::waitpid(child, nullptr, 0);
    return child;
}

// `sleep 1000` in a process group of its own: what a scenario's `exec` leaves running.
pid_t sleeperGroup()
{
    const pid_t child = ::fork();
    if (child == 0) {
        ::setpgid(0, 0);
        ::execlp("sleep", "sleep", "1000", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::setpgid(child, child);
    return child;
}

} // namespace

class TestHardStop : public QObject
{
    Q_OBJECT

private slots:
    // The deadline ends a process stuck in a long step, after writing its last words,
    // removing its folders and killing its process groups; exit code as asked.
    void theDeadlineEndsABusyProcessCleanly()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("bench.json"));
        const QString sockets = dir.filePath(QStringLiteral("sockets"));
        QVERIFY(QDir().mkpath(sockets));
        QFile(sockets + QStringLiteral("/c1")).open(QIODevice::WriteOnly);
        const pid_t group = sleeperGroup();
        const pid_t child = ::fork();
        if (child == 0) {
            UnixSignalWatcher watcher;
            watcher.setDeadline(200, 7, "cut short\n", [](int) { HardStop::run(); });
            HardStop::setLastWords(json, "{\"interrupted\": true}\n");
            HardStop::addFolder(sockets);
            HardStop::addProcessGroup(group);
            ::raise(SIGTERM); // nobody reads the watcher's notifier: the deadline ends it
            for (;;)
                ::pause();
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 7);
        QFile written(json);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), QByteArray("{\"interrupted\": true}\n"));
        QVERIFY(!QFileInfo::exists(sockets));
        ::waitpid(group, nullptr, 0); // our child: reaped here once killed
        QVERIFY(!exists(group));
    }

    // Last words forgotten once the report was written are not written over it.
    void forgottenLastWordsAreNotWritten()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("bench.json"));
        HardStop::setLastWords(json, "cut");
        HardStop::forgetLastWords(json);
        HardStop::run();
        QVERIFY(!QFileInfo::exists(json));
    }

    // A folder is named after the process, and gone with the object; the hard stop knows it
    // meanwhile.
    void aProcessFolderIsNamedAfterItsProcess()
    {
        QString path;
        {
            const ProcessFolder folder(QStringLiteral("redlockscope-test"));
            QVERIFY(folder.isValid());
            path = folder.path();
            QVERIFY2(QFileInfo(path).fileName().startsWith(
                         QStringLiteral("redlockscope-test-%1-").arg(::getpid())),
                     qPrintable(path));
            QVERIFY(QFileInfo(path).isDir());
        }
        QVERIFY(!QFileInfo::exists(path));
    }

    // The folders of a process that is gone are removed; those of a live process (this one,
    // pid 1) and anything not named so stay.
    void leftoversOfDeadProcessesAreRemoved()
    {
        QTemporaryDir parent;
        const QDir in(parent.path());
        const QString dead = QStringLiteral("redlockscope-%1-abc123").arg(deadPid());
        const QString ours = QStringLiteral("redlockscope-%1-abc123").arg(::getpid());
        const QString init = QStringLiteral("redlockscope-1-abc123");
        const QString other = QStringLiteral("redlockscope-notapid-abc123");
        for (const QString& name : {dead, ours, init, other})
            QVERIFY(in.mkdir(name));
        QFile(in.filePath(dead) + QStringLiteral("/c1")).open(QIODevice::WriteOnly);
        const QStringList removed =
            ProcessFolder::removeLeftovers(parent.path(), QStringLiteral("redlockscope"));
        QCOMPARE(removed, QStringList{in.filePath(dead)});
        QVERIFY(!in.exists(dead));
        QVERIFY(in.exists(ours));
        QVERIFY(in.exists(init));
        QVERIFY(in.exists(other));
    }
};

QTEST_GUILESS_MAIN(TestHardStop)
#include "tst_hardstop.moc"
