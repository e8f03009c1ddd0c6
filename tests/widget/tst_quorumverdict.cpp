// SPDX-License-Identifier: GPL-3.0-or-later
// The quorum verdict (what the quorum view says, without a window): verdicts and headlines
// from synthetic resource snapshots, each following what the nodes hold and who is in a
// critical section, never more.

#include "charts/rundata.h"
#include "quorum/quorumverdict.h"
#include "scriptedhistory.h"
#include "settings/languages.h"
#include "snapshotfactory.h"
#include "widgets/clientlegend.h"

#include <QTest>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;

// An acquisition granted by the nodes in `mask` (none: a client with no lock at all), valid
// `validityMs`, as the engine records it.
quint64 acquiredOn(ScriptedHistory& h, int id, double tMs, quint16 mask, double validityMs)
{
    static quint64 next = 1000;
    const quint64 op = (quint64(id) << 32) | ++next;
    h.add(HistoryEvent::forClient(K::Invoke, id, Op::Acquire, op), tMs);
    HistoryEvent ok = HistoryEvent::forClient(K::Ok, id, Op::Acquire, op);
    ok.nodeMask = mask;
    ok.number = qint64(validityMs * 1000);
    ok.token = QByteArray::number(qulonglong(op), 16).rightJustified(40, 'b');
    h.add(ok, tMs + 1);
    h.state(id, ScriptedHistory::State::Holding, tMs + 1);
    return op;
}

} // namespace

using namespace SnapshotFactory;

class TestQuorumVerdict : public QObject
{
    Q_OBJECT

private:
    QList<ClientSnapshot> m_clients{client(1), client(2), client(3)};
    ClientLegend legend()
    {
        ClientLegend l;
        l.update(m_clients);
        return l;
    }
    static ResourceSnapshot::Section inside(int client, const QByteArray& token, qint64 validUntil)
    {
        return {client, token, validUntil, false, 3, 5}; // Redlock on five nodes
    }
    // What the engine publishes: the resource, the clients, the checker's moments.
    static EngineSnapshot snap(const ResourceSnapshot& r, const QList<ClientSnapshot>& clients,
                               const CheckerMoments& moments = {},
                               const QList<Violation>& violations = {})
    {
        EngineSnapshot s;
        s.resources = {r};
        s.clients = clients;
        s.moments = moments;
        s.violations = violations;
        return s;
    }
    static CheckerMoments splitAt(qint64 tUs)
    {
        CheckerMoments m;
        m.split = {tUs, 1, {1, 2, 1, 2, 3}, 3};
        return m;
    }

private slots:
    void waitsForTheEngine()
    {
        QuorumVerdict view;
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::NoResource);
        QVERIFY(!view.headline().isEmpty());
    }

    void verdicts_data()
    {
        QTest::addColumn<QList<ResourceSnapshot::Holder>>("holders");
        QTest::addColumn<int>("insideClient"); // -1: nobody in a critical section
        QTest::addColumn<int>("ownerState");   // the first holder's client state
        QTest::addColumn<bool>("splitJustNow");
        QTest::addColumn<QuorumVerdict::Verdict>("verdict");
        QTest::addColumn<QString>("headline");
        using H = QList<ResourceSnapshot::Holder>;
        using V = QuorumVerdict::Verdict;
        const int idle = int(ClientSnapshot::State::Idle);
        const int crashed = int(ClientSnapshot::State::Crashed);
        const int releasing = int(ClientSnapshot::State::Releasing);
        QTest::newRow("free: no key, nobody inside")
            << H{} << -1 << idle << false << V::Free << "free";
        QTest::newRow("a minority's keys")
            << H{holder(2, 2, "b")} << -1 << idle << false << V::NotHeld << "not held";
        QTest::newRow("held") << H{holder(1, 3, "a")} << 1 << idle << false << V::Held
                              << "held by C1, ";
        QTest::newRow("holder on a minority")
            << H{holder(1, 2, "a")} << 1 << idle << false << V::MinorityHolder
            << "C1 believes it holds, but only 2 of 5 nodes agree";
        QTest::newRow("split vote only after a split attempt")
            << H{holder(1, 2, "a"), holder(2, 2, "b"), holder(3, 1, "c")} << -1 << idle << true
            << V::SplitVote << "split vote";
        QTest::newRow("spread keys without a split attempt")
            << H{holder(1, 2, "a"), holder(2, 2, "b")} << -1 << idle << false << V::NotHeld
            << "not held";
        QTest::newRow("crashed holder's keys remain")
            << H{holder(3, 4, "c")} << -1 << crashed << false << V::KeysLeft
            << "not held: C3's keys";
        QTest::newRow("a normal release")
            << H{holder(3, 4, "c")} << -1 << releasing << false << V::KeysLeft << "C3 is releasing";
        QTest::newRow("foreign owner") << H{holder(-1, 3, "x")} << -1 << idle << false
                                       << V::KeysLeft << "held by a foreign owner";
    }

    void verdicts()
    {
        QFETCH(QList<ResourceSnapshot::Holder>, holders);
        QFETCH(int, insideClient);
        QFETCH(int, ownerState);
        QFETCH(bool, splitJustNow);
        const qint64 t = now();
        ResourceSnapshot r = resource(5);
        r.holders = holders;
        if (insideClient > 0)
            r.sections = {inside(insideClient, holders.first().token, t + 8'250'000)};
        QList<ClientSnapshot> clients = m_clients;
        if (!holders.isEmpty() && holders.first().client > 0)
            clients[holders.first().client - 1].state = ClientSnapshot::State(ownerState);
        QuorumVerdict view;
        view.setSnapshot(snap(r, clients, splitJustNow ? splitAt(t) : CheckerMoments{}), legend(),
                         t);
        QTEST(view.verdict(), "verdict");
        QFETCH(QString, headline);
        QVERIFY2(view.headline().startsWith(headline), qPrintable(view.headline()));
        // A normal release never claims the keys wait for their TTL.
        if (ClientSnapshot::State(ownerState) == ClientSnapshot::State::Releasing)
            QVERIFY2(!view.subline().contains(QLatin1String("TTL")), qPrintable(view.subline()));
    }

    // A single-node lock whose node is down or lost the key: no "0 of 1 nodes", and no
    // "others" it could be gone from (seen playing a token-lua counterexample: its node killed).
    void aSingleNodeHolderWithoutItsKey()
    {
        ResourceSnapshot r = resource(5);
        const qint64 t = now();
        r.sections = {{1, "a", t + 1'000'000, false, 1, 1}};
        QuorumVerdict view;
        view.setSnapshot(snap(r, m_clients), legend(), t);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::MinorityHolder);
        QCOMPARE(view.headline(),
                 QStringLiteral("C1 believes it holds, but its node has no key of it"));
        QVERIFY2(view.subline().contains(QStringLiteral("its node is down or lost the key")),
                 qPrintable(view.subline()));
        QVERIFY2(!view.subline().contains(QStringLiteral("others")), qPrintable(view.subline()));
    }

    // A single-node lock's key left behind (its owner paused between GET and DEL, in the
    // token-get-del rung): "on a majority" of one node said it badly.
    void aSingleNodeKeyLeftBehind()
    {
        ResourceSnapshot r = resource(5);
        r.holders = {holder(1, 1, "a")};
        QList<ClientSnapshot> clients = m_clients;
        for (ClientSnapshot& c : clients)
            c.strategyQuorum = c.strategyNodes = 1;
        clients[0].state = ClientSnapshot::State::Paused;
        QuorumVerdict view;
        view.setSnapshot(snap(r, clients), legend(), now());
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::KeysLeft);
        QCOMPARE(view.headline(), QStringLiteral("not held: C1's key still on its node"));
    }

    void splitVoteFades()
    {
        ResourceSnapshot r = resource(5);
        r.holders = {holder(1, 2, "a"), holder(2, 2, "b")};
        const qint64 t = now();
        QuorumVerdict view;
        view.setSnapshot(snap(r, m_clients, splitAt(t)), legend(), t);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::SplitVote);
        view.advance(t + QuorumVerdict::SplitHoldUs);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::NotHeld);
    }

    void heldCountsDown()
    {
        ResourceSnapshot r = resource(5);
        r.holders = {holder(3, 5, "c")};
        const qint64 t = now();
        r.sections = {inside(3, "c", t + 8'250'000)};
        QuorumVerdict view;
        view.setSnapshot(snap(r, m_clients), legend(), t);
        QCOMPARE(view.headline(), QStringLiteral("held by C3, 8.2 s left"));
        QVERIFY(view.advance(t + 3'000'000));
        QCOMPARE(view.headline(), QStringLiteral("held by C3, 5.2 s left"));
        // Just past its end the holder gives up in the next snapshot: no alarm yet.
        QVERIFY(view.advance(t + 8'400'000));
        QCOMPARE(view.headline(), QStringLiteral("held by C3, 0.0 s left"));
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::Held);
    }

    // The line under the headline names the rule of the rung inside, not always Redlock's.
    void ruleFollowsTheStrategy()
    {
        ResourceSnapshot r = resource(5);
        r.holders = {holder(3, 5, "c")};
        const qint64 t = now();
        r.sections = {inside(3, "c", t + 8'000'000)};
        QuorumVerdict view;
        view.setSnapshot(snap(r, m_clients), legend(), t);
        QVERIFY2(view.subline().contains(QLatin1String("majority is 3 of 5")),
                 qPrintable(view.subline()));
        r.holders = {holder(3, 1, "c")};
        r.sections.first().quorum = r.sections.first().nodes = 1; // set-px, token-lua ...
        view.setSnapshot(snap(r, m_clients), legend(), t);
        QVERIFY2(view.subline().contains(QLatin1String("a single-node lock: one node decides")),
                 qPrintable(view.subline()));
        r.holders.clear();
        r.sections.first().quorum = r.sections.first().nodes = 0; // none
        view.setSnapshot(snap(r, m_clients), legend(), t);
        QVERIFY2(view.subline().contains(QLatin1String("no lock")), qPrintable(view.subline()));
    }

    // Nobody holds and no key is seen, but the nodes a new holder needs are not up: the
    // headline must not say "free". With nobody inside, the rule is the one of the clients
    // that lock this resource (reentrant: a single-node lock, not a majority).
    void unavailableWhenItsNodesAreDown_data()
    {
        QTest::addColumn<int>("quorum");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<quint32>("downMask");
        QTest::addColumn<QString>("headline");
        QTest::addColumn<QString>("rule");
        QTest::newRow("single node, its node down")
            << 1 << 1 << 0b00001u << "nobody can take the lock: its node is down"
            << "a single-node lock";
        QTest::newRow("single node, another node down") << 1 << 1 << 0b00010u << "free"
                                                        << "a single-node lock";
        QTest::newRow("redlock, 3 of 5 down")
            << 3 << 5 << 0b10101u << "nobody can take the lock: 2 of 5 nodes up, 3 needed"
            << "majority is 3 of 5";
        QTest::newRow("redlock, 2 of 5 down") << 3 << 5 << 0b00011u << "free"
                                              << "majority is 3 of 5";
        QTest::newRow("no lock, every node down") << 0 << 0 << 0b11111u << "free"
                                                  << "no lock";
    }

    void unavailableWhenItsNodesAreDown()
    {
        QFETCH(int, quorum);
        QFETCH(int, nodes);
        QFETCH(quint32, downMask);
        ResourceSnapshot r = resource(5);
        r.unknownMask = downMask;
        QList<ClientSnapshot> clients = m_clients;
        for (ClientSnapshot& c : clients) {
            c.strategyQuorum = quorum;
            c.strategyNodes = nodes;
        }
        QuorumVerdict view;
        view.setSnapshot(snap(r, clients), legend(), now());
        QTEST(view.headline(), "headline");
        QFETCH(QString, rule);
        QVERIFY2(view.subline().contains(rule), qPrintable(view.subline()));
    }

    void staleBeliefCountsUp()
    {
        // C3 was paused while holding: its validity ran out, it is still inside, and nobody
        // else holds the lock yet.
        QList<ClientSnapshot> clients = m_clients;
        clients[2].state = ClientSnapshot::State::Paused;
        ResourceSnapshot r = resource(5);
        const qint64 t = now();
        r.sections = {inside(3, "c", t - 2'000'000)};
        QuorumVerdict view;
        view.setSnapshot(snap(r, clients), legend(), t);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::StaleBelief);
        QCOMPARE(view.headline(),
                 QStringLiteral("C3 still believes it holds: validity expired 2.0 s ago"));
        QVERIFY(view.advance(t + 1'500'000)); // counts up
        QCOMPARE(view.headline(),
                 QStringLiteral("C3 still believes it holds: validity expired 3.5 s ago"));
        // Not paused: a careless client working on without its lock.
        clients[2].state = ClientSnapshot::State::Holding;
        view.setSnapshot(snap(r, clients), legend(), t);
        QCOMPARE(view.headline(),
                 QStringLiteral("C3 is WORKING WITHOUT THE LOCK: validity ended 2.0 s ago"));
    }

    void pausedHolderAndNewHolderIsBroken()
    {
        // Kleppmann's GC pause: C1 paused while holding, its validity long over; its keys
        // expired and C2 took the lock. Both are inside: the red banner, naming both.
        QList<ClientSnapshot> clients = m_clients;
        const qint64 t = now();
        clients[0].state = ClientSnapshot::State::Paused;
        clients[1].state = ClientSnapshot::State::Holding;
        ResourceSnapshot r = resource(5);
        r.holders = {holder(2, 4, "b")};
        r.sections = {inside(1, "a", t - 3'000'000), inside(2, "b", t + 9'000'000)};
        QuorumVerdict view;
        view.setSnapshot(snap(r, clients), legend(), t);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::Broken);
        QCOMPARE(view.headline(), QStringLiteral("MUTUAL EXCLUSION BROKEN: C1 and C2 are both in "
                                                 "their critical sections"));
        QVERIFY2(
            view.subline().endsWith(QLatin1String("C1's validity ran out while it was paused")),
            qPrintable(view.subline()));
        view.advance(t + 5'000'000);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::Broken); // time does not heal it
        r.sections.append(inside(3, "c", t + 9'000'000));
        view.setSnapshot(snap(r, clients), legend(), t);
        QCOMPARE(view.headline(), QStringLiteral("MUTUAL EXCLUSION BROKEN: C1, C2 and C3 are all "
                                                 "in their critical sections"));
    }

    // A real split round stays on screen: each square is the node's vote, in its client's
    // colour, and the headline says nobody has a majority.
    void splitVoteShowsEachNodesVote()
    {
        ResourceSnapshot r = resource(5);
        r.holders = {holder(2, 2, "b")};
        r.holderOfNode = {-1, 0, -1, 0, -1};
        const qint64 t = now();
        QList<ClientSnapshot> clients = m_clients;
        for (ClientSnapshot& c : clients) { // Redlock on five nodes
            c.strategyQuorum = 3;
            c.strategyNodes = 5;
        }
        QuorumVerdict view;
        view.setSnapshot(snap(r, clients, splitAt(t)), legend(), t + 1'000'000);
        QCOMPARE(view.headline(), QStringLiteral("split vote: nobody has 3 of 5"));
        QCOMPARE(view.squares(), (QStringList{"C1", "C2", "C1", "C2", "C3"}));
        QCOMPARE(view.squaresTitle(), QStringLiteral("votes in C1's round"));
        QVERIFY2(view.squaresNote().contains(QLatin1String("C1 2/5")),
                 qPrintable(view.squaresNote()));
        QVERIFY2(view.subline().contains(QLatin1String("3 clients")), qPrintable(view.subline()));
        // Once it has faded, the squares are the keys again.
        view.advance(t + QuorumVerdict::SplitHoldUs + 1);
        QCOMPARE(view.squares(), (QStringList{"", "C2", "", "C2", ""}));
        QCOMPARE(view.squaresTitle(), QStringLiteral("the key on each node"));
    }

    // The next round won while the split is still held: the headline does not say nobody
    // has the lock beside the winner's keys on the cards.
    void splitVoteThenAWinner()
    {
        ResourceSnapshot r = resource(5);
        r.holders = {holder(3, 3, "c")};
        r.holderOfNode = {0, -1, 0, -1, 0};
        const qint64 t = now();
        r.sections = {inside(3, "c", t + 5'000'000)};
        QList<ClientSnapshot> clients = m_clients;
        for (ClientSnapshot& c : clients) {
            c.strategyQuorum = 3;
            c.strategyNodes = 5;
        }
        QuorumVerdict view;
        view.setSnapshot(snap(r, clients, splitAt(t)), legend(), t + 100'000);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::SplitVote);
        QCOMPARE(view.headline(), QStringLiteral("split vote, then C3 took the lock"));
        QCOMPARE(view.squares(), (QStringList{"C1", "C2", "C1", "C2", "C3"})); // the round's
        view.advance(t + QuorumVerdict::SplitHoldUs + 1);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::Held);
    }

    // The squares are nodes, coloured by the owner of their key; a single-node rung says
    // one node decides, not a count against a majority.
    void squaresAreNodes()
    {
        ResourceSnapshot r = resource(5);
        r.holders = {holder(3, 3, "c"), holder(1, 1, "a")};
        r.holderOfNode = {0, 1, 0, -1, 0};
        r.unknownMask = 0b01000;
        const qint64 t = now();
        r.sections = {inside(3, "c", t + 5'000'000)};
        QuorumVerdict view;
        view.setSnapshot(snap(r, m_clients), legend(), t);
        QCOMPARE(view.squares(), (QStringList{"C3", "C1", "C3", "?", "C3"}));
        QVERIFY2(view.squaresNote().startsWith(QStringLiteral("C3 3/5 · C1 1/5")),
                 qPrintable(view.squaresNote()));
        r.holders = {holder(3, 1, "c")};
        r.holderOfNode = {0, -1, -1, -1, -1};
        r.unknownMask = 0;
        r.sections.first().quorum = r.sections.first().nodes = 1; // set-px
        view.setSnapshot(snap(r, m_clients), legend(), t);
        QCOMPARE(view.squaresNote(), QStringLiteral("node 1 decides"));
        QVERIFY(!view.squaresNote().contains(QLatin1String("/5")));
    }

    // Kleppmann's GC pause after the stale write lands: the headline keeps the damage, not
    // a grey "free", until the next critical section begins.
    void dataIncidentStaysUntilTheNextSection()
    {
        const qint64 t = now();
        using VK = HistoryEvent::ViolationKind;
        Violation stale;
        stale.kind = VK::StaleWrite;
        stale.firstClient = 2;
        stale.secondClient = 1;
        stale.firstNodes = 0b11010;
        stale.startUs = t - 1'000'000;
        stale.endUs = t - 900'000;
        stale.written = 99;
        Violation lost = stale;
        lost.kind = VK::LostUpdate;
        lost.amount = 6;
        ResourceSnapshot r = resource(5);
        QList<ClientSnapshot> clients = m_clients;
        QuorumVerdict view;
        view.setSnapshot(snap(r, clients, {}, {stale, lost}), legend(), t);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::DataDamaged);
        // Without the history to read, no cause is claimed: who held the lock too.
        QCOMPARE(view.headline(), QStringLiteral("DATA DAMAGED: C1 wrote stock 99 while C2 held "
                                                 "the lock too; 6 updates lost"));
        QVERIFY2(view.subline().startsWith(QLatin1String("C2 acquired (nodes 2, 4, 5)")),
                 qPrintable(view.subline()));
        view.advance(t + 20'000'000); // time alone does not clear it
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::DataDamaged);
        // The next section begins: the story moved on.
        clients[2].inSection = true;
        clients[2].sectionSinceUs = t + 100;
        r.holders = {holder(3, 5, "c")};
        r.sections = {inside(3, "c", t + 8'000'000)};
        view.setSnapshot(snap(r, clients, {}, {stale, lost}), legend(), t + 200);
        // Held a few seconds still: clients buying in a loop begin their next section at once.
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::DataDamaged);
        QVERIFY2(view.subline().endsWith(QLatin1String("now held by C3")),
                 qPrintable(view.subline()));
        view.advance(t + QuorumVerdict::IncidentHoldUs);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::Held);
        // In a scenario it stays while the caption that tells it is shown, however long.
        view.noteCaption(t + 1'000);
        view.advance(t + 60'000'000);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::DataDamaged);
        view.noteCaption(t + 61'000'000); // the story moves on
        QVERIFY(view.verdict() != QuorumVerdict::Verdict::DataDamaged);
    }

    // The headline names the cause the history proves (issue 33), never a fixed phrase: C1
    // still valid when C2 acquired after a failover did not lose its lock by expiry; a
    // client with no lock at all had none to lose; no empty "(nodes )".
    void theCauseIsTheHistorys_data()
    {
        QTest::addColumn<QString>("story");
        QTest::addColumn<bool>("failover");
        QTest::addColumn<QString>("headline");
        QTest::addColumn<QString>("subline");
        QTest::newRow("failover") << "failover" << true
                                  << "DATA DAMAGED: C1 wrote stock 99 after a failover lost its "
                                     "lock; 1 update lost"
                                  << "C2 acquired (node 2) on the new master";
        QTest::newRow("no lock") << "none" << false
                                 << "DATA DAMAGED: C1 wrote stock 99 with no lock at all; 1 "
                                    "update lost"
                                 << "C2 went in too";
        QTest::newRow("expired in a pause")
            << "pause" << false
            << "DATA DAMAGED: C1 wrote stock 99 after its lock expired in a pause; 1 update lost"
            << "C2 acquired (nodes 1, 2, 3, 4, 5) after C1's validity had ended";
        QTest::newRow("clock jump") << "clock" << false
                                    << "DATA DAMAGED: C1 wrote stock 99 after a clock jump ended "
                                       "its lock early; 1 update lost"
                                    << "node 3's clock jumped";
        QTest::newRow("restart") << "restart" << false
                                 << "DATA DAMAGED: C1 wrote stock 99 after a restart lost its "
                                    "lock; 1 update lost"
                                 << "node 3 came back without the key";
    }

    void theCauseIsTheHistorys()
    {
        QFETCH(QString, story);
        QFETCH(bool, failover);
        QFETCH(QString, headline);
        QFETCH(QString, subline);
        ScriptedHistory h(5, 10000);
        for (int n = 0; n < 5; ++n)
            h.nodeUp(n, 1);
        h.client(1, 10);
        h.client(2, 10);
        h.stock(100, 20);
        if (story == QLatin1String("failover")) {
            acquiredOn(h, 1, 100, 0b00001, 9900);
            h.nodeFault(0, Fault::Kind::Killed, 1500, true);
            acquiredOn(h, 2, 4000, 0b00010, 9900);
        } else if (story == QLatin1String("none")) {
            acquiredOn(h, 1, 100, 0, 365.0 * 24 * 3600 * 1000);
            acquiredOn(h, 2, 150, 0, 365.0 * 24 * 3600 * 1000);
        } else if (story == QLatin1String("pause")) {
            acquiredOn(h, 1, 100, 0b11111, 1900);
            h.pause(1, 200);
            acquiredOn(h, 2, 2500, 0b11111, 1900);
            h.resume(1, 5000);
        } else if (story == QLatin1String("clock")) {
            acquiredOn(h, 1, 100, 0b00111, 5900);
            h.nodeFault(2, Fault::Kind::ClockJump, 500, true);
            acquiredOn(h, 2, 800, 0b11100, 5900);
        } else {
            acquiredOn(h, 1, 100, 0b00111, 5900);
            h.nodeFault(2, Fault::Kind::Killed, 300, true);
            h.nodeFault(2, Fault::Kind::Killed, 600, false);
            h.nodeUp(2, 600);
            acquiredOn(h, 2, 800, 0b11100, 5900);
        }
        h.write(2, 5100, 99, 100); // C2's sale, valid
        h.write(1, 5200, 99, 99);  // C1's, stale: one sale erased
        const auto run = h.run();
        QVERIFY(run->counters.staleWrites >= 1);
        RunData history;
        history.load(run);
        QList<ClientSnapshot> clients = m_clients;
        clients[0].strategy = failover ? Strategy::Kind::Failover : Strategy::Kind::Redlock;
        QuorumVerdict view;
        view.setHistory(&history);
        view.setSnapshot(snap(resource(5), clients, {}, run->violations), legend(), 5'300'000);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::DataDamaged);
        QCOMPARE(view.headline(), headline);
        QVERIFY2(view.subline().contains(subline), qPrintable(view.subline()));
        QVERIFY2(!view.subline().contains(QLatin1String("(nodes )")), qPrintable(view.subline()));
        QVERIFY(!view.headline().contains(QLatin1String("expired")) ||
                story == QLatin1String("pause"));
    }

    // The fenced storage refused a stale write: the headline says so a few seconds, though
    // the writer (buying in a loop) holds the lock again at once.
    void aRefusedWriteIsHeldOnTheHeadline()
    {
        const qint64 t = now();
        CheckerMoments m;
        m.rejectedWrite = {t, 1, 2, *FencingToken::fromWire("1:7,2:7,3:7"), 99};
        ResourceSnapshot r = resource(5);
        r.holders = {holder(1, 5, "a")};
        r.sections = {inside(1, "a", t + 8'000'000)};
        QuorumVerdict view;
        view.setSnapshot(snap(r, m_clients, m), legend(), t + 100'000);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::WriteRefused);
        QCOMPARE(view.headline(),
                 QStringLiteral("FENCED: C1's stale write refused (fence 1:7,2:7,3:7)"));
        QVERIFY2(view.subline().startsWith(
                     QLatin1String("C2 had taken the lock since, with a newer token")),
                 qPrintable(view.subline()));
        view.advance(t + QuorumVerdict::IncidentHoldUs);
        QCOMPARE(view.verdict(), QuorumVerdict::Verdict::Held);
    }

    // Names are listed in the reader's language, not joined in English.
    void namesAreListedInTheReadersLanguage()
    {
        QList<ClientSnapshot> clients = m_clients;
        const qint64 t = now();
        ResourceSnapshot r = resource(5);
        r.sections = {inside(1, "a", t + 9'000'000), inside(2, "b", t + 9'000'000)};
        for (const auto& [language, joined] :
             {std::pair{"zh_CN", "C1 和 C2"}, std::pair{"ja", "C1 と C2"}}) {
            Languages::install(QString::fromLatin1(language));
            QuorumVerdict view;
            view.setSnapshot(snap(r, clients), legend(), t);
            QVERIFY2(view.headline().contains(QString::fromUtf8(joined)),
                     qPrintable(view.headline()));
            QVERIFY(!view.headline().contains(QLatin1String(" and ")));
        }
        Languages::install(QStringLiteral("en"));
    }
};

QTEST_GUILESS_MAIN(TestQuorumVerdict)
#include "tst_quorumverdict.moc"
