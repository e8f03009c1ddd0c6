// SPDX-License-Identifier: GPL-3.0-or-later
// What the loopback proxy costs the engine: a benchmark that prints its figures and asserts
// only that every round trip was answered (never a time: this machine is shared and slow).
//
// It runs as the app does: an "engine" QThread owns the RedisConnections (and, as FleetNode
// does, creates the NodeProxy in that thread), and every PING waits for its reply in that
// thread's event loop. Direct and proxied round trips are interleaved in batches, so both
// see the same machine load. Two figures per setup:
// - wall time per round trip (median), direct vs through the proxy: the latency the proxy
//   adds to what the app shows;
// - CPU time of the engine thread per round trip (CLOCK_THREAD_CPUTIME_ID over a batch):
//   how much of the engine's own time the proxy's forwarding takes.
// Setups: one node, one PING at a time; five nodes at once (a Redlock round); and one node
// with a busy engine: a zero-interval timer in the engine thread works for kBusyUs at each
// turn of its event loop, as many simulated clients keep it busy in the app. Only wall times
// count there (the busy work is CPU time by design): they show the queueing that forwarding
// in the engine thread adds to what the app measures.
#include "base/steadyclock.h"
#include "net/nodeproxy.h"
#include "net/redisconnection.h"
#include "testfleet.h"

#include <QEventLoop>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <ctime>
#include <memory>
#include <tuple>
#include <vector>

namespace {

constexpr int kBatches = 10;
constexpr int kPerBatch = 200;
constexpr int kWarmUp = 200;
constexpr int kBusyUs = 20;

qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

qint64 median(std::vector<qint64> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

// One PING on each connection at once; returns the time until the last reply, or -1 if any
// reply was missing or not PONG.
qint64 round(const std::vector<RedisConnection*>& connections)
{
    QEventLoop loop;
    int answered = 0;
    bool allPong = true;
    const qint64 t0 = SteadyClock::instance().nowUs();
    qint64 lastUs = 0;
    for (RedisConnection* c : connections) {
        c->send({"PING"}, 2000, [&](const CommandResult& r) {
            allPong =
                allPong && r.status == CommandResult::Status::Replied && r.reply.text == "PONG";
            if (++answered == int(connections.size())) {
                lastUs = SteadyClock::instance().nowUs();
                loop.quit();
            }
        });
    }
    if (answered < int(connections.size())) {
        QTimer::singleShot(5000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return answered == int(connections.size()) && allPong ? lastUs - t0 : -1;
}

struct Figures
{
    qint64 wallUs = 0; // median per round
    double cpuUs = 0;  // engine-thread CPU per round, mean over all batches
    bool ok = true;
};

// Batches of rounds on each set, interleaved; both sets measured the same way.
void measure(const std::vector<RedisConnection*>& direct,
             const std::vector<RedisConnection*>& proxied, Figures* d, Figures* p)
{
    for (int i = 0; i < kWarmUp; ++i) {
        d->ok = d->ok && round(direct) >= 0;
        p->ok = p->ok && round(proxied) >= 0;
    }
    std::vector<qint64> directUs;
    std::vector<qint64> proxiedUs;
    qint64 directCpuNs = 0;
    qint64 proxiedCpuNs = 0;
    for (int batch = 0; batch < kBatches; ++batch) {
        for (auto [set, times, cpu, figures] :
             {std::tuple{&direct, &directUs, &directCpuNs, d},
              std::tuple{&proxied, &proxiedUs, &proxiedCpuNs, p}}) {
            const qint64 cpu0 = threadCpuNs();
            for (int i = 0; i < kPerBatch; ++i) {
                const qint64 us = round(*set);
                figures->ok = figures->ok && us >= 0;
                times->push_back(us);
            }
            *cpu += threadCpuNs() - cpu0;
        }
    }
    const double rounds = double(kBatches) * kPerBatch;
    d->wallUs = median(directUs);
    p->wallUs = median(proxiedUs);
    d->cpuUs = double(directCpuNs) / 1000.0 / rounds;
    p->cpuUs = double(proxiedCpuNs) / 1000.0 / rounds;
}

bool waitReady(const std::vector<RedisConnection*>& connections, int timeoutMs)
{
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (std::all_of(connections.begin(), connections.end(),
                        [](RedisConnection* c) { return c->isReady(); }))
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    poll.start(5);
    loop.exec();
    return std::all_of(connections.begin(), connections.end(),
                       [](RedisConnection* c) { return c->isReady(); });
}

// Everything below runs in the engine thread.
struct Run
{
    Figures direct;
    Figures proxied;
    QString error;
};

// Other work in the engine thread: at each turn of its event loop, kBusyUs of computing.
void keepBusy(QTimer* timer)
{
    timer->setInterval(0);
    QObject::connect(timer, &QTimer::timeout, timer, [] {
        const qint64 until = threadCpuNs() + qint64(kBusyUs) * 1000;
        while (threadCpuNs() < until) {
        }
    });
    timer->start();
}

Run runInEngineThread(const QList<NodeAddress>& nodes, bool busy)
{
    Run run;
    QTimer busyTimer;
    std::vector<std::unique_ptr<NodeProxy>> proxies;
    std::vector<std::unique_ptr<RedisConnection>> owned;
    std::vector<RedisConnection*> direct;
    std::vector<RedisConnection*> proxied;
    for (const NodeAddress& node : nodes) {
        proxies.push_back(std::make_unique<NodeProxy>(node.host, node.port));
        NodeAddress via = node;
        via.host = QStringLiteral("127.0.0.1");
        via.port = proxies.back()->listenPort(1, QStringLiteral("C1"));
        owned.push_back(std::make_unique<RedisConnection>(node));
        direct.push_back(owned.back().get());
        owned.push_back(std::make_unique<RedisConnection>(via));
        proxied.push_back(owned.back().get());
    }
    for (auto& c : owned)
        c->open();
    if (!waitReady(direct, 5000) || !waitReady(proxied, 5000)) {
        run.error = QStringLiteral("connections not ready");
        return run;
    }
    if (busy)
        keepBusy(&busyTimer);
    measure(direct, proxied, &run.direct, &run.proxied);
    busyTimer.stop();
    owned.clear(); // connections before the proxies they go through
    proxies.clear();
    return run;
}

} // namespace

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
    void report(const char* what, const QList<NodeAddress>& nodes, bool busy = false);
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

void TestProxyOverhead::report(const char* what, const QList<NodeAddress>& nodes, bool busy)
{
    QThread engine;
    engine.setObjectName(QStringLiteral("engine"));
    engine.start();
    Run run;
    QObject context;
    context.moveToThread(&engine);
    QMetaObject::invokeMethod(
        &context, [&] { run = runInEngineThread(nodes, busy); }, Qt::BlockingQueuedConnection);
    engine.quit();
    QVERIFY(engine.wait(10000));

    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    QVERIFY(run.direct.ok);
    QVERIFY(run.proxied.ok);
    qInfo("%s, %d rounds each: wall median direct %lld us, proxied %lld us, added %lld us", what,
          kBatches * kPerBatch, run.direct.wallUs, run.proxied.wallUs,
          run.proxied.wallUs - run.direct.wallUs);
    if (!busy)
        qInfo("%s: engine-thread CPU per round direct %.1f us, proxied %.1f us, added %.1f us",
              what, run.direct.cpuUs, run.proxied.cpuUs, run.proxied.cpuUs - run.direct.cpuUs);
}

void TestProxyOverhead::oneNode()
{
    report("1 node, PING", {m_fleet->address(0)});
}

void TestProxyOverhead::fiveNodesAtOnce()
{
    report("5 nodes at once, PING", m_fleet->addresses());
}

void TestProxyOverhead::oneNodeBusyEngine()
{
    report("1 node, PING, busy engine", {m_fleet->address(0)}, true);
}

QTEST_GUILESS_MAIN(TestProxyOverhead)
#include "tst_proxyoverhead.moc"
