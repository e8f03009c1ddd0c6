// SPDX-License-Identifier: GPL-3.0-or-later
// The window in front of a class: 1280 × 720, large type, any dock open, in every language.
// The lanes of the clients in the current violation stay in view (the second holder is the
// punchline), the window never grows past 720 lines, the status bar's verdict is not cut and
// the toolbar's Console toggle is not pushed into the overflow menu. Fed synthetic snapshots
// (no engine). With REDLOCK_FIT_SHOTS=DIR, each case is also saved as a PNG to look at.

#include "console/captionbar.h"
#include "lanes/clientlane.h"
#include "lanes/clientlanelist.h"
#include "scenario/scenariolibrary.h"
#include "scriptedhistory.h"
#include "settings/languages.h"
#include "snapshotfactory.h"
#include "window/mainwindow.h"
#include "window/scenariobar.h"

#include <QAction>
#include <QLabel>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

using namespace SnapshotFactory;

namespace {

// The checker found `first` and `second` inside at once, `agoUs` ago.
void overlap(EngineSnapshot& s, int first, int second, qint64 agoUs)
{
    Violation v;
    v.kind = HistoryEvent::ViolationKind::Overlap;
    v.resource = s.resources.first().resource;
    v.firstClient = first;
    v.secondClient = second;
    v.startUs = now() - agoUs;
    s.violations = {v};
    s.counters.overlaps = 1;
}

// The storage up, `stock` of 100 left after `sales`.
void storageUp(EngineSnapshot& s, qint64 stock, qint64 sales)
{
    s.storage.state = NodeSnapshot::State::Up;
    s.storage.address = QStringLiteral("127.0.0.1:7010");
    s.storage.stockActive = s.storage.stockExists = true;
    s.storage.stock = stock;
    s.storage.initial = 100;
    s.storage.soldSinceStock = sales;
    s.counters.sales = sales;
}

// The storage card at its tallest: a stock, fencing, `writer`'s stale write rejected (it was
// superseded by `superseder`), damage.
void tallestStorage(EngineSnapshot& s, int writer, int superseder)
{
    storageUp(s, 83, 17);
    s.storage.newestFence = *FencingToken::fromWire("2:8,3:8,5:8");
    s.storage.rejected = 1;
    s.counters.staleWritesRejected = 1;
    s.moments.rejectedWrite = {now(), writer, superseder, *FencingToken::fromWire("1:7,2:7,3:7"),
                               99};
    s.counters.staleWrites = 1;
    s.counters.lostUpdates = 6;
}

// Five clients, C4 and C5 both inside: mutual exclusion broken between the last two lanes.
EngineSnapshot brokenBetweenTheLastTwo()
{
    EngineSnapshot s = snapshot(5, 5);
    hold(s, 4, 2, 10000, 9000, "4444444444444444");
    hold(s, 5, 3, 10000, 9000, "5555555555555555");
    overlap(s, 4, 5, 500'000);
    tallestStorage(s, 4, 5);
    return s;
}

// failover-two-holders at its punchline: the master (node 1) killed before its key reached the
// replica, Sentinel promoted node 2, and C2 took the same lock there while C1 still works.
EngineSnapshot failoverTwoHolders()
{
    EngineSnapshot s = snapshot(2, 2);
    setState(s.nodes[0], NodeSnapshot::State::Down);
    s.nodes[0].error = QStringLiteral("SIGKILL: crashed, no goodbye");
    s.nodes[0].faults = {
        fault(Fault::Kind::Killed, QStringLiteral("SIGKILL"), now() - 2'000'000),
        fault(Fault::Kind::Partition, QStringLiteral("replica"), now() - 5'000'000)};
    s.nodes[1].role = QStringLiteral("master");
    s.nodes[1].replOffset = 48213;
    hold(s, 1, 0, 10000, 4000, "1111111111111111"); // its key died with node 1
    hold(s, 2, 1, 10000, 9000, "2222222222222222");
    s.resources.first().nodeCount = 1;
    s.resources.first().quorum = 1;
    for (ClientSnapshot& c : s.clients) {
        c.strategy = Strategy::Kind::Failover;
        c.strategyQuorum = c.strategyNodes = 1;
    }
    s.sentinels.present = s.sentinels.ready = true;
    for (int i = 0; i < 3; ++i) {
        SentinelView v;
        v.address = QStringLiteral("127.0.0.1:%1").arg(26379 + i);
        v.up = true;
        v.masterNode = 0; // Sentinel names the old master until the promotion is done
        v.masterAddress = s.nodes[0].address;
        v.flags = QStringLiteral("master,s_down,o_down");
        v.replicas = 1;
        v.otherSentinels = 2;
        s.sentinels.views << v;
    }
    s.sentinels.masterNode = 0;
    s.sentinels.agreeing = 3;
    s.sentinels.quorumReached = true;
    s.sentinels.masterDown = s.sentinels.failoverInProgress = true; // as while it promotes
    overlap(s, 1, 2, 300'000);
    storageUp(s, 99, 1);
    return s;
}

} // namespace

class TestClassroomFit : public QObject
{
    Q_OBJECT

    // 1280 x 720, large type, the docks in `docks` open (as a trainer opens them: with their
    // toggles E, ` and G) and a scenario's bar shown as its second toolbar row.
    static void showAsInClass(MainWindow& w, const QString& docks)
    {
        w.setTypeScale(1.35); // --large
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::qWait(20); // the queued retranslation (it makes the cards and lanes again)
        const QList<QPair<QChar, const char*>> toggles{
            {u'l', "actionEventLog"}, {u'c', "actionConsole"}, {u'g', "actionCharts"}};
        for (const auto& [letter, id] : toggles) {
            auto* toggle = w.findChild<QAction*>(QLatin1String(id));
            QVERIFY(toggle);
            if (toggle->isChecked() != docks.contains(letter))
                toggle->trigger();
        }
        if (auto* scenario = w.findChild<ScenarioBar*>())
            scenario->show();
    }

    // How long the window may take to settle: the list scrolls to the story's lanes once its
    // last resize is done (a posted call), and under the sanitizers on a busy machine that
    // resize can come after any fixed wait. A bound for a hang, never reached when it works.
    static constexpr int SettleMs = 30'000;

    static bool inView(const ClientLaneList* lanes, const ClientLane* lane)
    {
        const QRect at(lane->mapTo(lanes->viewport(), QPoint(0, 0)), lane->size());
        return lanes->viewport()->rect().contains(at);
    }

    static QString where(const ClientLaneList* lanes, const ClientLane* lane)
    {
        const QPoint at = lane->mapTo(lanes->viewport(), QPoint(0, 0));
        return QStringLiteral("the lane at %1,%2 %3x%4, the view %5 high")
            .arg(at.x())
            .arg(at.y())
            .arg(lane->width())
            .arg(lane->height())
            .arg(lanes->viewport()->height());
    }

    // The most clients a built-in scenario adds.
    static int mostClientsOfABuiltIn()
    {
        int most = 0;
        for (const QString& name : ScenarioLibrary::names())
            most = std::max(most, int(ScenarioLibrary::text(name).count(
                                      QRegularExpression(QStringLiteral("(^|\\n)client add")))));
        return most;
    }

private slots:
    void cleanupTestCase() { Languages::install(QStringLiteral("en")); }

    // Every lane of a built-in scenario is on screen at once with a dock open at most, whatever
    // the caption names (split-votes speaks of all its clients): at 1280 x 720, in large type,
    // in every language, with a two-line caption and the storage card at its tallest. With the
    // three docks open under their tabs, two whole lanes (three do not fit in 720 lines).
    void everyClientOfABuiltInIsInView_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("docks");
        for (const char* language : {"en", "zh_CN", "ja"})
            for (const char* docks : {"", "l", "c", "g", "lcg"})
                QTest::addRow("%s %s", language, *docks ? docks : "no dock")
                    << QString::fromLatin1(language) << QString::fromLatin1(docks);
    }

    void everyClientOfABuiltInIsInView()
    {
        QFETCH(QString, language);
        QFETCH(QString, docks);
        const int clients = mostClientsOfABuiltIn();
        QVERIFY(clients >= 3);
        Languages::install(language);
        MainWindow w(EngineConfig{});
        showAsInClass(w, docks);
        EngineSnapshot s = snapshot(5, clients);
        tallestStorage(s, 1, 2);
        w.applySnapshot(s);
        w.caption()->showCaption(13, QStringLiteral("That round's votes split among the three "
                                                    "clients: nobody got 3 of 5, so everybody "
                                                    "released and retried."));
        w.updateNow();
        QTest::qWait(50);
        w.updateNow();
        if (const QByteArray dir = qgetenv("REDLOCK_FIT_SHOTS"); !dir.isEmpty())
            w.saveScreenshot(QStringLiteral("%1/fit-all-%2-%3.png")
                                 .arg(QString::fromLocal8Bit(dir), language,
                                      docks.isEmpty() ? QStringLiteral("none") : docks));
        QVERIFY2(w.height() <= 720, qPrintable(QString::number(w.height())));
        const auto* lanes = w.findChild<ClientLaneList*>(QStringLiteral("clientLanes"));
        QVERIFY(lanes && lanes->count() == clients);
        const int mustShow = docks.size() <= 1 ? clients : 2;
        for (int i = 1; i <= mustShow; ++i) {
            ClientLane* lane = w.clientLane(QStringLiteral("C%1").arg(i));
            QVERIFY(lane);
            QTRY_VERIFY2_WITH_TIMEOUT(
                inView(lanes, lane),
                qPrintable(QStringLiteral("C%1 of %2 out of view in %3 %4: %5")
                               .arg(i)
                               .arg(clients)
                               .arg(language, docks, where(lanes, lane))),
                SettleMs);
        }
    }

    void violatorsStayInView_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("docks"); // which are open: l(og), c(onsole), g (charts)
        QTest::addColumn<bool>("failover"); // failover-two-holders: two nodes and Sentinel
        for (bool failover : {false, true})
            for (const char* language : {"en", "zh_CN", "ja"})
                for (const char* docks : {"", "l", "c", "g", "lcg"})
                    QTest::addRow("%s%s %s", failover ? "failover " : "", language,
                                  *docks ? docks : "no dock")
                        << QString::fromLatin1(language) << QString::fromLatin1(docks) << failover;
    }

    void violatorsStayInView()
    {
        QFETCH(QString, language);
        QFETCH(QString, docks);
        QFETCH(bool, failover);
        Languages::install(language);
        MainWindow w(EngineConfig{});
        showAsInClass(w, docks);
        const EngineSnapshot s = failover ? failoverTwoHolders() : brokenBetweenTheLastTwo();
        w.applySnapshot(s);
        w.caption()->showCaption(
            3, failover ? QStringLiteral("The new master never saw C1's key: C2 takes the same "
                                         "lock. Two holders at once.")
                        : QStringLiteral("C5 takes the lock while C4 still holds it."));
        w.updateNow();
        QTest::qWait(50);
        w.updateNow();

        if (const QByteArray dir = qgetenv("REDLOCK_FIT_SHOTS"); !dir.isEmpty())
            w.saveScreenshot(QStringLiteral("%1/fit-%2%3-%4.png")
                                 .arg(QString::fromLocal8Bit(dir),
                                      failover ? QStringLiteral("failover-") : QString(), language,
                                      docks.isEmpty() ? QStringLiteral("none") : docks));

        if (qEnvironmentVariableIsSet("REDLOCK_FIT_DEBUG"))
            for (const char* name : {"nodeCardGrid", "storageCard", "nodeCard1", "quorumView",
                                     "captionBar", "clientLanes", "central"})
                if (auto* part = w.findChild<QWidget*>(QLatin1String(name)))
                    qDebug() << name << part->height() << part->minimumSizeHint().height()
                             << part->sizeHint().height() << part->minimumHeight();
        QVERIFY2(w.height() <= 720 && w.width() <= 1280,
                 qPrintable(QStringLiteral("%1 x %2").arg(w.width()).arg(w.height())));
        const auto* lanes = w.findChild<ClientLaneList*>(QStringLiteral("clientLanes"));
        QVERIFY(lanes);
        const QStringList violators = failover ? QStringList{"C1", "C2"} : QStringList{"C4", "C5"};
        for (const QString& name : violators) {
            ClientLane* lane = w.clientLane(name);
            QVERIFY(lane);
            QTRY_VERIFY2_WITH_TIMEOUT(inView(lanes, lane),
                                      qPrintable(name + QStringLiteral(": ") + where(lanes, lane)),
                                      SettleMs);
        }
        // The verdict is said whole (not elided by the bar).
        const auto* verdict = w.statusBar()->findChild<QLabel*>(QStringLiteral("checkerVerdict"));
        QVERIFY(verdict && verdict->isVisible());
        QVERIFY2(verdict->fontMetrics().horizontalAdvance(verdict->text()) <=
                     verdict->contentsRect().width(),
                 qPrintable(verdict->text()));
        QVERIFY(verdict->geometry().right() <= w.statusBar()->width());
        // The Console toggle is on the toolbar, not in its overflow.
        const auto* bar = w.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        const auto* console = w.findChild<QAction*>(QStringLiteral("actionConsole"));
        QVERIFY(bar && console);
        const QWidget* button = bar->widgetForAction(const_cast<QAction*>(console));
        QVERIFY2(button && button->isVisible() && bar->rect().contains(button->geometry()),
                 "Console is in the toolbar's overflow");
    }

    // A recorded run in normal type at 1280 x 720, the charts dock open (as opening a run opens
    // it), in every language: the replay bar makes the view taller than the live one, and it
    // still fits. The nodes and clients of a recording take no command: no buttons on the
    // cards or the lanes, the lanes name their rung in words.
    void aRecordedRunFitsOnTheScreen_data()
    {
        QTest::addColumn<QString>("language");
        for (const char* code : {"en", "zh_CN", "ja"})
            QTest::newRow(code) << QString::fromLatin1(code);
    }

    void aRecordedRunFitsOnTheScreen()
    {
        QFETCH(QString, language);
        Languages::install(language);
        QTemporaryDir dir;
        ScriptedHistory h(5, 2000);
        for (int n = 0; n < 5; ++n)
            h.nodeUp(n, 1);
        h.client(1, 10);
        h.client(2, 10);
        h.say(QStringLiteral("C1 buys: read the stock, work, check its validity, write."), 20);
        const quint64 op = h.acquire(1, 100, 0b11111);
        h.pause(1, 300);
        h.lockLost(1, 2200, op, 2100);
        h.acquire(2, 2300, 0b11110);
        h.resume(1, 2600);
        h.write(1, 2700, 98, 99);
        const QString path = dir.filePath(QStringLiteral("run.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(h.file());
        file.close();

        MainWindow w(EngineConfig{});
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::qWait(20); // the queued retranslation
        QString error;
        QVERIFY2(w.openRun(path, &error), qPrintable(error));
        // The replay's first frames: both clients on their lanes.
        QTRY_VERIFY_WITH_TIMEOUT(
            w.clientLane(QStringLiteral("C1")) && w.clientLane(QStringLiteral("C2")), SettleMs);
        w.updateNow();
        QTest::qWait(50);
        if (const QByteArray shots = qgetenv("REDLOCK_FIT_SHOTS"); !shots.isEmpty())
            w.saveScreenshot(QStringLiteral("%1/fit-recorded-%2.png")
                                 .arg(QString::fromLocal8Bit(shots), language));
        QVERIFY2(w.height() <= 720, qPrintable(QString::number(w.height())));
        const auto* charts = w.findChild<QAction*>(QStringLiteral("actionCharts"));
        QVERIFY(charts && charts->isChecked());
        for (int n = 1; n <= 5; ++n) {
            const auto* card = w.findChild<QWidget*>(QStringLiteral("nodeCard%1").arg(n));
            QVERIFY(card && card->isVisible());
            const auto* buttons = card->findChild<QWidget*>(QStringLiteral("buttons"));
            QVERIFY2(buttons && !buttons->isVisible(), "a recorded node offers a fault");
        }
        for (const QString& name : {QStringLiteral("C1"), QStringLiteral("C2")}) {
            ClientLane* lane = w.clientLane(name);
            QVERIFY(lane && lane->isVisible());
            for (const QToolButton* b : lane->findChildren<QToolButton*>())
                QVERIFY2(!b->isVisible(), qPrintable(name + QStringLiteral(": ") + b->text()));
        }
        const auto* verdict = w.statusBar()->findChild<QLabel*>(QStringLiteral("checkerVerdict"));
        QVERIFY(verdict && verdict->isVisible());
        QVERIFY(verdict->geometry().right() <= w.statusBar()->width());
    }
};

QTEST_MAIN(TestClassroomFit)
#include "tst_classroomfit.moc"
