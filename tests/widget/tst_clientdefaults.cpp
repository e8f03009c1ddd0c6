// SPDX-License-Identifier: GPL-3.0-or-later
// The client defaults have one source of truth, the engine: after `defaults ttl=2000` (typed,
// or run by a scenario) the Defaults dialog shows 2000, GC-pausing the holder pauses it past
// that TTL, and a new engine on other nodes ("Use these nodes") starts with them. The window
// reads them from the snapshot; it keeps no copy that could go stale.

#include "control/enginecontroller.h"
#include "dialogs/clientsettingsform.h"
#include "dialogs/nodesdialog.h"
#include "dialogs/settingsdialog.h"
#include "lanes/clientlane.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

class TestClientDefaults : public QObject
{
    Q_OBJECT

private:
    static EngineConfig threeLocalNodes()
    {
        EngineConfig config;
        config.localNodeCount = 3;
        config.initialClients = 0;
        return config;
    }

    static bool started(MainWindow& window)
    {
        window.show();
        window.startEngine();
        QSignalSpy started(window.controller(), &EngineController::started);
        return started.wait(20000);
    }

    // Runs a line as the console does, through the engine, and waits for its answer.
    static bool run(MainWindow& window, const QString& line)
    {
        QSignalSpy answered(window.controller(), &EngineController::commandFinished);
        const quint64 id = window.executeCommand(line);
        for (int i = 0; i < 50; ++i) {
            for (const QList<QVariant>& a : std::as_const(answered))
                if (a.at(0).toULongLong() == id)
                    return a.at(1).toBool();
            answered.wait(100);
        }
        return false;
    }

    static QString shownTtl(MainWindow& window)
    {
        window.findChild<QAction*>(QStringLiteral("actionSettings"))->trigger();
        SettingsDialog* dialog = nullptr;
        if (!QTest::qWaitFor([&] { return (dialog = window.findChild<SettingsDialog*>()); }))
            return QStringLiteral("(no dialog)");
        const QString ttl = dialog->defaultsForm()->lineEdit(QStringLiteral("ttl"))->text();
        dialog->reject();
        if (!QTest::qWaitFor([&] { return !window.findChild<SettingsDialog*>(); }))
            return QStringLiteral("(the dialog stayed)");
        return ttl;
    }

private slots:
    void typedDefaultsReachTheDialogAndThePause()
    {
        MainWindow window(threeLocalNodes());
        QVERIFY(started(window));
        QCOMPARE(shownTtl(window), QStringLiteral("10000"));
        QVERIFY(run(window, QStringLiteral("defaults ttl=2000 work=1500 think=100")));
        QTRY_COMPARE(shownTtl(window), QStringLiteral("2000"));
        QCOMPARE(window.config().clientDefaults.lock.ttlMs, 2000);

        // The holder, added with those defaults, is paused past its 2 s TTL.
        QVERIFY(run(window, QStringLiteral("client add")));
        QTRY_COMPARE_WITH_TIMEOUT(window.holderName(), QStringLiteral("C1"), 10000);
        QSignalSpy sent(&window, &MainWindow::commandRequested);
        window.findChild<QAction*>(QStringLiteral("actionPauseHolder"))->trigger();
        QCOMPARE(sent.size(), 1);
        QCOMPARE(sent.first().at(0).toString(), QStringLiteral("client pause C1 4000"));
    }

    // "Use these nodes" starts a new engine: with the defaults the old one had, not the ones
    // the window started with.
    void newNodesKeepTheDefaults()
    {
        MainWindow window(threeLocalNodes());
        QVERIFY(started(window));
        QVERIFY(run(window, QStringLiteral("defaults ttl=2000")));
        QSignalSpy pictures(window.controller(), &EngineController::snapshotReady);
        QVERIFY(pictures.wait()); // drawn after the line was answered: it has the new defaults

        window.findChild<QAction*>(QStringLiteral("actionNodes"))->trigger();
        NodesDialog* nodes = nullptr;
        QTRY_VERIFY((nodes = window.findChild<NodesDialog*>()) != nullptr);
        nodes->localCount()->setValue(5);
        nodes->accept();
        QSignalSpy restarted(window.controller(), &EngineController::started);
        QVERIFY(restarted.wait(20000));
        QTRY_COMPARE_WITH_TIMEOUT(window.nodeCardCount(), 5, 10000);
        QVERIFY(run(window, QStringLiteral("client add")));
        QTRY_VERIFY(window.clientLane(QStringLiteral("C1")));
        QCOMPARE(window.clientLane(QStringLiteral("C1"))->client().settings.lock.ttlMs, 2000);
        QCOMPARE(window.config().clientDefaults.lock.ttlMs, 2000);
        QCOMPARE(shownTtl(window), QStringLiteral("2000"));
    }
};

QTEST_MAIN(TestClientDefaults)
#include "tst_clientdefaults.moc"
