// SPDX-License-Identifier: GPL-3.0-or-later
// A scenario's `exec` (issue 31, 32): the program runs in a process group of its own, and when
// the scenario ends the whole group ends with it: what the shell started in the background,
// a child that ignores SIGTERM (killed after the grace period), and what outlived the shell.
// Nothing it started survives.

#include "scenario/scenarioprocesses.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>

namespace {

bool exists(qint64 pid)
{
    if (pid <= 0 || ::kill(pid_t(pid), 0) != 0)
        return false;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    return line.mid(line.lastIndexOf(')') + 2, 1) != "Z";
}

// The pid the command wrote into `file`, once it is there (0 if it never is).
qint64 pidIn(const QString& file)
{
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 20000) {
        QFile f(file);
        if (f.open(QIODevice::ReadOnly))
            if (const qint64 pid = f.readAll().trimmed().toLongLong(); pid > 0)
                return pid;
        QTest::qWait(20);
    }
    return 0;
}

} // namespace

class TestScenarioProcesses : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QList<HistoryEvent> m_events;
    int m_case = 0;

    // Starts `command` and waits for its start to be told.
    void start(ScenarioProcesses& processes, const QString& command)
    {
        bool started = false;
        processes.start(command, 1, [&started](bool ok, const QString&) { started = ok; });
        QTRY_VERIFY_WITH_TIMEOUT(started, 20000);
    }

private slots:
    void whatTheProgramStartedEndsWithIt_data()
    {
        QTest::addColumn<QString>("command");
        // The grandchild in the background, the shell waiting for it.
        QTest::newRow("a child in the background") << "sleep 1000 & echo $! > %1; wait";
        // The grandchild ignores SIGTERM: SIGKILL after the grace period.
        QTest::newRow("a child that ignores SIGTERM")
            << "(trap '' TERM; exec sleep 1000) & echo $! > %1; wait";
        // The shell has ended already; its child runs on in its group.
        QTest::newRow("a child that outlived the shell") << "sleep 1000 & echo $! > %1";
    }

    void whatTheProgramStartedEndsWithIt()
    {
        QFETCH(QString, command);
        const QString pidFile = m_dir.filePath(QStringLiteral("case-%1.pid").arg(++m_case));
        QFile::remove(pidFile);
        ScenarioProcesses processes([this](const HistoryEvent& e) { m_events << e; });
        start(processes, command.arg(pidFile));
        const qint64 grandchild = pidIn(pidFile);
        QVERIFY(grandchild > 0);
        QVERIFY(exists(grandchild));
        processes.stopAll();
        QTRY_VERIFY2_WITH_TIMEOUT(!exists(grandchild),
                                  qPrintable(QStringLiteral("pid %1 survived").arg(grandchild)),
                                  5000);
    }

    // Its end is said in typed fields (what `wait until exited(LINE)` waits for): the line
    // that started it, its exit code, or that a signal ended it.
    void itsEndIsAnEvent()
    {
        m_events.clear();
        ScenarioProcesses processes([this](const HistoryEvent& e) { m_events << e; });
        bool started = false;
        processes.start(QStringLiteral("echo done; exit 3"), 7,
                        [&started](bool ok, const QString&) { started = ok; });
        QVERIFY(!processes.hasEnded(7));
        QTRY_VERIFY_WITH_TIMEOUT(processes.hasEnded(7), 20000);
        QVERIFY(started);
        QVERIFY(processes.hasStarted(7) && !processes.hasStarted(8));
        const HistoryEvent& last = m_events.constLast();
        QVERIFY(ScenarioProcesses::isEnd(last));
        QCOMPARE(last.code, ScenarioProcesses::EndedCode);
        QCOMPARE(last.line, 7);
        QCOMPARE(last.number, 3);
        QCOMPARE(last.text, QStringLiteral("exec: the program ended (exit code 3)"));
        QCOMPARE(m_events.first().text, QStringLiteral("exec: done")); // its output came first
        processes.start(QStringLiteral("kill -KILL $$"), 9, [](bool, const QString&) {});
        QTRY_VERIFY_WITH_TIMEOUT(processes.hasEnded(9), 20000);
        QCOMPARE(m_events.constLast().code, ScenarioProcesses::SignalledCode);
        processes.stopAll();
        QVERIFY(!processes.hasEnded(7)); // a new run starts from nothing
    }

    // Destroying them (the app's end) ends the groups too.
    void theAppsEndEndsThem()
    {
        const QString pidFile = m_dir.filePath(QStringLiteral("end.pid"));
        qint64 grandchild = 0;
        {
            ScenarioProcesses processes([this](const HistoryEvent& e) { m_events << e; });
            start(processes, QStringLiteral("sleep 1000 & echo $! > %1; wait").arg(pidFile));
            grandchild = pidIn(pidFile);
            QVERIFY(exists(grandchild));
        }
        QTRY_VERIFY_WITH_TIMEOUT(!exists(grandchild), 5000);
    }

    // A group that does not exist (any more) is gone: nothing to wait for.
    void aGroupThatIsGoneIsNotWaitedFor()
    {
        QElapsedTimer took;
        took.start();
        QVERIFY(ScenarioProcesses::endGroup(999999999, 60000));
        QVERIFY(took.elapsed() < 30000);
    }
};

QTEST_GUILESS_MAIN(TestScenarioProcesses)
#include "tst_scenarioprocesses.moc"
