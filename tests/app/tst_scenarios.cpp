// SPDX-License-Identifier: GPL-3.0-or-later
// Scenarios as a user runs them headless: the steps with their times, the verdict line and
// the exit code (0 as expected, 1 not, 2 could not run); --exec; --seed; and split votes that
// show up in at least 9 of 10 seeded runs with jitter off.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QStringList& args, int timeoutMs = 60000)
{
    QProcess p;
    p.start(QStringLiteral(REDLOCKSCOPE_BINARY), args);
    Run r;
    if (!p.waitForStarted() || !p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("did not finish");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString writeScenario(const QTemporaryDir& dir, const QString& text)
{
    QString path = dir.filePath(QStringLiteral("test.rls"));
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(text.toUtf8());
    return path;
}

QString lastLine(const Run& r)
{
    const QString all = (r.out + r.err).trimmed();
    return all.section(QLatin1Char('\n'), -1);
}

} // namespace

class TestScenarios : public QObject
{
    Q_OBJECT

private slots:
    void expectationsMetExitZero()
    {
        QTemporaryDir dir;
        const QString path =
            writeScenario(dir, QStringLiteral("# a small one\n"
                                              "defaults ttl=2000 work=50 think=20\n"
                                              "client add C1\n"
                                              "wait C1 holding 10000\n"
                                              "say C1 holds.\n"
                                              "sleep 300\n"
                                              "expect acquisitions >= 1\n"
                                              "expect safe\n"));
        const Run r = run({QStringLiteral("--headless"), QStringLiteral("--scenario"), path});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("line   4  > wait C1 holding 10000")),
                 qPrintable(r.out));
        QVERIFY2(lastLine(r).startsWith(QStringLiteral("verdict: PASS")), qPrintable(lastLine(r)));
        QVERIFY(lastLine(r).contains(QStringLiteral("acquisitions >= 1: ")));
    }

    void unmetExpectationExitOne()
    {
        QTemporaryDir dir;
        const QString path = writeScenario(dir, QStringLiteral("defaults ttl=2000 work=50\n"
                                                               "client add C1\n"
                                                               "sleep 500\n"
                                                               "expect acquisitions == 0\n"));
        const Run r = run({QStringLiteral("--headless"), QStringLiteral("--scenario"), path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(lastLine(r).startsWith(QStringLiteral("verdict: FAIL")), qPrintable(lastLine(r)));
        QVERIFY(lastLine(r).contains(QStringLiteral("✗")));
    }

    // A violation no expectation allowed fails the run, even with no `expect` at all.
    void unexpectedViolationExitOne()
    {
        const Run r = run({QStringLiteral("--headless"), QStringLiteral("--exec"),
                           QStringLiteral("defaults ttl=600 work=900 think=20 careful=off "
                                          "retrydelay=20 retryjitter=20; stock 100; client add; "
                                          "client add; wait until overlap 20000")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(lastLine(r).contains(QStringLiteral("no expectation allowed it")),
                 qPrintable(lastLine(r)));
    }

    void malformedScenarioExitTwoWithFileLineColumn()
    {
        QTemporaryDir dir;
        const QString path = writeScenario(dir, QStringLiteral("client add C1\n"
                                                               "node pause 2 soon\n"));
        const Run r = run({QStringLiteral("--headless"), QStringLiteral("--scenario"), path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(path + QStringLiteral(":2:14: unexpected 'soon'")),
                 qPrintable(r.err));
    }

    void missingFileOrBuiltinExitTwo()
    {
        Run r = run({QStringLiteral("--headless"), QStringLiteral("--scenario"),
                     QStringLiteral("/nonexistent/x.rls")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("cannot read /nonexistent/x.rls")),
                 qPrintable(r.err));
        r = run({QStringLiteral("--headless"), QStringLiteral("--scenario"),
                 QStringLiteral("builtin:nope")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("no built-in scenario 'nope'")));
    }

    // `all` of no client is nothing to do, and answered: a scenario that stops all its
    // clients when it has none (a counterexample played without its client) waited forever.
    void allOfNoClientIsNothingToDo()
    {
        const Run r = run({QStringLiteral("--headless"), QStringLiteral("--no-record"),
                           QStringLiteral("--exec"),
                           QStringLiteral("client stop all; client start all; client set all "
                                          "think=100; sleep 100")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(lastLine(r).startsWith(QStringLiteral("verdict: PASS")), qPrintable(lastLine(r)));
        QVERIFY2(r.out.contains(QStringLiteral("no client")), qPrintable(r.out));
    }

    // --exec's commands are numbered as `;` separates them (issue 21: each was "line 1").
    void aWaitThatTimesOutNamesItsLine()
    {
        const Run r = run({QStringLiteral("--headless"), QStringLiteral("--exec"),
                           QStringLiteral("client add C1; client stop C1; wait C1 holding 300")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(lastLine(r).contains(QStringLiteral("line 3: wait C1 holding 300: waited 300 ms")),
                 qPrintable(lastLine(r)));
        QVERIFY2(r.out.contains(QStringLiteral("line   2  > client stop C1")), qPrintable(r.out));
    }

    void listsTheBuiltIns()
    {
        const Run r = run({QStringLiteral("--list-scenarios")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("builtin:gc-pause-fenced")));
        QVERIFY(r.out.count(QStringLiteral("builtin:")) >= 12);
    }

    // Three clients (all their lanes on screen in large type), jitter off, each with its own
    // order and delay to the nodes: split votes appear in at least 9 of 10 seeded runs (the
    // issue's bar).
    void splitVotesAreReproducible()
    {
        int shown = 0;
        for (int seed = 1; seed <= 10; ++seed) {
            const Run r = run({QStringLiteral("--headless"), QStringLiteral("--scenario"),
                               QStringLiteral("builtin:split-votes"), QStringLiteral("--seed"),
                               QString::number(seed)});
            if (r.exitCode == 0)
                ++shown;
            else
                qWarning("seed %d: %s", seed, qPrintable(lastLine(r)));
        }
        qInfo("split votes shown in %d of 10 seeded runs", shown);
        QVERIFY2(shown >= 9, qPrintable(QString::number(shown)));
    }
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
