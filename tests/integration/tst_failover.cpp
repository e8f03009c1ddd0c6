// SPDX-License-Identifier: GPL-3.0-or-later
// The failover story on real processes (docs/failover.md): one master, its
// replica (linked through the master's proxy) and three redis-sentinel. A lock taken on the
// master and not yet replicated is lost when Sentinel promotes the replica: two holders, and the
// stock shows it. The same kind of fault on five independent masters leaves Redlock safe. The
// link stays on the proxy, also past Sentinel's re-pointing window and after a failover.
#include "enginerunner.h"
#include "testfleet.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <csignal>
#include <unistd.h>
#include <utility>

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

// INFO replication of a node, read directly (its own port, not through any proxy).
QHash<QByteArray, QByteArray> replicationInfo(const NodeSnapshot& node)
{
    QHash<QByteArray, QByteArray> info;
    const std::optional<NodeAddress> address = NodeAddress::parse(node.address, nullptr);
    if (!address)
        return info;
    const RedisReply reply = TestFleet::redisCommand(*address, {"INFO", "replication"});
    for (const QByteArray& line : reply.text.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            info.insert(line.left(colon), line.mid(colon + 1).trimmed());
    }
    return info;
}

int timesTold(const EngineRunner& engine, const QString& text)
{
    int count = 0;
    for (const HistoryEvent& e : engine.events())
        if (e.text.contains(text))
            ++count;
    return count;
}

bool toldInHistory(const EngineRunner& engine, const QString& text)
{
    return timesTold(engine, text) > 0;
}

// Sentinel's account, in the log: for a failure, what Sentinel did and when.
void printSentinelAccount(const EngineRunner& engine)
{
    for (const HistoryEvent& e : engine.events())
        if (e.text.startsWith(QLatin1String("sentinel")) ||
            e.text.contains(QLatin1String("Sentinels")))
            qInfo("%.3f s %s", e.tUs / 1e6, qPrintable(e.text));
}

// `replica` replicates `master` through the master's link listener, and its link is up.
bool linkedThroughProxy(const EngineSnapshot& s, int replica, int master)
{
    if (s.nodes.size() <= std::max(replica, master))
        return false;
    const NodeSnapshot& r = s.nodes[replica];
    return r.role == QLatin1String("replica") && r.replLinkUp && s.nodes[master].linkPort != 0 &&
           r.replMasterPort == s.nodes[master].linkPort;
}

// After a failover one node replicates the other through the other's proxy. On an
// overloaded machine (CI's sanitizer pass) a Sentinel can miss the new master's first
// PINGs within down-after (1 s) and fail over once more, back to the old master if it is
// up: then the new master is converted instead. Either way the converted node must dial
// its master's link listener. Returns {replica, master}, or {-1, -1} within `timeoutMs`.
std::pair<int, int> convertedThroughProxy(EngineRunner& engine, int timeoutMs)
{
    std::pair<int, int> linked{-1, -1};
    engine.waitFor(
        [&linked](const EngineSnapshot& s) {
            for (const auto& [replica, master] : {std::pair{0, 1}, std::pair{1, 0}})
                if (s.sentinels.masterNode == master && linkedThroughProxy(s, replica, master)) {
                    linked = {replica, master};
                    return true;
                }
            return false;
        },
        timeoutMs);
    if (linked.first == 0)
        qInfo("node 1 replicates node 2 through node 2's proxy");
    else if (linked.first == 1)
        qInfo("a second failover (Sentinel's +sdown of the new master under load) made node 1 "
              "master again; node 2 replicates it through node 1's proxy");
    return linked;
}

// Cuts `replica`'s link at `master`'s proxy with a client writing on the master, shows the
// lag growing while the Sentinels keep the master (they pass the cut), heals, and shows the
// lag back at 0. The figures go to the log.
void cutLinkShowsLagThenHeals(EngineRunner& engine, int replica, int master,
                              const QElapsedTimer& sinceReady)
{
    QElapsedTimer clock;
    clock.start();
    const int downsBefore = timesTold(engine, QStringLiteral("+sdown master"));
    QString answer;
    QVERIFY2(engine.command(QStringLiteral("node partition %1 replica").arg(master + 1), &answer),
             qPrintable(answer));
    QVERIFY(engine.command(QStringLiteral("client add C1 strategy=failover work=50 think=50"),
                           &answer));
    QVERIFY2(
        engine.waitFor(
            [replica](const EngineSnapshot& s) { return s.nodes[replica].replLagBytes > 1000; },
            15000),
        "the replica's lag grows while its link is cut");
    QTest::qWait(4000); // the Sentinels would have called the master down after 1 s
    const EngineSnapshot cut = engine.last();
    qInfo("t=%.1f s after ready, link of node %d cut at node %d's proxy for %.1f s: node %d "
          "%lld bytes behind, link %s; the Sentinels name node %d master (%d agree)",
          sinceReady.elapsed() / 1000.0, replica + 1, master + 1, clock.elapsed() / 1000.0,
          replica + 1, cut.nodes[replica].replLagBytes,
          cut.nodes[replica].replLinkUp ? "up" : "down", cut.sentinels.masterNode + 1,
          cut.sentinels.agreeing);
    QVERIFY(cut.nodes[replica].replLagBytes > 1000);
    QCOMPARE(cut.sentinels.masterNode, master); // they still reach it: no failover
    QVERIFY(!cut.sentinels.masterDown);
    QCOMPARE(timesTold(engine, QStringLiteral("+sdown master")), downsBefore);

    QVERIFY(engine.command(QStringLiteral("client stop C1"), &answer));
    QVERIFY(engine.command(QStringLiteral("node heal %1").arg(master + 1), &answer));
    const qint64 healedMs = clock.elapsed();
    QVERIFY2(engine.waitFor(
                 [replica, master](const EngineSnapshot& s) {
                     return linkedThroughProxy(s, replica, master) &&
                            s.nodes[replica].replLagBytes == 0;
                 },
                 70000),
             "after healing the replica catches up, through the proxy");
    qInfo("healed: node %d 0 bytes behind %.1f s later, still through node %d's proxy", replica + 1,
          (clock.elapsed() - healedMs) / 1000.0, master + 1);
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
            printSentinelAccount(engine); // for a failure
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
            // Sentinel then points the old master, still running, at node 2's link listener.
            QVERIFY2(convertedThroughProxy(engine, 30000).first != -1,
                     "the old master replicates node 2 through node 2's proxy");
        }
        QTRY_COMPARE_WITH_TIMEOUT(redisChildren(), 0, 5000);
    }

    // Sentinel re-points a replica whose master address differs from the one it knows
    // (+fix-slave-config), about failover-timeout (4 s) after it first reads the replica's
    // INFO, which it does every 10 s. The Sentinels know node 1 by its link listener, the
    // address node 2 dials: 20 s after ready nothing was re-pointed, node 2 still dials
    // node 1's proxy, and a cut of the link there still holds replication back.
    void linkStaysOnTheProxyPastSentinelsWindow()
    {
        {
            EngineRunner engine(replicated());
            QString error;
            QVERIFY2(engine.start(40000, &error), qPrintable(error));
            QElapsedTimer sinceReady;
            sinceReady.start();
            QTest::qWait(20000);
            QVERIFY(!toldInHistory(engine, QStringLiteral("+fix-slave-config")));
            QVERIFY(!toldInHistory(engine, QStringLiteral("at its own port")));
            QVERIFY(engine.waitFor(
                [](const EngineSnapshot& s) { return linkedThroughProxy(s, 1, 0); }, 5000));
            const EngineSnapshot& s = engine.last();
            const QHash<QByteArray, QByteArray> info = replicationInfo(s.nodes[1]);
            qInfo("20 s after ready: node 2 INFO master_host:%s master_port:%s, node 1's link "
                  "listener 127.0.0.1:%d, node 1's own address %s",
                  info.value("master_host").constData(), info.value("master_port").constData(),
                  int(s.nodes[0].linkPort), qPrintable(s.nodes[0].address));
            QCOMPARE(info.value("master_host"), QByteArray("127.0.0.1"));
            QCOMPARE(info.value("master_port").toUInt(), uint(s.nodes[0].linkPort));
            cutLinkShowsLagThenHeals(engine, 1, 0, sinceReady);
            QVERIFY(!toldInHistory(engine, QStringLiteral("+fix-slave-config")));
        }
        QTRY_COMPARE_WITH_TIMEOUT(redisChildren(), 0, 5000);
    }

    // After a failover Sentinel points the old master at the new one (+convert-to-slave), by
    // the address it knows the new master by: its link listener. Node 1, killed and
    // restarted (announcing its own link listener again from its command line), then
    // replicates node 2 through node 2's proxy, where `node partition 2 replica` cuts it.
    void oldMasterReplicatesTheNewMasterThroughItsProxy()
    {
        {
            EngineRunner engine(replicated());
            QString error;
            QVERIFY2(engine.start(40000, &error), qPrintable(error));
            QElapsedTimer sinceReady;
            sinceReady.start();
            QString answer;
            QVERIFY(engine.command(QStringLiteral("node kill 1"), &answer));
            QVERIFY(engine.waitFor(
                [](const EngineSnapshot& s) {
                    return s.sentinels.masterNode == 1 && s.nodes[1].role == "master";
                },
                20000));
            QVERIFY2(engine.command(QStringLiteral("node restart 1"), &answer), qPrintable(answer));
            QElapsedTimer restarted;
            restarted.start();
            // Sentinel converts it within seconds of seeing it back (docs/benchmarks.md, "The
            // benchmark"), but on an overloaded machine (CI's sanitizer pass, with other tests
            // beside it) its timer runs late and it stops acting for 30 s (+tilt): room for that.
            const auto [replica, master] = convertedThroughProxy(engine, 90000);
            if (replica == -1)
                printSentinelAccount(engine);
            QVERIFY2(replica != -1,
                     "the restarted old master replicates node 2 through node 2's proxy");
            qInfo("linked %.1f s after the restart", restarted.elapsed() / 1000.0);
            QVERIFY(toldInHistory(engine, QStringLiteral("made node %1 replicate node %2 through "
                                                         "node %2's proxy")
                                              .arg(replica + 1)
                                              .arg(master + 1)));
            const EngineSnapshot& s = engine.last();
            QCOMPARE(replicationInfo(s.nodes[replica]).value("master_port").toUInt(),
                     uint(s.nodes[master].linkPort));
            cutLinkShowsLagThenHeals(engine, replica, master, sinceReady);
            QVERIFY(!toldInHistory(engine, QStringLiteral("at its own port")));
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
