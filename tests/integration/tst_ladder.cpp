// SPDX-License-Identifier: GPL-3.0-or-later
// The ladder (docs/domain.md, "The ladder") on real nodes: for every rung, the attack that shows
// its failure, and the same attack on the next rung, which fixes it. Each row is a scenario run
// by the engine itself (the same runner as --scenario) and judged by its expectations.
#include "enginerunner.h"

#include <QSignalSpy>
#include <QTest>

class TestLadder : public QObject
{
    Q_OBJECT

private:
    static ScenarioResult play(const QString& text)
    {
        EngineConfig config;
        config.initialClients = 0;
        EngineRunner engine(config);
        QString error;
        if (!engine.start(20000, &error))
            qFatal("%s", qPrintable(error));
        QSignalSpy finished(&engine.controller(), &EngineController::scenarioFinished);
        engine.controller().runScenario(QStringLiteral("ladder"), text);
        if (!finished.wait(60000))
            qFatal("the scenario did not finish");
        return finished.first().at(0).value<ScenarioResult>();
    }

private slots:
    void rungs_data()
    {
        QTest::addColumn<QString>("scenario");
        // no lock oversells; SETNX fixes it (one buyer at a time)
        const QString oversell =
            QStringLiteral("defaults strategy=%1 work=200-400 think=50 retries=1000 retrydelay=20\n"
                           "stock 10\nclient add\nclient add\nclient add\nsleep 6000\n%2");
        QTest::newRow("none: oversold") << oversell.arg(
            "none", "expect oversold >= 1\nexpect lost_updates >= 1\nexpect overlaps >= 1\n"
                    "expect stale_writes >= 1");
        QTest::newRow("setnx: no oversell")
            << oversell.arg("setnx", "expect safe\nexpect sales >= 5");

        // SETNX: a crashed holder deadlocks; SETNX + EXPIRE: its key expires, others go on
        const QString crashed = QStringLiteral(
            "defaults strategy=%1 ttl=1500 work=1000 think=50 retries=1000 retrydelay=50\n"
            "client add C1\nwait C1 in-section 10000\nclient crash C1\nclient add C2\n"
            "sleep 4000\n%2");
        QTest::newRow("setnx: deadlock") << crashed.arg("setnx", "expect acquisitions(C2) == 0");
        QTest::newRow("setnx-expire: the key expires")
            << crashed.arg("setnx-expire", "expect acquisitions(C2) >= 1\nexpect safe");

        // SETNX + EXPIRE: a crash right after taking the key, between the two commands,
        // deadlocks; SET NX PX takes key and TTL in one command: a crash right after it does not
        QTest::newRow("setnx-expire: crash between") << QStringLiteral(
            "defaults strategy=setnx-expire ttl=1500 work=300 think=50 retries=1000 retrydelay=50\n"
            "client add C1\nclient crash C1 before-expire\nwait C1 crashed 10000\n"
            "client add C2\nsleep 4000\nexpect acquisitions(C2) == 0");
        QTest::newRow("set-px: nothing between") << QStringLiteral(
            "defaults strategy=set-px ttl=1500 work=300 think=50 retries=1000 retrydelay=50\n"
            "client add C1\nwait C1 in-section 10000\nclient crash C1\n"
            "client add C2\nsleep 4000\nexpect acquisitions(C2) >= 1\nexpect safe");

        // SET NX PX + DEL: work > TTL deletes another's lock; a token's check does not
        const QString slow = QStringLiteral(
            "defaults strategy=%1 ttl=2000 think=100 retries=1000 retrydelay=50 careful=off\n"
            "stock 100\nclient add C1 work=3000\nwait C1 in-section 10000\n"
            "client add C2 work=1500\nclient add C3 work=500\nsleep 6000\n%2");
        QTest::newRow("set-px: wrong release")
            << slow.arg("set-px", "expect wrong_releases >= 1\nexpect overlaps >= 1\n"
                                  "expect stale_writes >= 1\nexpect lost_updates any");
        QTest::newRow("token-get-del: no wrong release")
            << slow.arg("token-get-del", "expect wrong_releases == 0\nexpect overlaps >= 1\n"
                                         "expect stale_writes >= 1\nexpect lost_updates any");

        // GET then DEL: a pause between them deletes another's lock; the Lua release cannot.
        // Only C2 competes, so C2 is the one holding when C1 wakes (with a third client the
        // key was sometimes between two holders then, and nothing was deleted).
        const QString race = QStringLiteral(
            "defaults strategy=%1 ttl=2000 work=300 think=100 retries=1000 retrydelay=50\n"
            "stock 100\nclient add C1\nclient pause C1 2500 before-delete\n"
            "sleep 1000\nclient add C2 work=1500\nsleep 6000\n%2");
        QTest::newRow("token-get-del: the race")
            << race.arg("token-get-del", "expect wrong_releases >= 1\nexpect overlaps >= 1\n"
                                         "expect stale_writes >= 1\nexpect lost_updates any");
        QTest::newRow("token-lua: atomic release")
            << race.arg("token-lua", "expect wrong_releases == 0\nexpect safe");

        // One node is a single point of failure; Redlock's majority goes on without it
        const QString spof = QStringLiteral(
            "defaults strategy=%1 ttl=2000 work=200 think=100 retries=3 retrydelay=100\n"
            "client add C1\nsleep 1500\nnode kill 1\nclient add C2\nsleep 3000\n%2");
        QTest::newRow("token-lua: node 1 dies")
            << spof.arg("token-lua", "expect acquisitions(C2) == 0");
        QTest::newRow("redlock: four nodes left")
            << spof.arg("redlock", "expect acquisitions(C2) >= 1\nexpect safe");

        // A reentrant lock's holder takes it again; the watchdog keeps a long job's lock
        QTest::newRow("reentrant: reentry") << QStringLiteral(
            "defaults strategy=reentrant ttl=3000 work=200 think=100 retries=100\n"
            "client add\nclient add\nsleep 3000\nexpect reentries >= 2\nexpect safe");
        const QString longJob = QStringLiteral(
            "defaults strategy=%1 ttl=1200 work=3000 think=100 retries=1000 retrydelay=50\n"
            "client add C1\nwait C1 in-section 10000\nclient add C2 work=200\nsleep 4000\n%2");
        QTest::newRow("reentrant: a long job loses its lock")
            << longJob.arg("reentrant", "expect lock_lost >= 1\nexpect overlaps == 0");
        QTest::newRow("watchdog: renewed")
            << longJob.arg("watchdog", "expect lock_lost == 0\nexpect sales any\nexpect safe");
    }

    void rungs()
    {
        QFETCH(QString, scenario);
        const ScenarioResult result = play(scenario);
        QVERIFY2(result.outcome == ScenarioResult::Outcome::Passed,
                 qPrintable(result.verdictLine()));
    }

    // A reentrant holder takes its lock again inside its section: its lane says "holding"
    // all along, never "acquiring" (the inner acquire is one round trip of the holder).
    void reentrantHolderStaysHolding()
    {
        EngineConfig config;
        config.initialClients = 2;
        config.clientDefaults.strategy = Strategy::Kind::Reentrant;
        config.clientDefaults.workMinMs = config.clientDefaults.workMaxMs = 200;
        config.clientDefaults.thinkMs = 100;
        EngineRunner engine(config);
        QString error;
        QVERIFY2(engine.start(20000, &error), qPrintable(error));
        QVERIFY(engine.waitFor([](const EngineSnapshot& s) { return s.counters.reentries >= 3; },
                               10000));
        QHash<int, bool> inSection;
        int stateChangesInside = 0;
        for (const HistoryEvent& e : engine.events()) {
            if (e.is(HistoryEvent::Kind::Ok, HistoryEvent::Operation::Acquire))
                inSection[e.client] = true;
            else if (e.kind == HistoryEvent::Kind::SectionEnd)
                inSection[e.client] = false;
            if (e.kind != HistoryEvent::Kind::ClientState || !inSection.value(e.client))
                continue;
            ++stateChangesInside;
            QVERIFY2(ClientSnapshot::State(e.code) != ClientSnapshot::State::Acquiring,
                     qPrintable(QStringLiteral("C%1 shown acquiring inside its section at %2 s")
                                    .arg(e.client)
                                    .arg(e.tUs / 1e6)));
        }
        QVERIFY(stateChangesInside > 0); // the holding state itself is told inside
    }
};

QTEST_GUILESS_MAIN(TestLadder)
#include "tst_ladder.moc"
