// SPDX-License-Identifier: GPL-3.0-or-later
// A verdict a class can stake its trust on (issue 30), as a user meets it on the command line:
// an `expect` of a client that does not exist is refused before anything starts; a removed
// client's counts stay; a violation no `expect` names fails the run; stopping a client that
// holds nothing deletes nothing, whatever its rung; a paused holder that crashes past its
// validity lost its lock; the end of a scenario changes no counter after the verdict; the
// split-votes story shows a real split; --repeat leaves no empty run file and tells why a story
// without a lock varies.
#include "apprun.h"
#include "model/clientsnapshot.h"
#include "model/nodeoutcome.h"
#include "record/runreader.h"
#include "testruns.h"

#include <QRegularExpression>

using namespace AppRun;

namespace {
using K = HistoryEvent::Kind;

int countOf(const RecordedRun& run, K kind)
{
    return int(std::count_if(run.events.cbegin(), run.events.cend(),
                             [kind](const HistoryEvent& e) { return e.kind == kind; }));
}
} // namespace

class TestVerdict : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString scenario(const QString& name, const QByteArray& text)
    {
        return writeFile(m_dir.filePath(name + QStringLiteral(".rls")), text);
    }
    // Plays a scenario headless, recorded to NAME.jsonl (kept for the second judge).
    Result play(const QString& name, const QByteArray& text)
    {
        return playFile(name, scenario(name, text));
    }
    // The same with a file, or builtin:NAME.
    Result playFile(const QString& name, const QString& source)
    {
        const QString runPath = m_dir.filePath(name + QStringLiteral(".jsonl"));
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--scenario"), source,
                              QStringLiteral("--record"), runPath},
                             120000);
        TestRuns::keep(runPath, QStringLiteral("verdict-") + name);
        return r;
    }
    std::shared_ptr<RecordedRun> runOf(const QString& name)
    {
        QString error;
        auto run = RunReader::read(m_dir.filePath(name + QStringLiteral(".jsonl")), &error);
        if (!run)
            qWarning("%s", qPrintable(error));
        return run;
    }

private slots:
    // A typo in a client's name would count nothing and pass: refused, with its place.
    void anUnknownClientIsRefusedBeforeTheRun()
    {
        const QString rls =
            scenario(QStringLiteral("typo"), "client add C1\nclient add buyer\nsleep 100\n"
                                             "expect acquisitions(buyer) any\n"
                                             "  expect acquisitions(C7) == 0\n");
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--no-record"),
                              QStringLiteral("--scenario"), rls},
                             10000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(
                     rls + QStringLiteral(":5:23: no client named 'C7' in this scenario")),
                 r.err.constData());
        QVERIFY2(!r.out.contains("nodes up"), r.out.constData());
    }

    // `client remove` takes the client away, not what it did.
    void aRemovedClientsCountsStay()
    {
        const Result r = play(QStringLiteral("removed"),
                              "defaults work=50 think=0\nclient add C1\n"
                              "wait until acquired(C1) 10000\nclient remove C1\nsleep 100\n"
                              "expect acquisitions(C1) >= 1\n");
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("acquisitions(C1) >= 1: 1"), r.out.constData());
    }

    // "DATA DAMAGED: C1's write went over the stock the operator set" is no PASS.
    void aViolationNoExpectNamesFailsTheRun()
    {
        const QByteArray text = "seed 5\ndefaults work=800 think=0\nstock 100\nclient add C1\n"
                                "wait C1 in-section 5000\nsleep 300\nstock 5\n"
                                "wait until sale(C1) 5000\nsleep 100\n";
        const Result r = play(QStringLiteral("reset"), text);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("resets_overwritten 1, and no expectation allowed it"),
                 r.err.constData());
        const Result named =
            play(QStringLiteral("reset-named"), text + "expect resets_overwritten == 1\n");
        QVERIFY2(named.exitCode == 0, named.err.constData());
    }

    // `client stop B` on a waiter deleted A's key on the rungs that delete with GETDEL; C then
    // overlapped A.
    void stoppingAWaiterDeletesNothing_data()
    {
        QTest::addColumn<QString>("rung");
        QTest::newRow("setnx") << "setnx";
        QTest::newRow("setnx-expire") << "setnx-expire";
        QTest::newRow("set-px") << "set-px";
    }
    void stoppingAWaiterDeletesNothing()
    {
        QFETCH(QString, rung);
        const Result r = play(QStringLiteral("stop-") + rung,
                              "seed 3\ndefaults strategy=" + rung.toUtf8() +
                                  " ttl=10000 work=3000 think=0 retries=100 retrydelay=50\n"
                                  "stock 100\nclient add A\nwait A in-section 5000\n"
                                  "client add B\nwait B waiting-retry 5000\nclient stop B\n"
                                  "client add C\nsleep 1500\n"
                                  "expect overlaps == 0\nexpect wrong_releases == 0\n");
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto run = runOf(QStringLiteral("stop-") + rung);
        QVERIFY(run);
        QCOMPARE(countOf(*run, K::DeletedOthersKey), 0);
    }

    // A paused holder crashes after its validity ran out: it never saw its deadline pass, and
    // its lock was lost all the same.
    void aPausedHolderThatCrashesLostItsLock()
    {
        const Result r = play(QStringLiteral("pause-crash"),
                              "seed 5\ndefaults ttl=1000 work=4000 think=0\nstock 100\n"
                              "client add C1\nwait C1 in-section 5000\nclient pause C1\n"
                              "sleep 1500\nclient add C2\nwait until acquired(C2) 5000\n"
                              "client crash C1\nsleep 200\n"
                              "expect overlaps >= 1\nexpect lock_lost(C1) == 1\n");
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto run = runOf(QStringLiteral("pause-crash"));
        QVERIFY(run);
        QCOMPARE(countOf(*run, K::LockLost), 1);
    }

    // ladder-3 ended with a wrong release the app made itself, as it stopped its clients after
    // the verdict: the reports told it, the verdict did not. Now the clients stop first.
    void theEndOfAScenarioChangesNothingAfterTheVerdict()
    {
        const Result r =
            playFile(QStringLiteral("ladder-3"), QStringLiteral("builtin:ladder-3-setnx"));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("checker: the run file, judged again, says the same"),
                 r.out.constData());
        const auto run = runOf(QStringLiteral("ladder-3"));
        QVERIFY(run);
        QCOMPARE(countOf(*run, K::DeletedOthersKey), 0);
        QCOMPARE(run->counters.wrongReleases, 0);
        // Every client stopped before the last step's verdict was said: nothing after it.
        const auto stopped =
            std::find_if(run->events.cbegin(), run->events.cend(), [](const HistoryEvent& e) {
                return e.kind == K::ClientState &&
                       ClientSnapshot::State(e.code) == ClientSnapshot::State::Stopped;
            });
        QVERIFY(stopped != run->events.cend());
        const auto judgedAfter =
            std::find_if(stopped, run->events.cend(), [](const HistoryEvent& e) {
                return e.kind == K::Violation || e.kind == K::DeletedOthersKey;
            });
        QVERIFY(judgedAfter == run->events.cend());
    }

    // The split-votes story shows a real split: a round whose votes, all of them, went to two
    // clients or more with nobody at 3 of 5, while nobody held the lock; its captions say so.
    void theSplitVotesStoryShowsARealSplit()
    {
        const Result r = playFile(QStringLiteral("split"), QStringLiteral("builtin:split-votes"));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto run = runOf(QStringLiteral("split"));
        QVERIFY(run);
        const auto split =
            std::find_if(run->events.cbegin(), run->events.cend(), [](const HistoryEvent& e) {
                return e.kind == K::RoundJudged &&
                       e.failReason() == HistoryEvent::FailReason::SplitVote;
            });
        QVERIFY(split != run->events.cend());
        // Its answers, every one (late ones too): nobody has a majority, 2 clients or more.
        QHash<int, int> votes;
        for (const HistoryEvent& e : run->events) {
            if (e.kind != K::NodeAnswer || e.op != split->op || e.sinceUs != split->sinceUs ||
                e.operation != HistoryEvent::Operation::Acquire)
                continue;
            if (NodeOutcome::Kind(e.code) == NodeOutcome::Kind::Ok)
                ++votes[e.client];
            else if (NodeOutcome::Kind(e.code) == NodeOutcome::Kind::Taken)
                ++votes[int(e.number)];
        }
        QVERIFY2(votes.size() >= 2, qPrintable(QString::number(votes.size())));
        for (int n : std::as_const(votes))
            QVERIFY(n < 3);
        // The caption after it tells that round: nobody got 3 of 5.
        const auto caption = std::find_if(split, run->events.cend(),
                                          [](const HistoryEvent& e) { return e.kind == K::Say; });
        QVERIFY(caption != run->events.cend());
        QVERIFY2(caption->text.contains(QStringLiteral("nobody got 3 of 5")),
                 qPrintable(caption->text));
    }

    // Every run of --repeat has its file, none empty; a story without a lock varies as the
    // scheduler orders its buyers, and is told so rather than failed.
    void repeatTellsWhyAStoryWithoutALockVaries()
    {
        QTemporaryDir data;
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--scenario"),
                              QStringLiteral("builtin:ladder-1-none"), QStringLiteral("--repeat"),
                              QStringLiteral("3")},
                             300000, data.path());
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY2(r.out.contains("repeat: the same verdict and violation counters in all 3 runs") ||
                     r.out.contains("repeat: the counts vary, as they must here: C1, C2, C3 buy "
                                    "without a lock"),
                 r.out.constData());
        const QDir runs(data.filePath(QStringLiteral("redlockscope/runs")));
        const QFileInfoList files = runs.entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files);
        QCOMPARE(files.size(), 3);
        for (const QFileInfo& f : files)
            QVERIFY2(f.size() > 0, qPrintable(f.fileName()));
    }
};

QTEST_GUILESS_MAIN(TestVerdict)
#include "tst_verdict.moc"
