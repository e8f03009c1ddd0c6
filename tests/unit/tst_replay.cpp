// SPDX-License-Identifier: GPL-3.0-or-later
// The replay of a recorded run: the picture at any instant comes from the events alone,
// and never shows a key after it can have expired.
#include "record/runreplayer.h"
#include "scriptedhistory.h"

#include <QTest>

namespace {

using State = ClientSnapshot::State;

const ClientSnapshot* clientOf(const EngineSnapshot& s, int id)
{
    for (const ClientSnapshot& c : s.clients)
        if (c.id == id)
            return &c;
    return nullptr;
}

int keyOwner(const EngineSnapshot& s, int node)
{
    const NodeSnapshot& n = s.nodes.at(node);
    return n.keys.isEmpty() ? -1 : n.keys.first().ownerClient;
}

// C1 holds, pauses past its validity; C2 takes the lock when C1's keys expire.
ScriptedHistory gcPause()
{
    ScriptedHistory h(5, 2000);
    for (int n = 0; n < 5; ++n)
        h.nodeUp(n, 1);
    h.client(1, 10);
    h.client(2, 10);
    h.acquire(1, 100, 0b11111);
    h.pause(1, 200);
    h.acquire(2, 1000, 0b00000);
    const quint64 c2 = h.acquire(2, 2500, 0b11111);
    h.endSection(2, 4000, c2);
    h.release(2, 4001, 0b11111);
    h.resume(1, 5200);
    return h;
}

} // namespace

class TestReplay : public QObject
{
    Q_OBJECT

private slots:
    void thePictureFollowsTheEvents()
    {
        RunReplayer replay(gcPause().run());
        EngineSnapshot s = replay.snapshotAt(1'500'000);
        QCOMPARE(s.nodes.size(), 5);
        for (int n = 0; n < 5; ++n) {
            QCOMPARE(keyOwner(s, n), 1);
            // Sent at 100 ms with a 2 s TTL: 600 ms left at 1.5 s.
            QCOMPARE(s.nodes[n].keys.first().pttlMs, 600);
        }
        QCOMPARE(clientOf(s, 1)->state, State::Paused);
        QVERIFY(clientOf(s, 1)->inSection);
        QCOMPARE(s.resources.first().holders.first().nodeCount, 5);
        QCOMPARE(s.counters.overlaps, 0);

        s = replay.snapshotAt(2'300'000); // C1's keys expired at 2.1 s; C2 not yet in
        for (int n = 0; n < 5; ++n)
            QVERIFY2(s.nodes[n].keys.isEmpty(), "a key shown after it expired");
        QVERIFY(clientOf(s, 1)->inSection); // it still believes

        s = replay.snapshotAt(3'000'000);
        QCOMPARE(keyOwner(s, 0), 2);
        QCOMPARE(clientOf(s, 2)->state, State::Holding);
        QCOMPARE(s.resources.first().sections.size(), 2); // both in their sections
        QCOMPARE(s.counters.overlaps, 1);

        s = replay.snapshotAt(4'500'000); // C2 released
        QCOMPARE(keyOwner(s, 0), -1);
        QCOMPARE(clientOf(s, 2)->state, State::Idle);
    }

    // Jumping back and forth gives the same picture as going straight there.
    void checkpointsChangeNothing()
    {
        ScriptedHistory h(3, 2000);
        for (int n = 0; n < 3; ++n)
            h.nodeUp(n, 0);
        h.client(1, 0);
        double t = 10;
        for (int i = 0; i < 5000; ++i) { // about 60,000 events: several checkpoints
            const quint64 op = h.acquire(1, t, 0b111);
            h.endSection(1, t + 5, op);
            h.release(1, t + 6, 0b111);
            t += 10;
        }
        const auto run = h.run();
        RunReplayer jumping(run);
        jumping.snapshotAt(qint64(t * 1000)); // to the end: checkpoints on the way
        for (qint64 at : {qint64(t * 500), qint64(12'345'000), qint64(t * 900), qint64(20'000)}) {
            RunReplayer fresh(run);
            const EngineSnapshot a = jumping.snapshotAt(at);
            const EngineSnapshot b = fresh.snapshotAt(at);
            QCOMPARE(a.eventCount, b.eventCount);
            QCOMPARE(a.counters, b.counters);
            QCOMPARE(clientOf(a, 1)->state, clientOf(b, 1)->state);
            QCOMPARE(clientOf(a, 1)->acquisitions, clientOf(b, 1)->acquisitions);
            QCOMPARE(keyOwner(a, 0), keyOwner(b, 0));
        }
    }

    void restartWithoutPersistenceLosesTheKey_data()
    {
        QTest::addColumn<QString>("persistence");
        QTest::addColumn<bool>("kept");
        QTest::newRow("none") << "none" << false;
        QTest::newRow("everysec, key older than a second") << "everysec" << true;
        QTest::newRow("always") << "always" << true;
    }

    void restartWithoutPersistenceLosesTheKey()
    {
        QFETCH(QString, persistence);
        QFETCH(bool, kept);
        ScriptedHistory h(3, 10000);
        for (int n = 0; n < 3; ++n)
            h.nodeUp(n, 0);
        h.client(1, 0);
        h.command(QStringLiteral("node persistence 1 %1").arg(persistence), 5);
        h.acquire(1, 100, 0b111);
        h.nodeFault(0, Fault::Kind::Killed, 2000, true);
        h.nodeFault(0, Fault::Kind::Killed, 2500, false);
        h.nodeUp(0, 2500);
        RunReplayer replay(h.run());
        EngineSnapshot s = replay.snapshotAt(2'200'000);
        QCOMPARE(s.nodes[0].state, NodeSnapshot::State::Down);
        QVERIFY(s.nodes[0].keys.isEmpty()); // a dead node holds nothing in memory
        QCOMPARE(keyOwner(s, 1), 1);
        QCOMPARE(s.nodes[0].restartedUs, 0);
        s = replay.snapshotAt(3'000'000);
        QCOMPARE(s.nodes[0].state, NodeSnapshot::State::Up);
        QCOMPARE(keyOwner(s, 0), kept ? 1 : -1);
        QCOMPARE(s.nodes[0].restartedUs, 2'500'000); // the card marks the restart
        QCOMPARE(s.nodes[1].restartedUs, 0);
    }

    void aClockJumpShortensTheKey()
    {
        ScriptedHistory h(3, 10000);
        for (int n = 0; n < 3; ++n)
            h.nodeUp(n, 0);
        h.client(1, 0);
        h.acquire(1, 100, 0b111);
        h.command(QStringLiteral("node clock 2 +6000"), 1000);
        RunReplayer replay(h.run());
        const EngineSnapshot s = replay.snapshotAt(2'000'000);
        QCOMPARE(s.nodes[1].keys.first().pttlMs, 10100 - 6000 - 2000);
        QCOMPARE(s.nodes[0].keys.first().pttlMs, 10100 - 2000);
        QVERIFY(replay.snapshotAt(4'200'000).nodes[1].keys.isEmpty());
    }

    // A TTL set by a recorded command is the one the keys get.
    void settingsFollowTheCommands()
    {
        ScriptedHistory h(3, 10000);
        for (int n = 0; n < 3; ++n)
            h.nodeUp(n, 0);
        h.client(1, 0);
        h.command(QStringLiteral("client set C1 ttl=3000"), 5);
        h.command(QStringLiteral("client set C1 ttl=abc"), 6, false); // refused: no effect
        h.acquire(1, 100, 0b111);
        RunReplayer replay(h.run());
        const EngineSnapshot s = replay.snapshotAt(1'100'000);
        QCOMPARE(clientOf(s, 1)->settings.lock.ttlMs, 3000);
        QCOMPARE(s.nodes[0].keys.first().pttlMs, 2000);
    }

    // Nodes that answer after the quorum decided hold the same lock: one holder, 5 nodes.
    void lateAnswersBelongToTheirAttempt()
    {
        ScriptedHistory h(5, 10000);
        for (int n = 0; n < 5; ++n)
            h.nodeUp(n, 0);
        h.client(1, 0);
        const quint64 op = h.acquire(1, 100, 0b00111);
        for (int n : {3, 4}) {
            HistoryEvent late = HistoryEvent::forClient(HistoryEvent::Kind::NodeAnswer, 1,
                                                        HistoryEvent::Operation::Acquire, op);
            late.node = n;
            late.code = quint8(NodeOutcome::Kind::Ok);
            late.latencyUs = 30'000; // sent with the others, at 100 ms
            h.add(late, 130);
        }
        RunReplayer replay(h.run());
        const EngineSnapshot s = replay.snapshotAt(1'000'000);
        const ResourceSnapshot& r = s.resources.first();
        QCOMPARE(r.holders.size(), 1);
        QCOMPARE(r.holders.first().nodeCount, 5);
        QCOMPARE(r.holders.first().token, clientOf(s, 1)->token);
    }

    void eventsForTheLog()
    {
        const auto run = gcPause().run();
        RunReplayer replay(run);
        const size_t all = replay.countAt(run->endUs());
        QCOMPARE(all, run->events.size());
        QCOMPARE(replay.eventsBetween(0, all, 10).size(), 10);
        QCOMPARE(replay.eventsBetween(0, all, 10).constLast().tUs, run->events.back().tUs);
        QCOMPARE(replay.countAt(-1), size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
