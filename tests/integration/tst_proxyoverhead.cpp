// SPDX-License-Identifier: GPL-3.0-or-later
// What the loopback proxy costs a round trip, measured by the benchmark's own RoundTripCost
// (app/bench/, also in `--bench --vs-node-redlock`): direct, a simulated client's path (its
// node's fault gate, or with --client-path proxy a listener on the proxy) and a foreign
// client's path (the exposed port) to the same node, interleaved in batches. It prints
// the figures and asserts only that every round trip was answered (never a time: this machine
// is shared and slow). Setups: one node; five nodes at once (a Redlock round); one node with a
// busy engine (its thread computes 20 µs at each turn of its loop, as many simulated clients
// keep it busy), where only the wall times count: they show the queueing the proxy adds.
#include "bench/roundtripcost.h"
#include "testfleet.h"

#include <QTest>
#include <memory>

class TestProxyOverhead : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void oneNode();
    void fiveNodesAtOnce();
    void oneNodeBusyEngine();

private:
    std::unique_ptr<TestFleet> m_fleet;
    void report(const char* what, const QList<NodeAddress>& nodes, int busyUs = 0);
};

void TestProxyOverhead::initTestCase()
{
    m_fleet = std::make_unique<TestFleet>(5);
    QVERIFY2(m_fleet->ok(), qPrintable(m_fleet->error()));
}

void TestProxyOverhead::cleanupTestCase()
{
    m_fleet.reset();
}

void TestProxyOverhead::report(const char* what, const QList<NodeAddress>& nodes, int busyUs)
{
    RoundTripCost::Options options;
    options.nodes = nodes;
    options.busyUs = busyUs;
    const RoundTripCost::Figures f = RoundTripCost::measure(options);
    QVERIFY2(f.error.isEmpty(), qPrintable(f.error));
    for (const RoundTripCost::Path* path : {&f.direct, &f.simulated, &f.proxied, &f.foreign}) {
        QVERIFY(path->ok);
        QCOMPARE(path->wallUs.count(), size_t(options.batches * options.perBatch));
    }
    const auto line = [what](const char* path, const RoundTripCost::Path& p,
                             const RoundTripCost::Path& direct) {
        qInfo("%s, %s: p50 %lld us (+%lld), p99 %lld us (+%lld), thread CPU %.1f us per round",
              what, path, p.wallUs.percentile(50),
              p.wallUs.percentile(50) - direct.wallUs.percentile(50), p.wallUs.percentile(99),
              p.wallUs.percentile(99) - direct.wallUs.percentile(99), p.cpuUs);
    };
    line("direct", f.direct, f.direct);
    line("simulated (gate)", f.simulated, f.direct);
    line("simulated through the proxy", f.proxied, f.direct);
    line("foreign", f.foreign, f.direct);
}

void TestProxyOverhead::oneNode()
{
    report("1 node, GET", {m_fleet->address(0)});
}

void TestProxyOverhead::fiveNodesAtOnce()
{
    report("5 nodes at once, GET", m_fleet->addresses());
}

void TestProxyOverhead::oneNodeBusyEngine()
{
    report("1 node, GET, busy engine", {m_fleet->address(0)}, 20);
}

QTEST_GUILESS_MAIN(TestProxyOverhead)
#include "tst_proxyoverhead.moc"
