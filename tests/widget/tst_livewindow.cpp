// SPDX-License-Identifier: GPL-3.0-or-later
// The real window on a real engine and real nodes (offscreen): what a node holds is what
// the card shows, within one poll.
#include "cards/keylistview.h"
#include "cards/nodecard.h"
#include "testfleet.h"
#include "window/mainwindow.h"

#include <QTest>

class TestLiveWindow : public QObject
{
    Q_OBJECT

private slots:
    // A key set by hand shows up as a foreign owner, and the TTL the card draws matches the
    // node's PTTL within 100 ms, as it counts down.
    void handSetKeyIsForeignAndItsTtlMatches()
    {
        TestFleet fleet(3);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        EngineConfig config;
        config.nodes = fleet.addresses();
        config.initialClients = 0;
        MainWindow window(config);
        window.resize(1280, 720);
        window.show();
        window.startEngine();
        QTRY_COMPARE_WITH_TIMEOUT(window.nodeCardCount(), 3, 10000);
        // A minute: it must outlive the readings below, however slow two busy cores make
        // them (deleted by hand at the end).
        QCOMPARE(fleet.command(1, {"SET", "stock-lock", "by-hand", "PX", "60000"}).text,
                 QByteArray("OK"));
        NodeCard* card = window.nodeCard(2);
        QTRY_COMPARE_WITH_TIMEOUT(card->keyView()->ownerName("stock-lock"),
                                  QStringLiteral("foreign"), 5000);
        // Read on the node just before and just after the card is drawn: the card's TTL lies
        // between the two (within a frame and a rounding), however long a busy core took.
        for (int i = 0; i < 5; ++i) {
            QTest::qWait(300);
            const qint64 before = fleet.command(1, {"PTTL", "stock-lock"}).integer;
            window.updateNow();
            const qint64 shown = window.displayedTtlMs(2, "stock-lock");
            const qint64 after = fleet.command(1, {"PTTL", "stock-lock"}).integer;
            QVERIFY2(shown <= before + 100 && shown >= after - 100,
                     qPrintable(QStringLiteral("card %1 ms, node %2 ms before and %3 ms after")
                                    .arg(shown)
                                    .arg(before)
                                    .arg(after)));
        }
        QVERIFY(window.displayedTtlMs(1, "stock-lock") < 0); // node 1 holds nothing
        // Deleted by hand: it goes from the card too.
        fleet.command(1, {"DEL", "stock-lock"});
        QTRY_VERIFY_WITH_TIMEOUT(card->keyView()->ownerName("stock-lock").isEmpty(), 5000);
    }

    // A client of ours is named on every card that holds its key.
    void ourClientIsNamedOnTheCards()
    {
        TestFleet fleet(3);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        EngineConfig config;
        config.nodes = fleet.addresses();
        config.initialClients = 1;
        config.clientDefaults.workMinMs = config.clientDefaults.workMaxMs = 3000;
        MainWindow window(config);
        window.show();
        window.startEngine();
        QTRY_COMPARE_WITH_TIMEOUT(
            window.nodeCard(1) ? window.nodeCard(1)->keyView()->ownerName("stock-lock") : QString(),
            QStringLiteral("C1"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.quorumHeadline().startsWith(QLatin1String("held by C1")),
                                 5000);
    }
};

QTEST_MAIN(TestLiveWindow)
#include "tst_livewindow.moc"
