// SPDX-License-Identifier: GPL-3.0-or-later
// Every word the checker says is true (issue 20), on real nodes and a real storage: each case
// where the history once said something untrue, reproduced as a user would reproduce it,
// with the nodes' and the storage's own state (TYPE, GET) as the witness.
#include "enginerunner.h"
#include "model/nodeoutcome.h"
#include "model/verdict.h"
#include "record/eventtext.h"
#include "storage/stockaccess.h"
#include "testfleet.h"

#include <QSignalSpy>
#include <QTest>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using Fail = HistoryEvent::FailReason;

EngineConfig config(const QString& settings = {})
{
    EngineConfig c; // five local nodes and a local storage
    c.initialClients = 0;
    if (!settings.isEmpty()) {
        QString error;
        c.clientDefaults = *c.clientDefaults.withAssignments(settings.split(' '), &error);
        Q_ASSERT_X(error.isEmpty(), "config", qPrintable(error));
    }
    return c;
}

bool run(EngineRunner& engine, const QString& lines)
{
    for (const QString& line : lines.split(';', Qt::SkipEmptyParts)) {
        QString message;
        if (!engine.command(line.trimmed(), &message)) {
            qWarning("%s: %s", qPrintable(line), qPrintable(message));
            return false;
        }
    }
    return true;
}

bool start(EngineRunner& engine, const QString& lines = {})
{
    QString error;
    if (!engine.start(20000, &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    return run(engine, lines);
}

int idOf(const EngineRunner& engine, const QString& name)
{
    const ClientSnapshot* c = engine.client(name);
    return c ? c->id : -1;
}

QList<HistoryEvent> matching(const EngineRunner& engine,
                             const std::function<bool(const HistoryEvent&)>& test)
{
    QList<HistoryEvent> out;
    for (const HistoryEvent& e : engine.events())
        if (test(e))
            out << e;
    return out;
}

bool waitForEvent(EngineRunner& engine, const std::function<bool(const HistoryEvent&)>& test,
                  int timeoutMs)
{
    return engine.waitFor([&](const EngineSnapshot&) { return !matching(engine, test).isEmpty(); },
                          timeoutMs);
}

QByteArray storageCommand(const EngineRunner& engine, const QByteArrayList& args)
{
    QString error;
    const auto storage = NodeAddress::parse(engine.last().storage.address, &error);
    return TestFleet::redisCommand(*storage, args).text;
}

} // namespace

class TestCheckerTruth : public QObject
{
    Q_OBJECT

private slots:
    // 1a: A holds the lock on nodes 1-3 (a long section); B, cut off from nodes 1 and 2,
    // gets 4 and 5 and is refused by 3. Nobody split the vote: A held it.
    void refusedByAHolderIsNoSplitVote()
    {
        EngineRunner engine(config("ttl=8000 work=6000 think=0 retries=50 retrydelay=100"));
        QVERIFY(start(engine, "client add A"));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) { return s.clients.size() == 1 && s.clients[0].inSection; },
            10000));
        QVERIFY(run(engine, "client add B; client partition B 1 2"));
        const int b = idOf(engine, "B");
        const auto roundOfB = [b](const HistoryEvent& e) {
            return e.kind == K::RoundJudged && e.client == b; // its failed rounds, judged
        };
        QVERIFY(engine.waitFor(
            [&](const EngineSnapshot&) { return matching(engine, roundOfB).size() >= 5; }, 10000));
        const int a = idOf(engine, "A");
        for (const HistoryEvent& e : matching(engine, roundOfB)) {
            QCOMPARE(e.failReason(), Fail::HeldByAnother);
            QCOMPARE(e.previous, a);
        }
        QCOMPARE(engine.last().counters.splitVotes, 0);
        // The witness: A's key is on node 3, refused to B there.
        QVERIFY(!matching(engine, [&](const HistoryEvent& e) {
                     return e.kind == K::NodeAnswer && e.client == b && e.node == 2 &&
                            NodeOutcome::Kind(e.code) == NodeOutcome::Kind::Taken && e.number == a;
                 }).isEmpty());
    }

    // 1b: one client alone: its release cannot reach nodes 4 and 5 (cut off), its keys stay
    // there; nodes 1 and 2 die; healed, its next tries meet its own earlier keys. One client
    // got every vote: no split vote.
    void ownEarlierKeysAreNoSplitVote()
    {
        EngineRunner engine(config("ttl=20000 work=300 think=400 retries=0"));
        QVERIFY(start(engine, "client add C1"));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) { return s.clients.size() == 1 && s.clients[0].inSection; },
            10000));
        QVERIFY(run(engine, "client partition C1 4 5"));
        const auto released = [](const HistoryEvent& e) { return e.is(K::Ok, Op::Release); };
        QVERIFY(waitForEvent(engine, released, 10000));
        QVERIFY(run(engine, "node kill 1; node kill 2; node heal 4; node heal 5"));
        const auto ownKeyRefused = [](const HistoryEvent& e) {
            return e.kind == K::NodeAnswer && e.operation == Op::Acquire && e.node >= 3 &&
                   NodeOutcome::Kind(e.code) == NodeOutcome::Kind::Taken;
        };
        QVERIFY(waitForEvent(engine, ownKeyRefused, 10000));
        QVERIFY(engine.waitFor(
            [&](const EngineSnapshot&) {
                return !matching(engine, [&](const HistoryEvent& e) {
                            return e.kind == K::Attempt &&
                                   e.tUs > matching(engine, ownKeyRefused).constFirst().tUs;
                        }).isEmpty();
            },
            10000));
        for (const HistoryEvent& e : matching(engine, ownKeyRefused))
            QCOMPARE(e.number, idOf(engine, "C1")); // its own, and the history says so
        for (const HistoryEvent& e :
             matching(engine, [](const HistoryEvent& e) { return e.kind == K::RoundJudged; }))
            QVERIFY2(e.failReason() != Fail::SplitVote, qPrintable(EventText().describe(e)));
        QCOMPARE(engine.last().counters.splitVotes, 0);
    }

    // 2: a lock node restarted without persistence counts its fencing numbers from 1 again:
    // the next holder's valid write is refused. Not stale: a valid write refused.
    void refusedValidWriteIsNotStale()
    {
        EngineRunner engine(config("fencing=on ttl=3000 work=50 think=50"));
        // Nodes 4 and 5 down: every token names nodes 1, 2 and 3, so the storage's last token
        // names node 1 when it comes back empty.
        QVERIFY(start(engine, "node kill 4; node kill 5; stock 100; client add C1"));
        QVERIFY(
            engine.waitFor([](const EngineSnapshot& s) { return s.counters.sales >= 3; }, 10000));
        QVERIFY(run(engine, "node restart 1"));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) { return s.counters.validWritesRejected >= 1; }, 10000));
        const CheckCounters& c = engine.last().counters;
        QCOMPARE(c.staleWritesRejected, 0);
        QCOMPARE(c.overlaps, 0);
        const QList<HistoryEvent> refused =
            matching(engine, [](const HistoryEvent& e) { return e.is(K::Fail, Op::Write); });
        QVERIFY(!refused.isEmpty());
        QCOMPARE(refused.first().failReason(), Fail::RejectedValid);
        const QList<HistoryEvent> evidence = matching(engine, [](const HistoryEvent& e) {
            return e.kind == K::Violation && HistoryEvent::ViolationKind(e.code) ==
                                                 HistoryEvent::ViolationKind::ValidWriteRejected;
        });
        QVERIFY(!evidence.isEmpty());
        QCOMPARE(evidence.first().node, 0);
        const QString words = EventText().describe(evidence.first());
        QVERIFY2(words.contains(QStringLiteral("node 1's fencing number went back")),
                 qPrintable(words));
    }

    // 3: a set-px client outlives its TTL; a reentrant client takes the resource as a hash;
    // the set-px client's release gets WRONGTYPE. An error deletes nothing: no wrong release,
    // and the hash is still there.
    void anErrorIsNoDeletion()
    {
        EngineRunner engine(config());
        QVERIFY(start(engine, "client add A strategy=set-px ttl=500 work=2000 careful=off "
                              "think=60000"));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) { return s.clients.size() == 1 && s.clients[0].inSection; },
            10000));
        QVERIFY(run(engine, "client add B strategy=reentrant ttl=30000 work=20000 retries=100 "
                            "retrydelay=50"));
        const int a = idOf(engine, "A");
        const auto releaseOfA = [a](const HistoryEvent& e) {
            return e.is(K::Ok, Op::Release) && e.client == a;
        };
        QVERIFY(waitForEvent(engine, releaseOfA, 10000));
        QVERIFY(engine.settle());
        QCOMPARE(engine.last().counters.wrongReleases, 0);
        QVERIFY(matching(engine, [](const HistoryEvent& e) {
                    return e.kind == K::DeletedOthersKey;
                }).isEmpty());
        const QList<HistoryEvent> answer = matching(engine, [a](const HistoryEvent& e) {
            return e.kind == K::NodeAnswer && e.operation == Op::Release && e.client == a;
        });
        QVERIFY(!answer.isEmpty());
        QCOMPARE(NodeOutcome::Kind(answer.first().code), NodeOutcome::Kind::Error);
        QVERIFY(answer.first().text.contains(QStringLiteral("WRONGTYPE")));
        // The witness: B's hash lock is still on node 1.
        QString error;
        const auto node1 = NodeAddress::parse(engine.last().nodes[0].address, &error);
        QVERIFY2(node1, qPrintable(error));
        QCOMPARE(
            TestFleet::redisCommand(*node1, {"TYPE", engine.controller().config().resource}).text,
            QByteArray("hash"));
    }

    // 4: a client reads 100; the operator runs `stock 5`; the client writes 99. No sale was
    // erased: the reset was overwritten (and the storage says 99).
    void overwrittenResetIsNoLostUpdate()
    {
        EngineRunner engine(config("work=1500 think=60000"));
        QVERIFY(start(engine, "stock 100; client add C1"));
        const auto read = [](const HistoryEvent& e) { return e.is(K::Ok, Op::Read); };
        QVERIFY(waitForEvent(engine, read, 10000));
        QVERIFY(run(engine, "stock 5"));
        QVERIFY(
            engine.waitFor([](const EngineSnapshot& s) { return s.counters.sales >= 1; }, 10000));
        QVERIFY(engine.settle());
        const CheckCounters& c = engine.last().counters;
        QCOMPARE(c.lostUpdates, 0);
        QCOMPARE(c.resetsOverwritten, 1);
        QCOMPARE(storageCommand(engine, {"GET", StockAccess::StockKey}), QByteArray("99"));
        QCOMPARE(Verdict::level(c), Verdict::Level::Damaged);
    }

    // 5: the acquisition that opens an overlap is the event `wait until acquired(C2)` waits
    // for: the scenario's next line runs at once, and the overlap must still be in the history.
    void anOverlapIsInTheHistoryWhenAWaitEndsOnIt()
    {
        EngineRunner engine(config());
        QVERIFY(start(engine));
        QSignalSpy finished(&engine.controller(), &EngineController::scenarioFinished);
        engine.controller().runScenario(
            QStringLiteral("test"),
            QStringLiteral("client add C1 ttl=1000 work=4000 careful=off think=60000\n"
                           "wait C1 in-section 5000\n"
                           "client pause C1 3000\n"
                           "client add C2 ttl=5000 work=3000 think=60000 retries=100 "
                           "retrydelay=50\n"
                           "wait until acquired(C2) 5000\n"
                           "say C2 is inside while C1 sleeps\n"
                           "wait until overlap 100\n"
                           "expect overlaps == 1\n"));
        QVERIFY(finished.wait(15000));
        const auto result = finished.first().first().value<ScenarioResult>();
        QVERIFY2(result.outcome == ScenarioResult::Outcome::Passed, qPrintable(result.reason));
        const auto violation = [](const HistoryEvent& e) { return e.kind == K::Violation; };
        QVERIFY(waitForEvent(engine, violation, 5000));
        QCOMPARE(matching(engine, violation).size(), 1);
    }

    // 6a: a client crashes while its storage read is under way (the storage stopped): the
    // read ends "cancelled: the client crashed", not "unreachable: connection closed".
    void aCrashCancelsTheReadUnderWay()
    {
        TestFleet storage(1);
        QVERIFY2(storage.ok(), qPrintable(storage.error()));
        EngineConfig c = config("work=100 think=1000");
        c.storage = storage.address(0);
        EngineRunner engine(c);
        // One purchase with the storage running (its connection is up), then the storage
        // stops (SIGSTOP): the next read hangs (its deadline is 500 ms).
        QVERIFY(start(engine, "stock 10; client add C1"));
        QVERIFY(
            engine.waitFor([](const EngineSnapshot& s) { return s.counters.sales >= 1; }, 10000));
        storage.node(0)->pause();
        QSignalSpy finished(&engine.controller(), &EngineController::scenarioFinished);
        engine.controller().runScenario(QStringLiteral("test"),
                                        QStringLiteral("wait until acquired(C1) 5000\n"
                                                       "sleep 100\n"
                                                       "client crash C1\n"));
        QVERIFY(finished.wait(10000));
        storage.node(0)->resume();
        const auto readFailed = [](const HistoryEvent& e) { return e.is(K::Fail, Op::Read); };
        QVERIFY(waitForEvent(engine, readFailed, 5000));
        const HistoryEvent e = matching(engine, readFailed).constFirst();
        QCOMPARE(e.failReason(), Fail::Cancelled);
        QCOMPARE(e.text, QStringLiteral("cancelled: the client crashed"));
    }

    // 6b, 6c: a failed extension round is an extension, not an acquisition, and gives no new
    // validity.
    void aFailedExtensionIsAnExtension()
    {
        EngineRunner engine(config("ttl=3000 work=2500 autoextend=on extendbelow=2000 "
                                   "think=60000"));
        QVERIFY(start(engine, "client add C1"));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) { return s.clients.size() == 1 && s.clients[0].inSection; },
            10000));
        QVERIFY(run(engine, "node kill 1; node kill 2; node kill 3"));
        const auto failedExtend = [](const HistoryEvent& e) { return e.is(K::Fail, Op::Extend); };
        QVERIFY(waitForEvent(engine, failedExtend, 10000));
        const QList<HistoryEvent> rounds = matching(engine, [](const HistoryEvent& e) {
            return e.kind == K::Attempt && e.failReason() != Fail::None;
        });
        QVERIFY(!rounds.isEmpty());
        for (const HistoryEvent& e : rounds)
            QCOMPARE(e.operation, Op::Extend);
        for (const HistoryEvent& e : matching(engine, failedExtend))
            QCOMPARE(e.number, 0);
    }
};

QTEST_GUILESS_MAIN(TestCheckerTruth)
#include "tst_checkertruth.moc"
