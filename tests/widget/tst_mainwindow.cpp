// SPDX-License-Identifier: GPL-3.0-or-later
// The main window fed with synthetic snapshots (no engine): cards and lanes follow the
// snapshot, the quorum headline follows a scripted run, actions become command lines,
// the frame loop stops when nothing moves, and screenshots are written.

#include "cards/keylistview.h"
#include "cards/nodecard.h"
#include "cards/storagecard.h"
#include "dialogs/clientsettingsdialog.h"
#include "dialogs/clientsettingsform.h"
#include "dialogs/nodesdialog.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/shortcutsdialog.h"
#include "lanes/clientlane.h"
#include "lanes/validitybar.h"
#include "log/eventlogmodel.h"
#include "log/eventlogview.h"
#include "snapshotfactory.h"
#include "widgets/uitheme.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace SnapshotFactory;

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> makeWindow()
    {
        auto w = std::make_unique<MainWindow>(EngineConfig{});
        w->resize(1280, 720);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()))
            qWarning("window not exposed");
        return w;
    }

private slots:
    // The icon is compiled in from resources/ and renders (the SVG icon engine is there).
    void hasItsIcon()
    {
        auto w = makeWindow();
        QVERIFY(!w->windowIcon().isNull());
        QVERIFY(!w->windowIcon().pixmap(32, 32).isNull());
    }

    void cardsAndLanesFollowTheSnapshot()
    {
        auto w = makeWindow();
        QCOMPARE(w->nodeCardCount(), 0);
        w->applySnapshot(snapshot(5, 3));
        QTRY_COMPARE(w->nodeCardCount(), 5);
        QCOMPARE(w->clientLaneCount(), 3);
        QVERIFY(w->findChild<NodeCard*>(QStringLiteral("nodeCard5")));
        QVERIFY(w->clientLane(QStringLiteral("C3")));

        NodeCard* first = w->nodeCard(1);
        w->applySnapshot(snapshot(3, 1));
        QTRY_COMPARE(w->nodeCardCount(), 3);
        QCOMPARE(w->clientLaneCount(), 1);
        QCOMPARE(w->nodeCard(1), first); // reused, not created again
        QVERIFY(!w->clientLane(QStringLiteral("C2")));

        w->applySnapshot(snapshot(7, 8));
        QTRY_COMPARE(w->nodeCardCount(), 7);
        QCOMPARE(w->clientLaneCount(), 8);
    }

    void noWidgetWorkWhileHidden()
    {
        MainWindow w{EngineConfig{}};
        w.applySnapshot(snapshot(5, 2));
        QTest::qWait(50);
        QCOMPARE(w.nodeCardCount(), 0); // stored, not drawn
        QVERIFY(!w.isFrameTimerActive());
        w.show();
        QTRY_COMPARE(w.nodeCardCount(), 5);
        QCOMPARE(w.clientLaneCount(), 2);
    }

    void foreignKeyShowsForeign()
    {
        auto w = makeWindow();
        EngineSnapshot s = snapshot(5, 1);
        s.nodes[2].keys.append(key(-1, 6000, "f0f0f0f0deadbeef"));
        w->applySnapshot(s);
        QTRY_COMPARE(w->nodeCardCount(), 5);
        QCOMPARE(w->nodeCard(3)->keyView()->ownerName("stock-lock"), QStringLiteral("foreign"));
        QCOMPARE(w->nodeCard(1)->keyView()->ownerName("stock-lock"), QString());
    }

    void displayedTtlFollowsTheReading()
    {
        auto w = makeWindow();
        EngineSnapshot s = snapshot(5, 2);
        hold(s, 1, 3, 8000, 7900, "aaaaaaaa11112222");
        w->applySnapshot(s);
        QTRY_VERIFY(w->displayedTtlMs(1, "stock-lock") >= 0);
        const qint64 readUs = s.nodes[0].keys[0].readUs;
        QTest::qWait(400);
        // The bar counts down on its own between readings (as drawn in the last frame; the
        // retry only absorbs a late frame on a busy machine) ...
        auto offBy = [&w](qint64 pttlMs, qint64 readUs) {
            const qint64 expected = pttlMs - (now() - readUs) / 1000;
            return qAbs(w->displayedTtlMs(1, "stock-lock") - expected);
        };
        QTRY_VERIFY(offBy(8000, readUs) <= 100);
        QVERIFY(w->displayedTtlMs(1, "stock-lock") < 7700);
        // ... and is corrected by the next one.
        EngineSnapshot t = s;
        const qint64 readAgainUs = now();
        for (NodeSnapshot& n : t.nodes)
            for (KeySnapshot& k : n.keys) {
                k.pttlMs = 3000;
                k.readUs = readAgainUs;
            }
        w->applySnapshot(t);
        QTest::qWait(100);
        QTRY_VERIFY(offBy(3000, readAgainUs) <= 100);
        QCOMPARE(w->displayedTtlMs(4, "stock-lock"), qint64(-1)); // no key there
        QVERIFY(w->isFrameTimerActive());                         // something counts down
    }

    void quorumHeadlineFollowsAScriptedRun()
    {
        auto w = makeWindow();
        EngineSnapshot s = snapshot(5, 3);
        w->applySnapshot(s);
        QTRY_COMPARE(w->quorumHeadline(), QStringLiteral("free"));

        EngineSnapshot held = snapshot(5, 3);
        hold(held, 1, 3, 10000, 9000, "1111111111111111");
        w->applySnapshot(held);
        QTRY_VERIFY(w->quorumHeadline().startsWith(QStringLiteral("held by C1, ")));
        QVERIFY(w->quorumHeadline().endsWith(QStringLiteral(" s left")));

        w->applySnapshot(snapshot(5, 3)); // released
        QTRY_COMPARE(w->quorumHeadline(), QStringLiteral("free"));

        // Keys spread over owners: "not held" until an attempt fails with the votes split.
        EngineSnapshot spread = snapshot(5, 3);
        spread.resources[0].holders = {holder(1, 2, "1"), holder(2, 2, "2"), holder(3, 1, "3")};
        w->applySnapshot(spread);
        QTRY_COMPARE(w->quorumHeadline(), QStringLiteral("not held"));
        EngineSnapshot split = spread;
        split.moments.split = {now(), 1, {1, 2, 1, 2, 3}, 3};
        w->applySnapshot(split);
        QTRY_COMPARE(w->quorumHeadline(), QStringLiteral("split vote: nobody has 3 of 5"));

        // A holder whose keys are on a minority only (a node restarted without its key).
        EngineSnapshot minority = snapshot(5, 3);
        hold(minority, 2, 2, 10000, 9000, "2222222222222222");
        w->applySnapshot(minority);
        QTRY_COMPARE(w->quorumHeadline(),
                     QStringLiteral("C2 believes it holds, but only 2 of 5 nodes agree"));

        EngineSnapshot broken = snapshot(5, 3);
        hold(broken, 3, 3, 10000, 9000, "3333333333333333");
        for (ClientSnapshot& c : broken.clients) {
            if (c.id == 1) { // paused while holding, woke up and works on
                c.state = ClientSnapshot::State::Holding;
                c.inSection = true;
                c.validUntilUs = now() + 1'000'000;
            }
        }
        broken.resources[0].sections.append({1, "1111", now() + 1'000'000, false, 3, 5});
        w->applySnapshot(broken);
        QTRY_COMPARE(w->quorumHeadline(),
                     QStringLiteral("MUTUAL EXCLUSION BROKEN: C1 and C3 are both in their critical "
                                    "sections"));
    }

    // The checker's moments on the lanes and the storage card: who, which token.
    void refusedWriteAndWrongReleaseAreMarked()
    {
        auto w = makeWindow();
        EngineSnapshot s = snapshot(5, 3);
        s.moments.rejectedWrite = {now(), 1, 2, *FencingToken::fromWire("1:7,2:7,3:7"), 99};
        s.moments.wrongRelease = {now(), 3, 2, 0, "2222"};
        w->applySnapshot(s);
        w->updateNow();
        const auto* storage = w->findChild<StorageCard*>(QStringLiteral("storageCard"));
        QVERIFY(storage);
        QVERIFY2(storage->rejectedText().contains(QLatin1String("C1")) &&
                     storage->rejectedText().contains(QLatin1String("1:7,2:7,3:7")),
                 qPrintable(storage->rejectedText()));
        QVERIFY(!StorageCard::fenceRule().isEmpty());
        const QString c1 = w->clientLane(QStringLiteral("C1"))->momentText();
        QVERIFY2(c1.contains(QLatin1String("REJECTED")) &&
                     c1.contains(QLatin1String("1:7,2:7,3:7")) && c1.contains(QLatin1String("C2")),
                 qPrintable(c1));
        QCOMPARE(w->clientLane(QStringLiteral("C3"))->momentText(),
                 QStringLiteral("✗ its release DELETED C2's lock on node 1"));
        QCOMPARE(w->clientLane(QStringLiteral("C2"))->momentText(),
                 QStringLiteral("✗ its lock on node 1 was DELETED by C3's release"));
    }

    void headlineChangesInTheSameFrameAsTheCards()
    {
        auto w = makeWindow();
        EngineSnapshot held = snapshot(5, 2);
        hold(held, 2, 3, 10000, 9000, "2222222222222222");
        w->applySnapshot(held);
        w->updateNow(); // one frame
        QVERIFY(w->quorumHeadline().startsWith(QStringLiteral("held by C2")));
        QCOMPARE(w->nodeCard(1)->keyView()->ownerName("stock-lock"), QStringLiteral("C2"));
        QCOMPARE(w->clientLane(QStringLiteral("C2"))->stateText(), QStringLiteral("holding"));
    }

    // Lanes out of view are not updated every frame (with 200 clients that was most of the
    // window's work); scrolled into view, a lane shows the latest snapshot at once.
    void lanesOutOfViewCatchUpWhenShown()
    {
        auto w = makeWindow();
        w->applySnapshot(snapshot(5, 20));
        w->updateNow();
        auto* last = w->findChild<ClientLane*>(QStringLiteral("clientLane_C20"));
        auto* scroll = w->findChild<QScrollArea*>(QStringLiteral("clientLanes"));
        QVERIFY(last && scroll);
        QTRY_VERIFY(last->y() > scroll->viewport()->height()); // laid out, below the fold
        EngineSnapshot later = snapshot(5, 20);
        later.clients[19].state = ClientSnapshot::State::Holding;
        w->applySnapshot(later);
        w->updateNow();
        QCOMPARE(last->stateText(), QStringLiteral("idle")); // out of view: not redrawn
        scroll->ensureWidgetVisible(last);
        QTRY_COMPARE(last->stateText(), QStringLiteral("holding"));
        // The accessor reads what a lane shows, also for one out of view.
        later.clients[0].state = ClientSnapshot::State::Holding;
        later.clients[19].state = ClientSnapshot::State::Idle;
        w->applySnapshot(later);
        w->updateNow();
        QCOMPARE(w->clientLane(QStringLiteral("C1"))->stateText(), QStringLiteral("holding"));
    }

    void frameTimerStopsWhenNothingMoves()
    {
        auto w = makeWindow();
        w->applySnapshot(snapshot(5, 2));
        QVERIFY(w->isFrameTimerActive());
        // no keys, no holder: after the appear animations nothing moves
        QTRY_VERIFY_WITH_TIMEOUT(!w->isFrameTimerActive(), 2000);
    }

    void nodeButtonsBecomeCommands()
    {
        auto w = makeWindow();
        QSignalSpy spy(w.get(), &MainWindow::commandRequested);
        QVERIFY(spy.isValid());
        EngineSnapshot s = snapshot(5, 1);
        setState(s.nodes[3], NodeSnapshot::State::Down);
        setState(s.nodes[4], NodeSnapshot::State::Paused);
        w->applySnapshot(s);
        QTRY_COMPARE(w->nodeCardCount(), 5);
        auto button = [&](int node, const char* name) {
            return w->nodeCard(node)->findChild<QToolButton*>(QLatin1String(name));
        };
        QTest::mouseClick(button(2, "kill"), Qt::LeftButton);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node kill 2"));
        QVERIFY(!button(2, "resume")->isEnabled());
        QVERIFY(!button(4, "kill")->isEnabled());
        QVERIFY(button(4, "restart")->isEnabled());
        QVERIFY(button(5, "resume")->isEnabled());
        QTest::mouseClick(button(5, "resume"), Qt::LeftButton);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node resume 5"));
    }

    void keyboardShortcuts()
    {
        auto w = makeWindow();
        QSignalSpy spy(w.get(), &MainWindow::commandRequested);
        EngineSnapshot s = snapshot(5, 2);
        w->applySnapshot(s);
        QTRY_COMPARE(w->nodeCardCount(), 5);
        w->activateWindow();
        QTest::keyClick(w.get(), Qt::Key_A);
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client add"));
        QTest::keyClick(w.get(), Qt::Key_Space); // clients are running: stop all
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client stop all"));
        QTest::keyClick(w.get(), Qt::Key_3);
        QCOMPARE(w->selectedNode(), 3);
        QVERIFY(w->nodeCard(3)->isSelected());
        QTest::keyClick(w.get(), Qt::Key_K);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node kill 3"));
        QTest::keyClick(w.get(), Qt::Key_T);
        QVERIFY(w->isDarkTheme());
        // The theme and the type size must reach the views (a style sheet would stop them).
        QVERIFY(UiTheme::isDark(w->nodeCard(1)->palette()));
        QVERIFY(UiTheme::isDark(w->clientLane(QStringLiteral("C1"))->palette()));
        const double before = w->nodeCard(1)->font().pointSizeF();
        QTest::keyClick(w.get(), Qt::Key_L);
        QVERIFY(w->typeScale() > 1.2);
        QVERIFY(w->nodeCard(1)->font().pointSizeF() > before * 1.2);
        QTest::keyClick(w.get(), Qt::Key_L);
        QCOMPARE(w->typeScale(), 1.0);
    }

    void selectedFaultKeys()
    {
        auto w = makeWindow();
        QSignalSpy spy(w.get(), &MainWindow::commandRequested);
        EngineSnapshot s = snapshot(5, 2);
        setState(s.nodes[3], NodeSnapshot::State::Paused);
        w->applySnapshot(s);
        QTRY_COMPARE(w->nodeCardCount(), 5);
        w->activateWindow();
        QTest::keyClick(w.get(), Qt::Key_2);
        QTest::keyClick(w.get(), Qt::Key_X);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node partition 2"));
        // Nothing to heal and nothing paused on node 2: the keys send nothing, and say why.
        QTest::keyClick(w.get(), Qt::Key_H);
        QTest::keyClick(w.get(), Qt::Key_U);
        QCOMPARE(spy.size(), 0);
        QVERIFY(w->lastCommandAnswer().contains(QLatin1String("node 2")));
        // The partition arrives in the next snapshot: now H heals it.
        s.nodes[1].faults = {
            fault(Fault::Kind::Partition, QStringLiteral("partitioned from every client"))};
        w->applySnapshot(s);
        QTRY_VERIFY(!w->nodeCard(2)->faultLines().isEmpty());
        QTest::keyClick(w.get(), Qt::Key_H);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node heal 2"));
        // Node 4 is paused: U and P both resume it, K kills it, R restarts it.
        QTest::keyClick(w.get(), Qt::Key_4);
        QTest::keyClick(w.get(), Qt::Key_U);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node resume 4"));
        QTest::keyClick(w.get(), Qt::Key_P);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node resume 4"));
        QTest::keyClick(w.get(), Qt::Key_K);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node kill 4"));
        QTest::keyClick(w.get(), Qt::Key_R);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node restart 4"));
        // A down node cannot be killed: K sends nothing.
        setState(s.nodes[3], NodeSnapshot::State::Down);
        w->applySnapshot(s);
        QTRY_COMPARE(w->nodeCard(4)->state(), NodeSnapshot::State::Down);
        QTest::keyClick(w.get(), Qt::Key_K);
        QCOMPARE(spy.size(), 0);
    }

    void lanesHearWhatTheNodesSay()
    {
        auto w = makeWindow();
        EngineSnapshot s = snapshot(5, 3);
        // C2 is cut off from nodes 1 and 3 by name; node 5 is cut from everyone (its card
        // says that; the lanes do not repeat it).
        s.nodes[0].faults = {fault(Fault::Kind::Partition, QStringLiteral("partitioned from C2"))};
        s.nodes[0].partitionedClients = {QStringLiteral("C2")};
        s.nodes[2].faults = {
            fault(Fault::Kind::Partition, QStringLiteral("partitioned from C1, C2"))};
        s.nodes[2].partitionedClients = {QStringLiteral("C1"), QStringLiteral("C2")};
        s.nodes[4].faults = {
            fault(Fault::Kind::Partition, QStringLiteral("partitioned from every client"))};
        s.nodes[4].partitionedFromAll = true;
        // C3 crashed while holding: its key is still on three nodes.
        s.clients[2].state = ClientSnapshot::State::Crashed;
        for (int i = 0; i < 3; ++i)
            s.nodes[i].keys.append(key(3, 6000, "3333333333333333"));
        w->applySnapshot(s);
        QTRY_COMPARE(w->clientLaneCount(), 3);
        QCOMPARE(w->clientLane(QStringLiteral("C2"))->cutOffText(), QStringLiteral("✂ nodes 1, 3"));
        QCOMPARE(w->clientLane(QStringLiteral("C1"))->cutOffText(), QStringLiteral("✂ node 3"));
        QVERIFY(w->clientLane(QStringLiteral("C3"))->cutOffText().isEmpty());
        QVERIFY(w->nodeCard(5)->faultLines().value(0).contains(QLatin1String("every client")));
        ClientLane* c3 = w->clientLane(QStringLiteral("C3"));
        QVERIFY(c3->findChild<ValidityBar*>()->leftoverMs() > 5000);
    }

    void pausedBelieverAndNewHolderInTheWindow()
    {
        auto w = makeWindow();
        EngineSnapshot s = snapshot(5, 3);
        hold(s, 2, 3, 10000, 9000, "2222222222222222");
        ClientSnapshot& c1 = s.clients[0];
        c1.state = ClientSnapshot::State::Paused;
        c1.inSection = true;
        c1.validUntilUs = now() - 2'500'000;
        s.resources[0].sections.append({1, "1111", c1.validUntilUs, true, 3, 5});
        w->applySnapshot(s);
        QTRY_COMPARE(w->quorumHeadline(), QStringLiteral("MUTUAL EXCLUSION BROKEN: C1 and C2 are "
                                                         "both in their critical sections"));
        const QString alarm = w->clientLane(QStringLiteral("C1"))->alarmText();
        QVERIFY2(alarm.startsWith(QStringLiteral("PAUSED, BELIEVES IT HOLDS — validity ended 2.")),
                 qPrintable(alarm));
        QVERIFY(w->clientLane(QStringLiteral("C2"))->alarmText().isEmpty());
    }

    void shortcutsAreListed()
    {
        auto w = makeWindow();
        w->findChild<QAction*>(QStringLiteral("actionShortcuts"))->trigger();
        ShortcutsDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = w->findChild<ShortcutsDialog*>()) != nullptr);
        QStringList keys;
        for (int row = 0; row < dialog->table()->rowCount(); ++row)
            keys << dialog->table()->item(row, 0)->text();
        for (const QString& expected :
             {QStringLiteral("A"), QStringLiteral("Space"), QStringLiteral("F11"),
              QStringLiteral("T"), QStringLiteral("1 … 9"), QStringLiteral("K"),
              QStringLiteral("P"), QStringLiteral("U"), QStringLiteral("R"), QStringLiteral("X"),
              QStringLiteral("H")})
            QVERIFY2(keys.contains(expected), qPrintable(keys.join(QLatin1Char('|'))));
    }

    void nodesDialogAndDefaultsDialog()
    {
        auto w = makeWindow();
        QSignalSpy spy(w.get(), &MainWindow::commandRequested);
        w->findChild<QAction*>(QStringLiteral("actionNodes"))->trigger();
        NodesDialog* nodes = nullptr;
        QTRY_VERIFY((nodes = w->findChild<NodesDialog*>()) != nullptr);
        nodes->localCount()->setValue(3);
        nodes->accept();
        // The node list changed: the engine would restart with the new config (it was not
        // started here); no command goes to the old engine.
        QCOMPARE(w->config().localNodeCount, 3);
        QCOMPARE(spy.size(), 0);

        w->findChild<QAction*>(QStringLiteral("actionSettings"))->trigger();
        SettingsDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = w->findChild<SettingsDialog*>()) != nullptr && dialog->isVisible());
        dialog->defaultsForm()->lineEdit(QStringLiteral("ttl"))->setText(QStringLiteral("4000"));
        dialog->defaultsForm()
            ->lineEdit(QStringLiteral("extendbelow"))
            ->setText(QStringLiteral("1000"));
        dialog->accept();
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.takeFirst().at(0).toString(),
                 QStringLiteral("defaults ttl=4000 extendbelow=1000"));
        QCOMPARE(w->config().clientDefaults.lock.ttlMs, 4000);
        QCOMPARE(w->config().localNodeCount, 3);
    }

    void laneButtonsAndSettingsDialog()
    {
        auto w = makeWindow();
        QSignalSpy spy(w.get(), &MainWindow::commandRequested);
        EngineSnapshot s = snapshot(5, 2);
        s.clients[1].state = ClientSnapshot::State::Stopped;
        w->applySnapshot(s);
        QTRY_COMPARE(w->clientLaneCount(), 2);
        ClientLane* c1 = w->clientLane(QStringLiteral("C1"));
        ClientLane* c2 = w->clientLane(QStringLiteral("C2"));
        QTest::mouseClick(c1->findChild<QToolButton*>(QStringLiteral("startStop")), Qt::LeftButton);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client stop C1"));
        QTest::mouseClick(c2->findChild<QToolButton*>(QStringLiteral("startStop")), Qt::LeftButton);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client start C2"));
        QVERIFY(!c2->findChild<QToolButton*>(QStringLiteral("resume"))->isEnabled());

        QTest::mouseClick(c1->findChild<QToolButton*>(QStringLiteral("settings")), Qt::LeftButton);
        ClientSettingsDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = w->findChild<ClientSettingsDialog*>()) != nullptr);
        QCOMPARE(dialog->target(), QStringLiteral("C1"));
        QLineEdit* ttl = dialog->form()->lineEdit(QStringLiteral("ttl"));
        ttl->setText(QStringLiteral("ten seconds"));
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        QVERIFY(dialog->isVisible()); // refused
        QVERIFY(!dialog->form()->fieldError(QStringLiteral("ttl")).isEmpty());
        QCOMPARE(spy.size(), 0);
        ttl->setText(QStringLiteral("5000"));
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client set C1 ttl=5000"));
    }

    void eventLogCollectsEventsOfEverySnapshot()
    {
        auto w = makeWindow();
        EngineSnapshot a = snapshot(5, 2);
        a.newEvents = {historyEvent(HistoryEvent::Kind::Invoke, 1, -1),
                       historyEvent(HistoryEvent::Kind::NodeAnswer, 1, 0)};
        EngineSnapshot b = a;
        b.newEvents = {historyEvent(HistoryEvent::Kind::Ok, 1, -1)};
        // Two snapshots within one frame: no event is lost.
        w->applySnapshot(a);
        w->applySnapshot(b);
        QTRY_COMPARE(w->eventLog()->model()->rowCount(), 3);
    }

    void statusBarShowsRunAndAnswers()
    {
        auto w = makeWindow();
        EngineSnapshot s = snapshot(5, 1);
        s.tUs = 65'300'000;
        s.eventsPerSecond = 1234;
        s.nodes[0].state = NodeSnapshot::State::Down;
        w->applySnapshot(s);
        QTRY_COMPARE(w->nodeCardCount(), 5);
        const QString status = w->findChild<QLabel*>(QStringLiteral("checkerVerdict"))->text();
        QCOMPARE(status, QStringLiteral("Checker: safe"));
        bool foundNodes = false;
        for (QLabel* l : w->statusBar()->findChildren<QLabel*>())
            foundNodes = foundNodes || l->text() == QStringLiteral("Nodes 4/5 up");
        QVERIFY(foundNodes);
    }

    void screenshotIsAPngOfTheWindow()
    {
        auto w = makeWindow();
        EngineSnapshot s = snapshot(5, 8);
        hold(s, 1, 3, 10000, 9000, "abcdef0123456789");
        w->applySnapshot(s);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shot.png"));
        QVERIFY(w->saveScreenshot(path));
        QVERIFY(QFileInfo(path).size() > 1000);
        const QImage image(path);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), w->size() * w->devicePixelRatio());
        QVERIFY(!w->saveScreenshot(QStringLiteral("/nonexistent-dir/x.png")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
