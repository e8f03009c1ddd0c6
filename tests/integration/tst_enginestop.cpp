// SPDX-License-Identifier: GPL-3.0-or-later
// An engine that ends cleanly (issue 32): stop() returns at once and stopped() follows once the
// locks were released and the local nodes are gone, while the caller's thread goes on (no
// blocking call into the engine thread, no event loop of its own); the engine shuts down
// once, whoever asks again (shutdown(), the destructor).
#include "control/engine.h"
#include "control/enginecontroller.h"

#include <QElapsedTimer>
#include <QFile>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <csignal>

namespace {
EngineConfig oneLocalNode()
{
    EngineConfig config;
    config.localNodeCount = 1;
    config.initialClients = 0;
    return config;
}

bool nodeGone(qint64 pid)
{
    return ::kill(pid_t(pid), 0) != 0;
}
} // namespace

class TestEngineStop : public QObject
{
    Q_OBJECT

private:
    // Starts `engine`, adds a client and waits until it holds the lock; returns the node's pid.
    static qint64 holding(EngineController& engine)
    {
        QSignalSpy started(&engine, &EngineController::started);
        qint64 pid = 0;
        bool held = false;
        const QMetaObject::Connection watch = QObject::connect(
            &engine, &EngineController::snapshotReady, &engine, [&](const EngineSnapshot& s) {
                if (!s.nodes.isEmpty())
                    pid = s.nodes[0].pid;
                held = held || (!s.clients.isEmpty() &&
                                s.clients[0].state == ClientSnapshot::State::Holding);
            });
        const auto unwatch = qScopeGuard([&watch] { QObject::disconnect(watch); });
        engine.start();
        if (!started.wait(30000))
            return 0;
        engine.execute(QStringLiteral("defaults work=60000 ttl=30000 timeout=5000"));
        engine.execute(QStringLiteral("client add C1"));
        QElapsedTimer waited;
        waited.start();
        while (!(held && pid > 0) && waited.elapsed() < 20000)
            QTest::qWait(20);
        return held ? pid : 0;
    }

private slots:
    // The release of the held lock waits for a frozen node (up to half a second): stop() does
    // not, and the caller's loop turns meanwhile; stopped() says when the node is gone.
    void stopDoesNotWaitAndStoppedFollows()
    {
        EngineController engine(oneLocalNode());
        const qint64 pid = holding(engine);
        QVERIFY(pid > 0);
        engine.execute(QStringLiteral("node pause 1"));
        QTRY_VERIFY_WITH_TIMEOUT(
            [pid] {
                QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
                return stat.open(QIODevice::ReadOnly) && stat.readAll().contains(") T ");
            }(),
            10000);
        QSignalSpy stopped(&engine, &EngineController::stopped);
        bool turned = false;
        QTimer::singleShot(0, &engine, [&] { turned = true; });
        engine.stop();
        QVERIFY(!engine.isStopped());
        QCOMPARE(stopped.count(), 0);
        // This thread's loop runs while the engine releases and stops: the timer fires first.
        QTRY_VERIFY_WITH_TIMEOUT(turned, 5000);
        QVERIFY(stopped.wait(20000));
        QCOMPARE(stopped.count(), 1);
        QVERIFY(engine.isStopped());
        QTRY_VERIFY_WITH_TIMEOUT(nodeGone(pid), 5000);
        engine.shutdown(); // already stopped: nothing more
        QCOMPARE(stopped.count(), 1);
        engine.execute(QStringLiteral("client add C2")); // dropped: no engine any more
    }

    // The Engine itself says stopped() once: stop() twice and its destructor after it add no
    // second shutdown.
    void theEngineStopsOnce()
    {
        auto* engine = new Engine(oneLocalNode());
        QSignalSpy started(engine, &Engine::started);
        QSignalSpy stopped(engine, &Engine::stopped);
        engine->start();
        QVERIFY(started.wait(30000));
        engine->stop();
        engine->stop();
        QTRY_COMPARE_WITH_TIMEOUT(stopped.count(), 1, 10000);
        QVERIFY(engine->isStopped());
        delete engine;
        QCOMPARE(stopped.count(), 1);
    }

    // An engine never stopped is stopped by its destructor, once, and its nodes go with it.
    void destroyingARunningEngineStopsItOnce()
    {
        qint64 pid = 0;
        {
            EngineController engine(oneLocalNode());
            QSignalSpy started(&engine, &EngineController::started);
            QSignalSpy stopped(&engine, &EngineController::stopped);
            QObject::connect(&engine, &EngineController::snapshotReady, &engine,
                             [&pid](const EngineSnapshot& s) {
                                 if (!s.nodes.isEmpty() && s.nodes[0].pid > 0)
                                     pid = s.nodes[0].pid;
                             });
            engine.start();
            QVERIFY(started.wait(30000));
            QTRY_VERIFY_WITH_TIMEOUT(pid > 0, 10000);
        }
        QTRY_VERIFY_WITH_TIMEOUT(nodeGone(pid), 5000);
    }
};

QTEST_GUILESS_MAIN(TestEngineStop)
#include "tst_enginestop.moc"
