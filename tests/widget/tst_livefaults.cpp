// SPDX-License-Identifier: GPL-3.0-or-later
// The real window on a real engine and real local nodes (offscreen): a fault asked for
// from the window or a script reaches the engine, and what the engine then says is on the
// card and the lane while it lasts. Kleppmann's GC pause end to end: C1 paused while it
// holds, its validity runs out, C2 takes the lock, and the window says both believe.
#include "cards/nodecard.h"
#include "control/enginecontroller.h"
#include "lanes/clientlane.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

class TestLiveFaults : public QObject
{
    Q_OBJECT

private:
    static QString joined(const QStringList& lines) { return lines.join(QLatin1Char('|')); }

private slots:
    void faultsFromTheWindowAreShownWhileTheyLast()
    {
        EngineConfig config;
        config.localNodeCount = 3;
        config.initialClients = 2;
        config.clientDefaults.lock.ttlMs = 2500;
        config.clientDefaults.workMinMs = 1000;
        config.clientDefaults.workMaxMs = 1200;
        MainWindow window(config);
        window.resize(1280, 720);
        window.show();
        window.startEngine();
        EngineController* engine = window.controller();

        // A script, as --exec runs it: in order, each after the engine's answer.
        QSignalSpy done(engine, &EngineController::scenarioFinished);
        window.runScenario(QStringLiteral("--exec"),
                           QStringLiteral("node partition 2; wait C1 holding; client pause C1"));
        QVERIFY(done.wait(30000));
        const auto result = done.first().at(0).value<ScenarioResult>();
        QCOMPARE(result.outcome, ScenarioResult::Outcome::Passed); // no step failed

        // Node 2: up, and yet cut off, and the card says so.
        NodeCard* two = window.nodeCard(2);
        QTRY_VERIFY_WITH_TIMEOUT(
            joined(two->faultLines()).contains(QLatin1String("partitioned from every client")),
            3000);
        QCOMPARE(two->stateText(), QStringLiteral("up"));

        // C1 froze while holding; its validity runs out; it still believes.
        ClientLane* c1 = window.clientLane(QStringLiteral("C1"));
        QTRY_COMPARE_WITH_TIMEOUT(c1->stateText(), QStringLiteral("paused (GC) while holding"),
                                  3000);
        QTRY_VERIFY_WITH_TIMEOUT(c1->alarmText().startsWith(
                                     QStringLiteral("PAUSED, BELIEVES IT HOLDS — validity ended")),
                                 6000);
        // C2 reaches nodes 1 and 3, a majority, once C1's keys expired: both believe.
        QTRY_VERIFY_WITH_TIMEOUT(
            window.quorumHeadline().startsWith(QLatin1String("MUTUAL EXCLUSION BROKEN: C1 and C2")),
            15000);

        // From node 3's menu: cut it off from C2 only. The card and C2's lane say so.
        NodeCard* three = window.nodeCard(3);
        QAction* fromC2 =
            three->moreMenu()->findChild<QAction*>(QStringLiteral("partitionFrom_C2"));
        QVERIFY(fromC2 && fromC2->isEnabled());
        fromC2->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            joined(three->faultLines()).contains(QLatin1String("partitioned from C2")), 3000);
        QTRY_COMPARE_WITH_TIMEOUT(window.clientLane(QStringLiteral("C2"))->cutOffText(),
                                  QStringLiteral("✂ node 3"), 3000);
        QTRY_VERIFY(!fromC2->isEnabled()); // not offered twice

        // Latency and persistence on node 1, from its menu.
        NodeCard* one = window.nodeCard(1);
        one->moreMenu()->findChild<QAction*>(QStringLiteral("latency20"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(joined(one->faultLines()).contains(QStringLiteral("latency 20")),
                                 3000);
        one->moreMenu()->findChild<QAction*>(QStringLiteral("persistenceAlways"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(one->persistenceText(), QStringLiteral("AOF always"), 3000);

        // Heal node 2 and node 3: their strips are empty again.
        for (NodeCard* card : {two, three}) {
            QAction* heal = card->moreMenu()->findChild<QAction*>(QStringLiteral("heal"));
            QVERIFY(heal->isEnabled());
            heal->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(card->faultLines().isEmpty(), 3000);
        }
        QTRY_VERIFY_WITH_TIMEOUT(window.clientLane(QStringLiteral("C2"))->cutOffText().isEmpty(),
                                 3000);

        // A timed pause counts down on the card, and Resume takes Pause's place.
        one->moreMenu()->findChild<QAction*>(QStringLiteral("pauseFor"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(one->stateText(), QStringLiteral("paused"), 3000);
        QTRY_VERIFY_WITH_TIMEOUT(joined(one->faultLines()).contains(QStringLiteral("s left")),
                                 3000);
        QToolButton* resume = one->findChild<QToolButton*>(QStringLiteral("resume"));
        QVERIFY(resume->isVisible() && resume->isEnabled());
        resume->click();
        QTRY_COMPARE_WITH_TIMEOUT(one->stateText(), QStringLiteral("up"), 5000);

        // C1 resumes, acts as if it still held, and finally lets go: the alarm ends.
        c1->findChild<QToolButton*>(QStringLiteral("resume"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(c1->alarmText().isEmpty(), 8000);
    }
};

QTEST_MAIN(TestLiveFaults)
#include "tst_livefaults.moc"
