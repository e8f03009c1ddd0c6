// SPDX-License-Identifier: GPL-3.0-or-later
// What the snapshot says about nodes follows what the nodes say: a killed node's key is the
// last one seen and marked stale (unknown), a node that answers READONLY or OOM is shown
// refusing, and the quorum picture never counts a stale key. Real nodes throughout.
#include "enginerunner.h"
#include "testfleet.h"

#include <QTest>

namespace {

EngineConfig external(const TestFleet& fleet, int clients, const QString& settings)
{
    EngineConfig c;
    c.nodes = fleet.addresses();
    c.initialClients = clients;
    QString error;
    if (const auto s = c.clientDefaults.withAssignments(settings.split(' '), &error))
        c.clientDefaults = *s;
    else
        qFatal("%s", qPrintable(error));
    return c;
}

} // namespace

class TestTruthfulPicture : public QObject
{
    Q_OBJECT

private slots:
    void killedNodesKeyIsUnknownNotCounted()
    {
        EngineConfig c; // local nodes: the engine kills them itself
        c.initialClients = 1;
        c.clientDefaults = *c.clientDefaults.withAssignments({"ttl=20000", "work=20000"}, nullptr);
        EngineRunner engine(c);
        QString error;
        QVERIFY2(engine.start(20000, &error), qPrintable(error));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) {
                return !s.clients.isEmpty() && s.clients[0].inSection && !s.nodes[0].keys.isEmpty();
            },
            10000));
        QVERIFY(engine.command(QStringLiteral("node kill 1")));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) { return s.nodes[0].state == NodeSnapshot::State::Down; },
            5000));
        const NodeSnapshot& n1 = engine.last().nodes[0];
        QCOMPARE(n1.keys.size(), 1);
        QVERIFY(n1.keys[0].stale); // the last key seen there, not a live reading
        QCOMPARE(n1.keys[0].ownerClient, 1);
        // The quorum picture counts what can be read: 4 nodes agree, not 5.
        QCOMPARE(engine.last().resources[0].holders.value(0).nodeCount, 4);
        QCOMPARE(engine.last().resources[0].nodesUnknown(), 1);
    }

    void readonlyAndOomNodesAreShownRefusing()
    {
        TestFleet fleet(5);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        // Node 1 becomes a replica (writes: READONLY), node 2 has no memory left (OOM).
        const NodeAddress master = fleet.address(4);
        QCOMPARE(
            fleet.command(0, {"REPLICAOF", master.host.toUtf8(), QByteArray::number(master.port)})
                .text,
            QByteArray("OK"));
        QCOMPARE(fleet.command(1, {"CONFIG", "SET", "maxmemory-policy", "noeviction"}).text,
                 QByteArray("OK"));
        QCOMPARE(fleet.command(1, {"CONFIG", "SET", "maxmemory", "1"}).text, QByteArray("OK"));
        EngineRunner engine(external(fleet, 1, QStringLiteral("ttl=3000 work=100")));
        QString error;
        QVERIFY2(engine.start(20000, &error), qPrintable(error));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) {
                return s.nodes[0].refusal.startsWith(QLatin1String("READONLY")) &&
                       s.nodes[1].refusal.startsWith(QLatin1String("OOM"));
            },
            10000));
        // Three nodes still grant: the client keeps getting the lock.
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) { return s.clients[0].acquisitions >= 2; }, 10000));
        QVERIFY(engine.last().nodes[2].refusal.isEmpty());
        fleet.command(0, {"REPLICAOF", "NO", "ONE"});
        fleet.command(1, {"CONFIG", "SET", "maxmemory", "0"});
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) {
                return s.nodes[0].refusal.isEmpty() && s.nodes[1].refusal.isEmpty();
            },
            10000));
    }
};

QTEST_GUILESS_MAIN(TestTruthfulPicture)
#include "tst_truthfulpicture.moc"
