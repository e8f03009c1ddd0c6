// The seed's failover story on real processes: one master, its replica (linked through the
// master's proxy) and three redis-sentinel. A lock taken on the master and not yet
// replicated is lost when Sentinel promotes the replica: two holders, and the stock shows
// it. The same kind of fault on five independent masters leaves Redlock safe.
#include "enginerunner.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <csignal>
#include <unistd.h>

namespace {

EngineConfig replicated()
{
    EngineConfig config;
    config.topology = EngineConfig::Topology::Replicated;
    config.initialClients = 0;
    return config;
}

ScenarioResult play(EngineRunner& engine, const QString& source, const QString& text = {})
{
    QSignalSpy finished(&engine.controller(), &EngineController::scenarioFinished);
    engine.controller().runScenario(source, text);
    if (!finished.wait(90000))
        qFatal("the scenario did not finish");
    return finished.first().at(0).value<ScenarioResult>();
}

// Our children that are redis processes (servers or sentinels), by /proc: a test must leave
// none behind.
int redisChildren()
{
    int count = 0;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString& pid : entries) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const QByteArray name =
            line.mid(line.indexOf('(') + 1, line.lastIndexOf(')') - line.indexOf('(') - 1);
        const QList<QByteArray> rest = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (rest.size() > 2 && rest[1].toLongLong() == ::getpid() && name.startsWith("redis-") &&
            rest[0] != "Z")
            ++count;
    }
    return count;
}

} // namespace

class TestFailover : public QObject
{
    Q_OBJECT

private slots:
    // Two holders after failover: the built-in scenario, judged by its own expectations.
    void keyLostInFailover()
    {
        {
            EngineRunner engine(replicated());
            QString error;
            QVERIFY2(engine.start(40000, &error), qPrintable(error));
            QVERIFY(engine.waitFor(
                [](const EngineSnapshot& s) {
                    return s.sentinels.present && s.sentinels.quorumReached &&
                           s.sentinels.masterNode == 0;
                },
                10000));
            const ScenarioResult result =
                play(engine, QStringLiteral("builtin:failover-two-holders"));
            for (const HistoryEvent& e : engine.events()) // Sentinel's account, for a failure
                if (e.text.startsWith(QLatin1String("sentinel")) ||
                    e.text.contains(QLatin1String("Sentinels")))
                    qInfo("%.3f s %s", e.tUs / 1e6, qPrintable(e.text));
            QVERIFY2(result.outcome == ScenarioResult::Outcome::Passed,
                     qPrintable(result.verdictLine() + QLatin1Char(' ') + result.reason));
            // Sentinel promoted node 2; the checker has the overlap with its evidence.
            QVERIFY(engine.waitFor(
                [](const EngineSnapshot& s) { return s.sentinels.masterNode == 1; }, 5000));
            QVERIFY(engine.waitFor([](const EngineSnapshot& s) { return !s.violations.isEmpty(); },
                                   5000));
            QVERIFY(engine.last().counters.lostUpdates >= 1);
            QCOMPARE(engine.last().nodes[1].role, QStringLiteral("master"));
            // Sentinel's own account is in the history.
            const auto told = [&engine] {
                for (const HistoryEvent& e : engine.events())
                    if (e.text.contains(QLatin1String("+switch-master")))
                        return true;
                return false;
            };
            QVERIFY(told());
        }
        QTRY_COMPARE_WITH_TIMEOUT(redisChildren(), 0, 5000);
    }

    // The replica's lag is shown while its link is cut: the master's offset runs ahead.
    void lagWhileTheLinkIsCut()
    {
        {
            EngineRunner engine(replicated());
            QString error;
            QVERIFY2(engine.start(40000, &error), qPrintable(error));
            QVERIFY(engine.waitFor(
                [](const EngineSnapshot& s) {
                    return s.nodes.size() == 2 && s.nodes[0].role == "master" &&
                           s.nodes[1].role == "replica" && s.nodes[1].replLinkUp;
                },
                10000));
            QString answer;
            QVERIFY(engine.command(QStringLiteral("node partition 1 replica"), &answer));
            QVERIFY(engine.command(QStringLiteral("client add C1 strategy=failover"), &answer));
            QVERIFY2(
                engine.waitFor([](const EngineSnapshot& s) { return s.nodes[1].replLagBytes > 0; },
                               10000),
                "the replica's lag grows while its link is cut");
        }
        QTRY_COMPARE_WITH_TIMEOUT(redisChildren(), 0, 5000);
    }

    // `node failover` promotes the replica on demand, and a failover client follows it.
    void failoverOnDemand()
    {
        {
            EngineRunner engine(replicated());
            QString error;
            QVERIFY2(engine.start(40000, &error), qPrintable(error));
            QString answer;
            QVERIFY(!engine.command(QStringLiteral("node failover 2"), &answer));
            QVERIFY2(answer.contains("not the master"), qPrintable(answer));
            QVERIFY2(engine.command(QStringLiteral("node failover 1"), &answer),
                     qPrintable(answer));
            QVERIFY(engine.waitFor(
                [](const EngineSnapshot& s) {
                    return s.sentinels.masterNode == 1 && s.nodes[1].role == "master";
                },
                20000));
            QVERIFY(engine.command(QStringLiteral("client add C1 strategy=failover"), &answer));
            QVERIFY2(engine.waitFor(
                         [](const EngineSnapshot& s) {
                             for (const KeySnapshot& key : s.nodes[1].keys)
                                 if (!key.stale)
                                     return true;
                             return false;
                         },
                         20000),
                     "C1 takes its lock on the new master, node 2");
        }
        QTRY_COMPARE_WITH_TIMEOUT(redisChildren(), 0, 5000);
    }

    // Sentinel re-points the replica at the master's own port (+fix-slave-config) some
    // failover-timeout after it first sees it dial the proxy: from then on the proxy no
    // longer carries the link (README "Failover with Sentinel" says why it cannot). The
    // history must say so rather than let the picture promise what no longer holds.
    void linkLeavingTheProxyIsTold()
    {
        {
            EngineRunner engine(replicated());
            QString error;
            QVERIFY2(engine.start(40000, &error), qPrintable(error));
            const auto told = [&engine] {
                for (const HistoryEvent& e : engine.events())
                    if (e.text.contains("made node 2 replicate node 1 at its own port"))
                        return true;
                return false;
            };
            QVERIFY2(engine.waitFor([&told](const EngineSnapshot&) { return told(); }, 40000),
                     "Sentinel's +fix-slave-config is told in the history");
        }
        QTRY_COMPARE_WITH_TIMEOUT(redisChildren(), 0, 5000);
    }

    // `node failover` right after healing a cut link: Sentinel says OK, then may give up
    // (-failover-abort-no-good-slave: its view of the replica is the cut one). Either the
    // replica is promoted, or the history says in an error event why not: never silence.
    void failoverAfterAHealedCutIsPromotedOrExplained()
    {
        {
            EngineRunner engine(replicated());
            QString error;
            QVERIFY2(engine.start(40000, &error), qPrintable(error));
            QString answer;
            QVERIFY(engine.command(QStringLiteral("node partition 1 replica"), &answer));
            QTest::qWait(4000);
            QVERIFY(engine.command(QStringLiteral("node heal 1"), &answer));
            const bool accepted = engine.command(QStringLiteral("node failover 1"), &answer);
            qInfo("node failover 1: %s", qPrintable(answer));
            if (!accepted) {
                QVERIFY2(answer.contains("Sentinel refused"), qPrintable(answer));
                return;
            }
            const auto told = [&engine] {
                for (const HistoryEvent& e : engine.events())
                    if (e.kind == HistoryEvent::Kind::Error &&
                        e.text.contains("did not promote the replica"))
                        return true;
                return false;
            };
            QVERIFY2(engine.waitFor(
                         [&told](const EngineSnapshot& s) {
                             return s.sentinels.masterNode == 1 || told();
                         },
                         20000),
                     "an accepted failover must end in a promotion or in an explanation");
            qInfo("%s", told() ? "Sentinel gave up, and the history says why"
                               : "the replica was promoted");
        }
        QTRY_COMPARE_WITH_TIMEOUT(redisChildren(), 0, 5000);
    }

    // The counter-test: the same fault (the node that granted the lock dies while it is
    // held) on five independent masters: Redlock's majority still holds the key.
    void redlockSurvivesTheSameFault()
    {
        EngineConfig config;
        config.initialClients = 0;
        EngineRunner engine(config);
        QString error;
        QVERIFY2(engine.start(30000, &error), qPrintable(error));
        const ScenarioResult result = play(
            engine, QStringLiteral("counter-test"),
            QStringLiteral("defaults strategy=redlock ttl=10000 work=7000 think=200 retries=200 "
                           "retrydelay=200\nstock 100\nclient add C1\nwait C1 in-section 10000\n"
                           "node kill 1\nclient add C2 work=3000\nsleep 8000\n"
                           "expect overlaps == 0\nexpect lost_updates == 0\nexpect safe"));
        QVERIFY2(result.outcome == ScenarioResult::Outcome::Passed,
                 qPrintable(result.verdictLine() + QLatin1Char(' ') + result.reason));
    }

    // On five independent masters the failover strategy is refused with a reason.
    void failoverNeedsTheTopology()
    {
        EngineConfig config;
        config.initialClients = 0;
        EngineRunner engine(config);
        QString error;
        QVERIFY2(engine.start(30000, &error), qPrintable(error));
        QString answer;
        QVERIFY(!engine.command(QStringLiteral("client add C1 strategy=failover"), &answer));
        QVERIFY2(answer.contains("--topology replicated"), qPrintable(answer));
        QVERIFY(!engine.command(QStringLiteral("node failover 1"), &answer));
        QVERIFY2(answer.contains("replicated"), qPrintable(answer));
        QVERIFY(engine.waitFor([](const EngineSnapshot& s) { return s.clients.isEmpty(); }, 2000));
    }

    // A missing redis-sentinel: refused at start, nothing left running.
    void missingSentinel()
    {
        {
            EngineConfig config = replicated();
            config.redisSentinel = QStringLiteral("/nonexistent/redis-sentinel");
            EngineRunner engine(config);
            QString error;
            QVERIFY(!engine.start(20000, &error));
            QVERIFY2(error.contains("redis-sentinel not found"), qPrintable(error));
        }
        QTRY_COMPARE_WITH_TIMEOUT(redisChildren(), 0, 5000);
    }
};

QTEST_GUILESS_MAIN(TestFailover)
#include "tst_failover.moc"
