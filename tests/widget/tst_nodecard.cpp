// SPDX-License-Identifier: GPL-3.0-or-later
// One node card on its own: state, keys with their TTL and the three ways a key goes
// (appear, deleted, expired), per-client outcomes, and fault buttons per state.

#include "cards/keylistview.h"
#include "cards/nodecard.h"
#include "cards/outcomegrid.h"
#include "snapshotfactory.h"
#include "widgets/clientlegend.h"
#include "widgets/elidedlabel.h"

#include <QAction>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace SnapshotFactory;

class TestNodeCard : public QObject
{
    Q_OBJECT

private:
    ClientLegend legend()
    {
        ClientLegend l;
        l.update({client(1), client(2), client(3)});
        return l;
    }

    QToolButton* button(NodeCard& card, const char* name)
    {
        return card.findChild<QToolButton*>(QLatin1String(name));
    }

private slots:
    // The card keeps the snapshot whole: a field it was never told about is there all the
    // same (copied field by field, pid, the state's start, the replication fields and the
    // keys were dropped, and so would be the next field anyone adds).
    void keepsTheSnapshotWhole()
    {
        NodeCard card(2);
        NodeSnapshot n = node(1);
        n.pid = 4242;
        n.stateSinceUs = 1'234'567;
        n.role = QStringLiteral("replica");
        n.replOffset = 8800;
        n.replLagBytes = 120;
        n.replLinkUp = true;
        n.linkPort = 41001;
        n.replMasterPort = 41000;
        n.replMasterNode = 0;
        n.keys.append(key(1, 6000, "1111222233334444"));
        n.lastOutcomes.append(outcome(1, NodeOutcome::Kind::Ok, 300));
        card.setNode(n, legend(), {{1, 10000}}, now());
        const NodeSnapshot& kept = card.node();
        QCOMPARE(kept.pid, n.pid);
        QCOMPARE(kept.stateSinceUs, n.stateSinceUs);
        QCOMPARE(kept.role, n.role);
        QCOMPARE(kept.replOffset, n.replOffset);
        QCOMPARE(kept.replLagBytes, n.replLagBytes);
        QCOMPARE(kept.replLinkUp, n.replLinkUp);
        QCOMPARE(kept.linkPort, n.linkPort);
        QCOMPARE(kept.replMasterPort, n.replMasterPort);
        QCOMPARE(kept.replMasterNode, n.replMasterNode);
        QCOMPARE(kept.keys.size(), 1);
        QCOMPARE(kept.lastOutcomes.size(), 1);
        QCOMPARE(card.state(), NodeSnapshot::State::Up);
    }

    void stateAndButtons_data()
    {
        QTest::addColumn<NodeSnapshot::State>("state");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("kill");
        QTest::addColumn<bool>("pause");
        QTest::addColumn<bool>("resume");
        QTest::addColumn<bool>("restart");
        QTest::addColumn<bool>("shutdown");
        // The buttons follow the actions the engine offers in each state (localActions).
        QTest::newRow("up") << NodeSnapshot::State::Up << "up" << true << true << false << true
                            << true;
        QTest::newRow("down") << NodeSnapshot::State::Down << "down" << false << false << false
                              << true << false;
        QTest::newRow("paused") << NodeSnapshot::State::Paused << "paused" << true << false << true
                                << true << false;
        QTest::newRow("starting") << NodeSnapshot::State::Starting << "starting" << true << false
                                  << false << false << false;
    }

    void stateAndButtons()
    {
        QFETCH(NodeSnapshot::State, state);
        QFETCH(QString, text);
        NodeCard card(2);
        card.setNode(node(1, state), legend(), {}, now());
        QCOMPARE(card.stateText(), text);
        QFETCH(bool, kill);
        QFETCH(bool, pause);
        QFETCH(bool, resume);
        QFETCH(bool, restart);
        QFETCH(bool, shutdown);
        QCOMPARE(button(card, "kill")->isEnabled(), kill);
        QCOMPARE(button(card, "pause")->isEnabled(), pause);
        QCOMPARE(button(card, "resume")->isEnabled(), resume);
        QCOMPARE(button(card, "restart")->isEnabled(), restart);
        QCOMPARE(card.findChild<QAction*>(QStringLiteral("shutdown"))->isEnabled(), shutdown);
        QVERIFY(!button(card, "kill")->toolTip().isEmpty());
    }

    void buttonsSendNodeCommands()
    {
        NodeCard card(4);
        card.show();
        card.setNode(node(3), legend(), {}, now());
        QSignalSpy spy(&card, &NodeCard::commandRequested);
        for (const char* verb : {"kill", "pause", "restart"})
            button(card, verb)->click();
        card.findChild<QAction*>(QStringLiteral("shutdown"))->trigger();
        QCOMPARE(spy.size(), 4);
        QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("node kill 4"));
        QCOMPARE(spy.at(1).at(0).toString(), QStringLiteral("node pause 4"));
        QCOMPARE(spy.at(2).at(0).toString(), QStringLiteral("node restart 4"));
        QCOMPARE(spy.at(3).at(0).toString(), QStringLiteral("node shutdown 4"));
        // A delayed restart waits out the longest TTL any client uses.
        card.setNode(node(3), legend(), {{1, 10000}, {2, 30000}}, now());
        card.findChild<QAction*>(QStringLiteral("restartDelayed"))->trigger();
        QCOMPARE(spy.at(4).at(0).toString(), QStringLiteral("node restart 4 delayed 31000"));
    }

    void keyShowsOwnerAndCountsDown()
    {
        NodeCard card(1);
        NodeSnapshot n = node(0);
        const qint64 read = now();
        n.keys = {key(2, 5000, "abcdef0123456789", read)};
        card.setNode(n, legend(), {{2, 10000}}, read);
        QCOMPARE(card.keyView()->ownerName("stock-lock"), QStringLiteral("C2"));
        QCOMPARE(card.keyView()->phase("abcdef0123456789"), KeyListView::Phase::Appearing);
        card.advance(read + 1'500'000);
        QCOMPARE(card.displayedTtlMs("stock-lock"), qint64(3500));
        QCOMPARE(card.keyView()->phase("abcdef0123456789"), KeyListView::Phase::Live);
    }

    void foreignKey()
    {
        NodeCard card(1);
        NodeSnapshot n = node(0);
        n.keys = {key(-1, 5000, "zzzzzzzz")};
        card.setNode(n, legend(), {}, now());
        QCOMPARE(card.keyView()->ownerName("stock-lock"), QStringLiteral("foreign"));
    }

    void deletedAndExpiredLookDifferent()
    {
        KeyListView view;
        const qint64 t0 = now();
        view.setKeys({key(1, 9000, "deleted1", t0), key(2, 400, "expired1", t0)}, true, legend(),
                     {}, t0);
        QCOMPARE(view.phase("deleted1"), KeyListView::Phase::Appearing);
        view.advance(t0 + 500'000);
        QCOMPARE(view.phase("deleted1"), KeyListView::Phase::Live);
        // Both vanish: the one with plenty of TTL left was deleted (quick collapse), the
        // one whose TTL ran out expired (slow fade).
        const qint64 t1 = t0 + 500'000;
        view.setKeys({}, true, legend(), {}, t1);
        QCOMPARE(view.phase("deleted1"), KeyListView::Phase::Deleted);
        QCOMPARE(view.phase("expired1"), KeyListView::Phase::Expired);
        QVERIFY(KeyListView::DeleteUs < KeyListView::ExpireUs);
        view.advance(t1 + KeyListView::DeleteUs + 1);
        QVERIFY(!view.phase("deleted1"));
        QCOMPARE(view.phase("expired1"), KeyListView::Phase::Expired);
        view.advance(t1 + KeyListView::ExpireUs + 1);
        QVERIFY(!view.phase("expired1"));
        QCOMPARE(view.rowCount(), 0);
        QVERIFY(!view.advance(t1 + 3'000'000)); // nothing moves any more
    }

    // A killed or paused node's key is shown as last seen and unknown: never counted down
    // as if anyone could still see it, never called expired or deleted.
    void unreadableNodeShowsItsLastKeyAsUnknown()
    {
        KeyListView view;
        const qint64 t0 = now();
        view.setKeys({key(1, 2000, "tok", t0)}, true, legend(), {}, t0);
        view.advance(t0 + 500'000);
        view.setKeys({}, false, legend(), {}, t0 + 600'000); // killed: no reading
        QVERIFY(view.isStale());
        QVERIFY(view.showsUnknown("stock-lock"));
        QCOMPARE(view.displayedTtlMs("stock-lock"), qint64(-1));
        QVERIFY(!view.advance(t0 + 1'000'000)); // nothing counts down
        view.advance(t0 + 5'000'000);           // long past its TTL: still unknown
        QCOMPARE(view.phase("tok"), KeyListView::Phase::Live);
        QVERIFY(view.showsUnknown("stock-lock"));
        // Readable again and the key is gone: now it is known to be gone.
        view.setKeys({}, true, legend(), {}, t0 + 5'100'000);
        QVERIFY(!view.showsUnknown("stock-lock"));
        QVERIFY(view.phase("tok") != KeyListView::Phase::Live);
    }

    void refusingNodeSaysSo()
    {
        NodeCard card(1);
        NodeSnapshot n = node(0);
        n.refusal = QStringLiteral("READONLY You can't write against a read only replica.");
        card.setNode(n, legend(), {}, now());
        const auto* address = card.findChild<ElidedLabel*>(QStringLiteral("address"));
        QVERIFY(address);
        QVERIFY2(address->text().startsWith(QStringLiteral("refuses writes: READONLY")),
                 qPrintable(address->text()));
    }

    void outcomesPerClient()
    {
        NodeCard card(1);
        NodeSnapshot n = node(0);
        n.lastOutcomes = {outcome(1, NodeOutcome::Kind::Ok, 420),
                          outcome(2, NodeOutcome::Kind::Taken, 3100),
                          outcome(3, NodeOutcome::Kind::Timeout, 50'000)};
        card.setNode(n, legend(), {}, now());
        OutcomeGrid* grid = card.outcomeGrid();
        QCOMPARE(grid->cellCount(), 3);
        QCOMPARE(grid->cellText(1), QStringLiteral("ok 0.42"));
        QCOMPARE(grid->cellText(2), QStringLiteral("taken 3.1"));
        QCOMPARE(grid->cellText(3), QStringLiteral("timeout 50"));
    }
};

QTEST_MAIN(TestNodeCard)
#include "tst_nodecard.moc"
