// SPDX-License-Identifier: GPL-3.0-or-later
// The window in front of a class: readable and unclipped at 1280×720 and 1920×1080 in large
// type with the log and console open (lanes scroll, they never vanish); the checker stays
// in the status bar while the toolbar is hovered; the Nodes menu lists only existing nodes;
// a lane heals its own partitions; one action pauses whoever holds; lane counters explain
// themselves; the window remembers theme, type and geometry; the language changes live.

#include "cards/nodecard.h"
#include "cards/outcomegrid.h"
#include "charts/chartspanel.h"
#include "charts/rundata.h"
#include "charts/stagetimeline.h"
#include "charts/timelineview.h"
#include "console/captionbar.h"
#include "lanes/clientlane.h"
#include "scriptedhistory.h"
#include "settings/appsettings.h"
#include "settings/languages.h"
#include "snapshotfactory.h"
#include "widgets/elidedlabel.h"
#include "window/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QDockWidget>
#include <QGlyphRun>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QRawFont>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextLayout>
#include <QToolBar>
#include <QToolButton>

using namespace SnapshotFactory;

class TestPresenter : public QObject
{
    Q_OBJECT

private:
    // How long the window may take to settle once its lanes are made: their layout, the
    // docks' and the cards' come in posted events, which a busy machine under the sanitizers
    // can run after any fixed wait. A bound for a hang, never reached when it works.
    static constexpr int SettleMs = 30'000;

    std::unique_ptr<MainWindow> makeWindow(QSize size = {1280, 720})
    {
        auto w = std::make_unique<MainWindow>(EngineConfig{});
        w->resize(size);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()))
            qWarning("window not exposed");
        return w;
    }

    // Clients with everything a lane can show: failures by reason, sales, latencies.
    static EngineSnapshot busySnapshot(int clients)
    {
        EngineSnapshot s = snapshot(5, clients);
        for (ClientSnapshot& c : s.clients) {
            c.attempts = 1234;
            c.acquisitions = 987;
            c.failures = {{QStringLiteral("no-quorum"), 120},
                          {QStringLiteral("split-vote"), 97},
                          {QStringLiteral("validity-expired"), 30}};
            c.sales = 456;
            c.gaveUp = 3;
            c.meanAcquireUs = 1234.5;
            c.p99AcquireUs = 25678.0;
        }
        s.storage.local = true;
        s.storage.state = NodeSnapshot::State::Up;
        s.storage.address = QStringLiteral("127.0.0.1:41761");
        for (NodeSnapshot& n : s.nodes) {
            n.local = true;
            n.address = QStringLiteral("127.0.0.1:46829");
            for (int id = 1; id <= clients; ++id)
                n.lastOutcomes.append(outcome(
                    id, id % 2 ? NodeOutcome::Kind::Taken : NodeOutcome::Kind::Timeout, 420));
        }
        hold(s, 2, 3, 10000, 9000, "2222222222222222");
        return s;
    }

    static void openDocks(MainWindow* w)
    {
        for (const char* name : {"eventLogDock", "consoleDock"})
            w->findChild<QDockWidget*>(QLatin1String(name))->show();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    }

private slots:
    void cleanup() { Languages::install(QStringLiteral("en")); }

    // View → Present (F11) and what --slides draws: the nodes, the headline, the caption,
    // the lanes and the timeline; no menus, toolbars, status bar, docks, buttons or operator
    // hints; large type at least, grown with the height (1920 × 1080 shows what 1280 × 720
    // does, half as large again); and the window as it was afterwards.
    void theStageHasNoChrome_data()
    {
        QTest::addColumn<QString>("language");
        for (const char* code : {"en", "zh_CN", "ja"})
            QTest::newRow(code) << QString::fromLatin1(code);
    }

    void theStageHasNoChrome()
    {
        QFETCH(QString, language);
        Languages::install(language);
        auto w = makeWindow({1280, 720});
        openDocks(w.get());
        w->applySnapshot(busySnapshot(3));
        w->caption()->showCaption(7, QStringLiteral("C1 takes the lock."));
        w->updateNow();
        const double windowPt = w->font().pointSizeF();
        QAction* present = w->findChild<QAction*>(QStringLiteral("actionPresent"));
        QVERIFY(present);
        w->setPresenting(true);
        w->updateNow();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QVERIFY(present->isChecked());
        QVERIFY(!w->menuBar()->isVisible());
        QVERIFY(!w->statusBar()->isVisible());
        for (const QToolBar* bar : w->findChildren<QToolBar*>())
            QVERIFY2(!bar->isVisible(), qPrintable(bar->objectName()));
        for (const QDockWidget* dock : w->findChildren<QDockWidget*>())
            QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
        for (const QAbstractButton* button : w->centralWidget()->findChildren<QAbstractButton*>())
            QVERIFY2(!button->isVisible(),
                     qPrintable(button->objectName() + QLatin1Char(' ') + button->text()));
        for (const QLabel* label : w->centralWidget()->findChildren<QLabel*>())
            QVERIFY2(!label->isVisible() || (!label->text().contains(QLatin1String("press A")) &&
                                             !label->text().contains(QLatin1String("line 7"))),
                     qPrintable(label->text()));
        QVERIFY(w->findChild<QWidget*>(QStringLiteral("stageTimeline"))->isVisible());
        QVERIFY(w->clientLane(QStringLiteral("C1"))->isVisible());
        QVERIFY(w->nodeCard(1)->isVisible());
        QVERIFY(w->caption()->isVisible());
        // Large type at least; at 1080 lines half as large again.
        const double stagePt = w->font().pointSizeF();
        QVERIFY2(stagePt >= windowPt * 1.3, qPrintable(QString::number(stagePt)));
        w->resize(1920, 1080);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QVERIFY2(qAbs(w->font().pointSizeF() - stagePt * 1.5) < 0.05,
                 qPrintable(QString::number(w->font().pointSizeF())));
        // Off the stage: the window as it was.
        w->setPresenting(false);
        w->resize(1280, 720);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QVERIFY(w->menuBar()->isVisible());
        QVERIFY(w->statusBar()->isVisible());
        QVERIFY(w->findChild<QDockWidget*>(QStringLiteral("consoleDock"))->isVisible());
        QVERIFY(w->findChild<QToolBar*>(QStringLiteral("mainToolBar"))->isVisible());
        QVERIFY(!w->findChild<QWidget*>(QStringLiteral("stageTimeline"))->isVisible());
        QCOMPARE(w->font().pointSizeF(), windowPt);
        QVERIFY(!present->isChecked());
    }

    // The stage's timeline with three and four clients at 1280×720 in large type, as tall as
    // the stage left it in oversell-careless's deck (about 190 lines under the cards, the
    // headline, the caption and three lanes): each client's row is tall enough for its name in
    // the smallest text a projector allows (max(11, height/72) px × the type scale, as the
    // exports); equal rows for clients and nodes left them 13 px.
    void theStagesTimelineGivesItsClientsRoom_data()
    {
        QTest::addColumn<int>("clients");
        QTest::newRow("3 clients") << 3;
        QTest::newRow("4 clients") << 4;
    }

    void theStagesTimelineGivesItsClientsRoom()
    {
        QFETCH(int, clients);
        Languages::install(QStringLiteral("en"));
        auto w = makeWindow({1280, 720});
        ScriptedHistory h(5, 2000);
        for (int n = 0; n < 5; ++n)
            h.nodeUp(n, 1);
        for (int id = 1; id <= clients; ++id) {
            h.client(id, 10);
            h.acquire(id, 100 + 3000 * id, 0b11111);
        }
        w->setPresenting(true);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        RunData data;
        data.load(h.run());
        QCOMPARE(data.nodeCount(), 5);
        StageTimeline stage(&data);
        stage.setFont(w->font()); // the stage's type
        stage.resize(1260, 190);
        const TimelinePainter::Layout l = stage.layout();
        const double smallest = std::max(11.0, w->height() / 72.0) * 1.35;
        QVERIFY2(l.laneHeight * TimelinePainter::NameToLane >= smallest,
                 qPrintable(QStringLiteral("a client's row %1 px, the smallest text %2 px")
                                .arg(l.laneHeight)
                                .arg(smallest)));
        // The nodes' rows still show their keys' ramps, and every row fits.
        QVERIFY2(l.nodeLaneHeight >= 6, qPrintable(QString::number(l.nodeLaneHeight)));
        QVERIFY(l.axis.bottom() <= stage.height());
        // Room to spare: no row thicker than the timeline's widest (30 px at normal type).
        stage.resize(1260, 600);
        const TimelinePainter::Layout tall = stage.layout();
        QCOMPARE(tall.laneHeight, tall.nodeLaneHeight);
    }

    // The window in normal type sets Chinese in the Simplified forms and Japanese in the
    // Japanese ones (the system's fallback for Han is Noto Sans CJK JP whatever the language),
    // its Latin letters in the Latin face, and its lines no taller than in English.
    void theWindowSetsEachLanguageInItsOwnFace_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("family");
        // Each after the other in one process, both ways: Qt's font cache must not hand one
        // language the other's face.
        QTest::newRow("zh_CN") << "zh_CN"
                               << "Noto Sans CJK SC";
        QTest::newRow("ja") << "ja"
                            << "Noto Sans CJK JP";
        QTest::newRow("zh_CN again") << "zh_CN"
                                     << "Noto Sans CJK SC";
    }

    void theWindowSetsEachLanguageInItsOwnFace()
    {
        QFETCH(QString, language);
        QFETCH(QString, family);
        Languages::install(QStringLiteral("en"));
        const double englishLine = QFontMetricsF(makeWindow()->font()).height();
        Languages::install(language);
        auto w = makeWindow();
        QTextLayout layout(QStringLiteral("C1 \u6301\u6709 \u76f4 \u5173"), w->font());
        layout.beginLayout();
        layout.createLine();
        layout.endLayout();
        QStringList faces;
        for (const QGlyphRun& run : layout.glyphRuns())
            faces << run.rawFont().familyName();
        QVERIFY2(faces.contains(family), qPrintable(faces.join(QLatin1String(", "))));
        for (const QString& face : std::as_const(faces))
            QVERIFY2(face == family || !face.startsWith(QLatin1String("Noto Sans CJK")),
                     qPrintable(faces.join(QLatin1String(", "))));
        QCOMPARE(QFontMetricsF(w->font()).height(), englishLine);
        Languages::install(QStringLiteral("en"));
    }

    void readableUnclipped_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("scale");
        QTest::addColumn<QString>("language");
        QTest::newRow("1280x720 normal") << QSize(1280, 720) << 1.0 << "en";
        QTest::newRow("1280x720 large") << QSize(1280, 720) << 1.35 << "en";
        QTest::newRow("1920x1080 large") << QSize(1920, 1080) << 1.35 << "en";
        QTest::newRow("1280x720 large zh_CN") << QSize(1280, 720) << 1.35 << "zh_CN";
        QTest::newRow("1280x720 large ja") << QSize(1280, 720) << 1.35 << "ja";
    }

    // Every lane is there (scrolled to, never squeezed to nothing) and its counters are a
    // whole form, never a number cut by "…"; the status bar's figures are not cut either.
    void readableUnclipped()
    {
        QFETCH(QSize, size);
        QFETCH(double, scale);
        QFETCH(QString, language);
        Languages::install(language);
        auto w = makeWindow(size);
        w->setTypeScale(scale);
        openDocks(w.get());
        w->applySnapshot(busySnapshot(4));
        QTRY_COMPARE(w->clientLaneCount(), 4);
        QTest::qWait(50);
        const auto* lanes = w->findChild<QScrollArea*>(QStringLiteral("clientLanes"));
        QVERIFY(lanes->isVisible());
        // Each check waits for the window to settle (SettleMs): the lanes' first, so that the
        // view below is judged against lanes of their laid-out height.
        for (int id = 1; id <= 4; ++id) {
            const ClientLane* lane = w->clientLane(QStringLiteral("C%1").arg(id));
            QTRY_VERIFY_WITH_TIMEOUT(lane->height() >= lane->minimumSizeHint().height(), SettleMs);
            QTRY_VERIFY2_WITH_TIMEOUT(!lane->countersElided(), qPrintable(lane->countersShown()),
                                      SettleMs);
            // At least the three counts, in whatever language.
            QVERIFY(lane->countersShown().startsWith(
                QCoreApplication::translate("ClientLane", "%1 tries · %2 acquired · %3 failed")
                    .arg(1234)
                    .arg(987)
                    .arg(247)));
        }
        const ClientLane* first = w->clientLane(QStringLiteral("C1"));
        // At least one whole lane in view; the others are reached by scrolling.
        QTRY_VERIFY2_WITH_TIMEOUT(lanes->viewport()->height() >= first->height(),
                                  qPrintable(QStringLiteral("lanes viewport %1 px, a lane %2 px")
                                                 .arg(lanes->viewport()->height())
                                                 .arg(first->height())),
                                  SettleMs);
        // Node cards: the address whole (without "· local" if need be), each client's last
        // answer a whole word or its sign.
        for (int n = 1; n <= 5; ++n) {
            const NodeCard* card = w->nodeCard(n);
            const auto* address = card->findChild<ElidedLabel*>(QStringLiteral("address"));
            // In large type it is not shown at all (no port numbers for a class).
            QTRY_COMPARE_WITH_TIMEOUT(address->isVisible(), scale < 1.3, SettleMs);
            QTRY_VERIFY2_WITH_TIMEOUT(!address->isVisible() || !address->isElided(),
                                      qPrintable(address->shownText()), SettleMs);
            // The fault buttons' words fit them (a language's longer word included).
            for (const QToolButton* b : card->findChildren<QToolButton*>()) {
                if (!b->isVisible() || b->text().isEmpty())
                    continue;
                QTRY_VERIFY2_WITH_TIMEOUT(b->fontMetrics().horizontalAdvance(b->text()) <=
                                              b->contentsRect().width(),
                                          qPrintable(QStringLiteral("node %1 %2: '%3' in %4 px")
                                                         .arg(n)
                                                         .arg(b->objectName(), b->text())
                                                         .arg(b->contentsRect().width())),
                                          SettleMs);
            }
            for (int id = 1; id <= 4; ++id) {
                const auto whole = [card, id] {
                    const QString kind = card->outcomeGrid()->paintedKind(id);
                    return !kind.contains(QStringLiteral("…")) || kind == QStringLiteral("…");
                };
                QTRY_VERIFY2_WITH_TIMEOUT(whole(), qPrintable(card->outcomeGrid()->paintedKind(id)),
                                          SettleMs);
            }
        }
        // The event log's headings are whole in every language and type size.
        const auto* log = w->findChild<QTableView*>(QStringLiteral("eventTable"));
        for (int column = 0; column < log->model()->columnCount() - 1; ++column) {
            const QString heading = log->model()->headerData(column, Qt::Horizontal).toString();
            QTRY_VERIFY2_WITH_TIMEOUT(log->horizontalHeader()->fontMetrics().horizontalAdvance(
                                          heading) < log->horizontalHeader()->sectionSize(column),
                                      qPrintable(heading), SettleMs);
        }
        const auto* storage = w->findChild<ElidedLabel*>(QStringLiteral("storageAddress"));
        QTRY_VERIFY2_WITH_TIMEOUT(!storage->isElided(), qPrintable(storage->shownText()), SettleMs);
        for (const char* name : {"checkerVerdict", "nodesUp", "runTime", "eventRate"}) {
            const auto* label = w->statusBar()->findChild<QLabel*>(QLatin1String(name));
            QTRY_VERIFY2_WITH_TIMEOUT(label->width() >= label->sizeHint().width(), name, SettleMs);
        }
    }

    // The log and the console open in large type still fit a projector's 720 lines (in
    // English also while a scenario plays, its bar one more row): the window never asks for
    // more than the screen has.
    void fitsSevenHundredTwentyLines_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("scenario");
        QTest::newRow("en, playing a scenario") << "en" << true;
        QTest::newRow("zh_CN") << "zh_CN" << false;
        QTest::newRow("ja") << "ja" << false;
    }

    void fitsSevenHundredTwentyLines()
    {
        QFETCH(QString, language);
        QFETCH(bool, scenario);
        Languages::install(language);
        auto w = makeWindow();
        w->setTypeScale(1.35);
        openDocks(w.get());
        if (scenario) // its bar is one more row under the toolbar
            w->runScenario(QStringLiteral("builtin:gc-pause"), QStringLiteral("say hello"));
        w->applySnapshot(busySnapshot(4));
        QTRY_COMPARE(w->clientLaneCount(), 4);
        QTest::qWait(50);
        // Once settled (SettleMs), not after a fixed wait a busy machine can outlast.
        QTRY_VERIFY2_WITH_TIMEOUT(w->minimumSizeHint().height() <= 720,
                                  qPrintable(QString::number(w->minimumSizeHint().height())),
                                  SettleMs);
        QTRY_VERIFY2_WITH_TIMEOUT(w->minimumSizeHint().width() <= 1280,
                                  qPrintable(QString::number(w->minimumSizeHint().width())),
                                  SettleMs);
    }

    // The charts dock in large type at 1280×720 with three clients: the dock gives way to the
    // story's lanes, and the lock timeline then shows every lane and its axis in the room it
    // has, instead of keeping a minimum the dock cannot give (nodes 4 and 5 and the axis were
    // cut off).
    void theChartsDockInLargeTypeShowsEveryLane()
    {
        auto w = makeWindow();
        w->setTypeScale(1.35);
        w->applySnapshot(busySnapshot(3));
        QTRY_COMPARE(w->clientLaneCount(), 3);
        w->setChartsVisible(true);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QTest::qWait(50);
        const QWidget* view = w->charts()->timeline();
        const auto* dock = w->findChild<QDockWidget*>(QStringLiteral("chartsDock"));
        QVERIFY(view->isVisible() && dock->isVisible());
        const auto bottom = [&w](const QWidget* part) {
            return part->mapTo(w.get(), QPoint(0, part->height())).y();
        };
        // Once the dock's last resize has reached the timeline (posted, so no fixed wait).
        QTRY_VERIFY2_WITH_TIMEOUT(
            bottom(view) <= bottom(dock),
            qPrintable(QStringLiteral("the timeline ends at %1, its dock at %2")
                           .arg(bottom(view))
                           .arg(bottom(dock))),
            30'000);
    }

    // A toolbar's hover tip takes the status bar's message area; the checker stays.
    void checkerIsPermanent()
    {
        auto w = makeWindow();
        w->applySnapshot(busySnapshot(2));
        QTRY_COMPARE(w->clientLaneCount(), 2);
        auto* checker = w->statusBar()->findChild<QLabel*>(QStringLiteral("checkerVerdict"));
        QTRY_VERIFY(checker->isVisible());
        const QString verdict = checker->text();
        QVERIFY(!verdict.isEmpty());
        w->statusBar()->showMessage(QStringLiteral("Add a client with the default settings"));
        QVERIFY(checker->isVisible());
        QCOMPARE(checker->text(), verdict);
    }

    void nodesMenuListsOnlyExistingNodes()
    {
        auto w = makeWindow();
        w->applySnapshot(snapshot(5, 1));
        QTRY_COMPARE(w->nodeCardCount(), 5);
        for (int n = 1; n <= 9; ++n) {
            auto* a = w->findChild<QAction*>(QStringLiteral("actionSelectNode%1").arg(n));
            QVERIFY(a);
            QCOMPARE(a->isVisible(), n <= 5);
        }
        w->applySnapshot(snapshot(3, 1));
        QTRY_COMPARE(w->nodeCardCount(), 3);
        QVERIFY(!w->findChild<QAction*>(QStringLiteral("actionSelectNode4"))->isVisible());
    }

    void laneHealsItsOwnPartitions()
    {
        auto w = makeWindow();
        EngineSnapshot s = snapshot(5, 2);
        s.nodes[0].partitionedClients = {QStringLiteral("C2")};
        s.nodes[2].partitionedClients = {QStringLiteral("C2")};
        w->applySnapshot(s);
        QTRY_COMPARE(w->clientLaneCount(), 2);
        ClientLane* c2 = w->clientLane(QStringLiteral("C2"));
        QAction* heal = c2->findChild<QAction*>(QStringLiteral("healCut"));
        QVERIFY(heal && heal->isEnabled());
        QVERIFY(!w->clientLane(QStringLiteral("C1"))
                     ->findChild<QAction*>(QStringLiteral("healCut"))
                     ->isEnabled()); // nothing to heal for C1
        QSignalSpy spy(w.get(), &MainWindow::commandRequested);
        heal->trigger();
        QCOMPARE(spy.size(), 2);
        QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("node heal 1"));
        QCOMPARE(spy.at(1).at(0).toString(), QStringLiteral("node heal 3"));
    }

    // Whoever holds now is paused past its TTL: no racing the hand-over by hand.
    void pauseTheHolder()
    {
        auto w = makeWindow();
        QSignalSpy spy(w.get(), &MainWindow::commandRequested);
        QAction* action = w->findChild<QAction*>(QStringLiteral("actionPauseHolder"));
        QVERIFY(action);
        w->applySnapshot(snapshot(5, 3));
        QTRY_COMPARE(w->clientLaneCount(), 3);
        action->trigger();
        QCOMPARE(spy.size(), 0);
        QVERIFY(w->lastCommandAnswer().contains(QStringLiteral("Nobody holds")));

        EngineSnapshot s = snapshot(5, 3);
        hold(s, 3, 3, 10000, 9000, "3333333333333333");
        w->applySnapshot(s);
        QTRY_COMPARE(w->holderName(), QStringLiteral("C3"));
        action->trigger();
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.takeFirst().at(0).toString(),
                 QStringLiteral("client pause C3 %1").arg(s.clients[2].settings.lock.ttlMs + 2000));
    }

    void laneCountersExplainThemselves()
    {
        auto w = makeWindow();
        w->applySnapshot(busySnapshot(1));
        QTRY_COMPARE(w->clientLaneCount(), 1);
        const QString tip = w->clientLane(QStringLiteral("C1"))->countersToolTip();
        for (const char* part :
             {"1234 tries", "987 acquired", "247 failed", "by reason", "split vote",
              "nobody held a majority", "456 sold", "99th percentile"})
            QVERIFY2(tip.contains(QLatin1String(part)), qPrintable(part + (" in " + tip)));
    }

    void windowIsRemembered()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("redlockscope.conf"));
        {
            AppSettings settings(ini, AppSettings::Access::ReadWrite);
            auto w = makeWindow(QSize(1100, 700));
            w->setAppSettings(&settings);
            w->setDarkTheme(true);
            w->setTypeScale(1.35);
            w->findChild<QDockWidget*>(QStringLiteral("consoleDock"))->show();
            w->close(); // remembers
        }
        AppSettings settings(ini, AppSettings::Access::ReadWrite);
        QCOMPARE(settings.darkTheme(), std::optional<bool>(true));
        auto w = makeWindow();
        w->setAppSettings(&settings);
        QVERIFY(w->isDarkTheme());
        QCOMPARE(w->typeScale(), 1.35);
        QCOMPARE(w->size(), QSize(1100, 700));
        QVERIFY(w->findChild<QDockWidget*>(QStringLiteral("consoleDock"))->isVisible());
    }

    void languageChangesLive()
    {
        auto w = makeWindow();
        w->applySnapshot(busySnapshot(2));
        QTRY_COMPARE(w->clientLaneCount(), 2);
        w->setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(w->language(), QStringLiteral("zh_CN"));
        QStringList menus;
        for (QAction* a : w->menuBar()->actions())
            menus << a->text();
        QVERIFY2(menus.contains(QStringLiteral("节点(&N)")), qPrintable(menus.join('|')));
        QTRY_COMPARE(w->clientLaneCount(), 2);
        QVERIFY2(w->clientLane(QStringLiteral("C1"))
                     ->countersText()
                     .startsWith(QStringLiteral("尝试 1234 次")),
                 qPrintable(w->clientLane(QStringLiteral("C1"))->countersText()));
        w->setLanguage(QStringLiteral("ja"));
        QTRY_COMPARE(w->clientLane(QStringLiteral("C2"))->stateText(), QStringLiteral("保持中"));
        w->setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(w->clientLane(QStringLiteral("C2"))->stateText(), QStringLiteral("holding"));
    }
};

QTEST_MAIN(TestPresenter)
#include "tst_presenter.moc"
