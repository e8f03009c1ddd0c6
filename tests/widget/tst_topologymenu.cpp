// SPDX-License-Identifier: GPL-3.0-or-later
// Nodes > Master, replica and Sentinel: the window restarts its engine with the replicated
// topology, and the cards and the Sentinel panel show roles and the Sentinels' view; off
// again, five independent masters come back.
#include "cards/nodecard.h"
#include "quorum/sentinelpanel.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QTest>

class TestTopologyMenu : public QObject
{
    Q_OBJECT

private slots:
    void restartsIntoReplicatedAndBack()
    {
        EngineConfig config;
        config.initialClients = 0;
        MainWindow window(config);
        window.resize(1280, 720);
        window.show();
        window.startEngine();
        QTRY_COMPARE_WITH_TIMEOUT(window.nodeCardCount(), 5, 20000);
        QVERIFY(window.sentinelPanel()->isHidden());

        auto* topology = window.findChild<QAction*>(QStringLiteral("actionReplicatedTopology"));
        QVERIFY(topology);
        QVERIFY(topology->isEnabled() && !topology->isChecked());
        topology->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(window.nodeCardCount(), 2, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.sentinelPanel()->headline().contains(QLatin1String("node 1 is master")), 40000);
        QTRY_VERIFY_WITH_TIMEOUT(window.nodeCard(1)->roleText().startsWith("MASTER"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(window.nodeCard(2)->roleText().startsWith("REPLICA"), 5000);

        topology->trigger(); // back to independent masters
        QTRY_COMPARE_WITH_TIMEOUT(window.nodeCardCount(), 5, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window.sentinelPanel()->isHidden(), 5000);
        QVERIFY(window.nodeCard(1)->roleText().isEmpty());
    }
};

QTEST_MAIN(TestTopologyMenu)
#include "tst_topologymenu.moc"
