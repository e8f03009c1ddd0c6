// SPDX-License-Identifier: GPL-3.0-or-later
// A scenario is checked whole before anything starts (issue 22): a bad line is refused with
// FILE:LINE:COLUMN and exit 2 before a single node runs, not found at that line minutes into
// the run (exit 1, no place). `expect NAME >= 0`, which can never fail, is refused with the
// way to say what it meant: `expect NAME any`.
#include "apprun.h"

using namespace AppRun;

class TestScenarioChecks : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void badLinesAreRefusedBeforeAnythingStarts_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown counter") << "expect bogus_counter == 1"
                                         << ":3:8"
                                         << "unknown expectation 'bogus_counter'";
        QTest::newRow("unknown event") << "wait until bogus-event 1000"
                                       << ":3:12"
                                       << "unknown event 'bogus-event'";
        QTest::newRow("a setting's value") << "client add C2 ttl=abc"
                                           << ":3:15"
                                           << "ttl must be a whole number of ms";
        QTest::newRow("an unknown setting") << "client set C1 bogus=1"
                                            << ":3:15"
                                            << "unknown setting 'bogus'";
        QTest::newRow("defaults") << "defaults drift=2"
                                  << ":3:10"
                                  << "drift must be";
        QTest::newRow("latency and jitter past the cap")
            << "node latency 2 600000 600000"
            << ":3:16"
            << "MS + JITTER_MS must be at most 600000 ms in all (got 1200000 ms)";
        QTest::newRow(">= 0 never fails")
            << "expect overlaps >= 0"
            << ":3:8"
            << "`expect overlaps >= 0` always holds (a count is never negative), so it checks "
               "nothing; to let overlaps be anything, write `expect overlaps any`";
        QTest::newRow("< 0 never holds") << "expect sales < 0"
                                         << ":3:8"
                                         << "`expect sales < 0` can never hold";
        QTest::newRow("any with a number") << "expect lost_updates any 3"
                                           << ":3:8"
                                           << "`expect lost_updates any` takes no number";
        QTest::newRow("a long name") << "client add " + QString(33, QLatin1Char('N')) << ":3:12"
                                     << "a client's name may be at most 32 characters, not 33";
        QTest::newRow("a control character")
            << "say \x1b[2Jcleared"
            << ":3:5"
            << "control character \\e in the line (it would act on a terminal";
    }

    void badLinesAreRefusedBeforeAnythingStarts()
    {
        QFETCH(QString, line);
        QFETCH(QString, where);
        QFETCH(QString, message);
        const QString rls =
            writeFile(m_dir.filePath(QStringLiteral("bad.rls")),
                      "defaults work=50\nclient add C1\n" + line.toUtf8() + "\nsleep 100\n");
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--no-record"),
                              QStringLiteral("--scenario"), rls},
                             10000);
        QVERIFY2(r.exitCode == 2, r.err.constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(rls + where + QStringLiteral(": ") + message),
                 r.err.constData());
        QVERIFY2(!r.out.contains("nodes up"), r.out.constData()); // nothing started
        QVERIFY(!r.err.contains('\x1b'));
        // The window refuses it alike, before it opens.
        const Result window =
            run({QStringLiteral("--no-record"), QStringLiteral("--scenario"), rls}, 10000);
        QVERIFY2(window.exitCode == 2, window.err.constData());
        QVERIFY2(QString::fromUtf8(window.err).contains(rls + where), window.err.constData());
    }

    // --exec is checked the same way, its commands numbered as `;` separates them.
    void execIsCheckedAlike()
    {
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--exec"),
                              QStringLiteral("client add C1; sleep 100; node pause 9")},
                             10000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--exec:3:12: no node '9': nodes are numbered 1 to 5"),
                 r.err.constData());
    }

    // `expect NAME any`: the count is reported, never judged, and a violation of its kind
    // does not fail the run.
    void anyLetsACountBeAnything()
    {
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--no-record"),
                              QStringLiteral("--exec"),
                              QStringLiteral("defaults work=50 think=20; client add C1; "
                                             "wait C1 holding 10000; sleep 300; "
                                             "expect acquisitions any; expect lost_updates any")},
                             60000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("verdict: PASS"), r.out.constData());
        QVERIFY2(r.out.contains("lost_updates any: 0 (may be anything)"), r.out.constData());
        QVERIFY2(r.out.contains("acquisitions any: "), r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestScenarioChecks)
#include "tst_scenariochecks.moc"
