// SPDX-License-Identifier: GPL-3.0-or-later
// `redlockscope --headless --search` as a user runs it: every flag checked before anything
// starts (exit 2, in words), a counterexample printed and saved (exit 1), nothing found with
// what was tried and the seed to go on from (exit 0), nodes that cannot start said so (exit 2).
#include "testruns.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QStringList& args, int timeoutMs = 30000)
{
    QProcess p;
    p.start(QStringLiteral(REDLOCKSCOPE_BINARY), args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestSearchCli : public QObject
{
    Q_OBJECT

private slots:
    void badInputIsRefusedInWords_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("said");
        const QStringList search{QStringLiteral("--headless"), QStringLiteral("--search")};
        QTest::newRow("no --headless")
            << QStringList{QStringLiteral("--search")} << QStringLiteral("--headless");
        QTest::newRow("unknown fault")
            << search + QStringList{"--faults", "kill,meteor"} << QStringLiteral("meteor");
        QTest::newRow("unknown strategy")
            << search + QStringList{"--strategy", "paxos"} << QStringLiteral("paxos");
        QTest::newRow("jobs 0") << search + QStringList{"--jobs", "0"} << QStringLiteral("--jobs");
        QTest::newRow("jobs 2.5") << search + QStringList{"--jobs", "2.5"}
                                  << QStringLiteral("--jobs");
        QTest::newRow("budget nan")
            << search + QStringList{"--budget", "nan"} << QStringLiteral("--budget");
        QTest::newRow("budget and trials") << search + QStringList{"--budget", "5", "--trials", "3"}
                                           << QStringLiteral("one or the other");
        QTest::newRow("seed too large")
            << search + QStringList{"--seed", "9007199254740992"} << QStringLiteral("--seed");
        QTest::newRow("clients 0")
            << search + QStringList{"--clients", "0"} << QStringLiteral("--clients");
        QTest::newRow("bad setting")
            << search + QStringList{"--set", "ttl=soon"} << QStringLiteral("ttl");
        QTest::newRow("strategy as a setting")
            << search + QStringList{"--set", "strategy=none"} << QStringLiteral("--strategy");
        QTest::newRow("persistence") << search + QStringList{"--persistence", "sometimes"}
                                     << QStringLiteral("--persistence");
        QTest::newRow("failover on masters")
            << search + QStringList{"--strategy", "failover"} << QStringLiteral("failover");
        QTest::newRow("too many faulty")
            << search + QStringList{"--max-faulty", "7"} << QStringLiteral("--max-faulty");
        QTest::newRow("missing property file")
            << search + QStringList{"--expect", "/nonexistent/property.rls"}
            << QStringLiteral("/nonexistent/property.rls");
        QTest::newRow("unknown preset")
            << search + QStringList{"--preset", "everything"} << QStringLiteral("everything");
        QTest::newRow("bench flag without its mode")
            << search + QStringList{"--rungs", "none"} << QStringLiteral("--bench-search");
        QTest::newRow("unknown flag")
            << search + QStringList{"--frobnicate"} << QStringLiteral("frobnicate");
    }

    void badInputIsRefusedInWords()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, said);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(said), qPrintable(r.err));
    }

    void aPropertyWithAWrongExpectationIsRefused()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("property.rls")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("expect overlapz == 0\n");
        file.close();
        const Run r = run({"--headless", "--search", "--expect", file.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("overlapz")), qPrintable(r.err));
    }

    void aCounterexampleIsPrintedAndSaved()
    {
        QTemporaryDir out;
        const Run r = run({"--headless", "--search", "--strategy", "none", "--trials", "3",
                           "--jobs", "3", "--seed", "11", "--out", out.path()},
                          240000);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains(QStringLiteral("=== counterexample: trial 0 (seed 11)")),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("\nexpect overlaps == 0")));
        const QStringList saved =
            QDir(out.path()).entryList({QStringLiteral("counterexample-none-11.*")}, QDir::Files);
        QCOMPARE(saved, (QStringList{QStringLiteral("counterexample-none-11.jsonl"),
                                     QStringLiteral("counterexample-none-11.rls")}));
        TestRuns::keep(out.filePath(QStringLiteral("counterexample-none-11.jsonl")),
                       QStringLiteral("search-counterexample-none-11"));
        // Played headless, the saved scenario fails as it should (exit 1): its expect lines.
        const Run replay = run({"--headless", "--no-record", "--scenario",
                                out.filePath(QStringLiteral("counterexample-none-11.rls"))},
                               60000);
        QCOMPARE(replay.exitCode, 1);
        QVERIFY2(replay.err.contains(QStringLiteral("overlaps == 0")), qPrintable(replay.err));
    }

    void nothingFoundSaysWhatWasTried()
    {
        const Run r = run({"--headless", "--search", "--clients", "1", "--faults", "latency",
                           "--trials", "2", "--jobs", "2", "--seed", "5", "--out", "/nonexistent"},
                          120000);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("nothing found in ")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral(": 2 schedules run (0 could not run")));
        QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("faults in them: latency \\d+"))));
        QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("continue with --seed \\d+"))));
    }

    void nodesThatCannotStartAreSaidSo()
    {
        const Run r = run({"--headless", "--search", "--strategy", "none", "--trials", "5",
                           "--redis-server", "/nonexistent/redis-server"},
                          60000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("no schedule could run")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestSearchCli)
#include "tst_searchcli.moc"
