// SPDX-License-Identifier: GPL-3.0-or-later
// One contract for the two places where a node's network faults reach a simulated client: the
// fault gate in the client's own connection (FaultGate, straight to the node) and the node's
// proxy (NodeProxy, through the client's Unix-socket listener). Every test runs on both
// ("gate" and "proxy" rows), with the engine's own client, a RedisConnection, against a real
// redis-server: partition (both ways, replies in flight, a connection made while cut, chosen
// clients), latency and jitter (once per round trip, never reordering), drop (all, none, some,
// and the same commands for the same seed), a client's own delay, a client's hold (both ways),
// and the same words for each fault and each refusal.
#include "base/steadyclock.h"
#include "net/faultgate.h"
#include "net/faultpolicy.h"
#include "net/nodeproxy.h"
#include "net/redisconnection.h"
#include "testfleet.h"
#include "waituntil.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTest>
#include <QTimer>
#include <functional>
#include <limits>
#include <memory>
#include <optional>

namespace {

using State = RedisConnection::State;
using Status = CommandResult::Status;

// Where client `id`'s connection goes and who sets the faults on its way: the node's gate or
// its proxy, both driven through NetworkFaults.
class Path
{
public:
    Path(const QString& kind, const NodeAddress& node)
    {
        if (kind == QLatin1String("proxy"))
            m_proxy = std::make_unique<NodeProxy>(node.host, node.port);
        else
            m_gate = std::make_unique<FaultGate>();
        m_node = node;
    }

    NetworkFaults& faults() { return m_proxy ? static_cast<NetworkFaults&>(*m_proxy) : *m_gate; }

    // A simulated client's connection to the node, as FleetNode routes it; not open yet.
    std::unique_ptr<RedisConnection> connection(int clientId, const QString& name)
    {
        RedisConnection::Options options;
        options.connectTimeoutMs = 400;
        options.backoffInitialMs = 20;
        options.backoffMaxMs = 50;
        NodeAddress address = m_node;
        if (m_proxy)
            address.host = m_proxy->listenLocal(clientId, name), address.port = 0;
        auto connection =
            std::make_unique<RedisConnection>(address, options, SteadyClock::instance());
        if (m_gate) {
            m_gate->nameClient(clientId, name);
            connection->setGate(m_gate.get(), clientId);
        }
        NetworkFaults* faults = &this->faults();
        connection->setSilenceReason([faults, clientId] {
            return faults->isClientPartitioned(clientId) ? QStringLiteral("cut off by the test")
                                                         : QString();
        });
        return connection;
    }

private:
    NodeAddress m_node;
    std::unique_ptr<NodeProxy> m_proxy;
    std::unique_ptr<FaultGate> m_gate;
};

struct Call
{
    std::optional<CommandResult> result;
};

std::shared_ptr<Call> start(RedisConnection& connection, const QByteArrayList& args,
                            int timeoutMs = 2000)
{
    auto call = std::make_shared<Call>();
    connection.send(args, timeoutMs, [call](const CommandResult& r) { call->result = r; });
    return call;
}

CommandResult run(RedisConnection& connection, const QByteArrayList& args, int timeoutMs = 2000)
{
    const auto call = start(connection, args, timeoutMs);
    waitUntil([&] { return call->result.has_value(); }, timeoutMs + 5000);
    return call->result.value_or(CommandResult{});
}

bool ready(RedisConnection& connection, int timeoutMs = 5000)
{
    connection.open();
    return waitUntil([&] { return connection.isReady(); }, timeoutMs);
}

qint64 infoField(const TestFleet& fleet, const QByteArray& field)
{
    const RedisReply info = fleet.command(0, {"INFO", "clients"});
    for (const QByteArray& line : info.text.split('\n'))
        if (line.startsWith(field + ':'))
            return line.mid(field.size() + 1).trimmed().toLongLong();
    return -1;
}

} // namespace

class TestFaultPaths : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();

    void forwards_data() { paths(); }
    void forwards();
    void partitionCutsBothWays_data() { paths(); }
    void partitionCutsBothWays();
    void partitionLosesTheReplyInFlight_data() { paths(); }
    void partitionLosesTheReplyInFlight();
    void connectionMadeWhileCutReachesNothing_data() { paths(); }
    void connectionMadeWhileCutReachesNothing();
    void partitionOfChosenClientsOnly_data() { paths(); }
    void partitionOfChosenClientsOnly();
    void latencyOncePerRoundTrip_data() { paths(); }
    void latencyOncePerRoundTrip();
    void jitterSpreadsRoundTrips_data() { paths(); }
    void jitterSpreadsRoundTrips();
    void latencyNeverReorders_data() { paths(); }
    void latencyNeverReorders();
    void partitionLosesWhatLatencyStillHeld_data() { paths(); }
    void partitionLosesWhatLatencyStillHeld();
    void dropAllThenNone_data() { paths(); }
    void dropAllThenNone();
    void dropLosesWholeCommandsTheSeedChooses_data() { paths(); }
    void dropLosesWholeCommandsTheSeedChooses();
    void clientDelayIsTheClientsOwn_data() { paths(); }
    void clientDelayIsTheClientsOwn();
    void holdKeepsBothWaysUntilReleased_data() { paths(); }
    void holdKeepsBothWaysUntilReleased();
    void saysTheSameWords_data() { paths(); }
    void saysTheSameWords();

private:
    static void paths();
    std::unique_ptr<TestFleet> m_fleet;
    std::unique_ptr<Path> m_path;
};

void TestFaultPaths::paths()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("gate") << QStringLiteral("gate");
    QTest::newRow("proxy") << QStringLiteral("proxy");
}

void TestFaultPaths::initTestCase()
{
    m_fleet = std::make_unique<TestFleet>(1);
    QVERIFY2(m_fleet->ok(), qPrintable(m_fleet->error()));
}

void TestFaultPaths::cleanupTestCase()
{
    m_path.reset();
    m_fleet.reset();
}

// Each test gets a fresh path with no fault, on the same node.
void TestFaultPaths::init()
{
    m_path.reset();
    QFETCH(QString, path);
    m_path = std::make_unique<Path>(path, m_fleet->address(0));
    QCOMPARE(m_fleet->command(0, {"FLUSHALL"}).text, QByteArray("OK"));
}

void TestFaultPaths::forwards()
{
    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    QVERIFY(run(*c1, {"SET", "fp:k", "v"}).reply.isOkStatus());
    QCOMPARE(run(*c1, {"GET", "fp:k"}).reply.text, QByteArray("v"));
    QCOMPARE(m_fleet->command(0, {"GET", "fp:k"}).text, QByteArray("v"));
}

void TestFaultPaths::partitionCutsBothWays()
{
    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    m_path->faults().setPartitioned(true);
    const CommandResult lost = run(*c1, {"SET", "fp:cut", "x"}, 150);
    QCOMPARE(lost.status, Status::Timeout);
    QCOMPARE(lost.error, QStringLiteral("no reply within 150 ms: cut off by the test"));
    QCOMPARE(m_fleet->command(0, {"EXISTS", "fp:cut"}).integer, qint64(0));
    // Reconnecting while cut: connected, and nothing answers the handshake.
    QVERIFY(waitUntil([&] { return c1->lastError().startsWith("no answer within 400 ms"); }, 5000));
    QCOMPARE(c1->lastError(), QStringLiteral("no answer within 400 ms: cut off by the test"));

    m_path->faults().heal();
    QVERIFY(waitUntil([&] { return c1->isReady(); }, 5000));
    QCOMPARE(run(*c1, {"PING"}).reply.text, QByteArray("PONG"));
}

void TestFaultPaths::partitionLosesTheReplyInFlight()
{
    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    const auto blocked = start(*c1, {"BLPOP", "fp:queue", "0"}, 1500);
    QTRY_COMPARE(infoField(*m_fleet, "blocked_clients"), qint64(1)); // it reached the node
    m_path->faults().setPartitioned(true);
    QCOMPARE(m_fleet->command(0, {"LPUSH", "fp:queue", "v"}).integer, qint64(1));
    // The node answered (the element is gone); the cut lost the answer.
    QTRY_COMPARE(m_fleet->command(0, {"LLEN", "fp:queue"}).integer, qint64(0));
    QVERIFY(waitUntil([&] { return blocked->result.has_value(); }, 5000));
    QCOMPARE(blocked->result->status, Status::Timeout);
}

void TestFaultPaths::connectionMadeWhileCutReachesNothing()
{
    m_path->faults().setPartitioned(true);
    const qint64 before = infoField(*m_fleet, "connected_clients");
    auto c1 = m_path->connection(1, "C1");
    c1->open();
    QVERIFY(waitUntil([&] { return !c1->lastError().isEmpty(); }, 5000));
    QCOMPARE(c1->lastError(), QStringLiteral("no answer within 400 ms: cut off by the test"));
    QCOMPARE(infoField(*m_fleet, "connected_clients"), before); // the node never saw it
    m_path->faults().heal();
    QVERIFY(waitUntil([&] { return c1->isReady(); }, 5000));
    QTRY_COMPARE(infoField(*m_fleet, "connected_clients"), before + 1);
}

void TestFaultPaths::partitionOfChosenClientsOnly()
{
    auto c1 = m_path->connection(1, "C1");
    auto c2 = m_path->connection(2, "C2");
    QVERIFY(ready(*c1));
    QVERIFY(ready(*c2));
    m_path->faults().setPartitionedClients({2});
    QCOMPARE(run(*c1, {"PING"}).reply.text, QByteArray("PONG"));
    QCOMPARE(run(*c2, {"PING"}, 150).status, Status::Timeout);
    m_path->faults().setClientPartitioned(2, false);
    QVERIFY(waitUntil([&] { return c2->isReady(); }, 5000));
    QCOMPARE(run(*c2, {"PING"}).reply.text, QByteArray("PONG"));
}

void TestFaultPaths::latencyOncePerRoundTrip()
{
    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    // A second of latency: the bounds below tell one delay from two with a second's room for
    // what two busy cores under the sanitizers add to a round trip (200 ms left them 200).
    QVERIFY(m_path->faults().setLatency(1000, 0));
    for (int i = 0; i < 3; ++i) {
        const CommandResult r = run(*c1, {"PING"}, 5000);
        QCOMPARE(r.reply.text, QByteArray("PONG"));
        QVERIFY2(r.latencyUs() >= 1000000, qPrintable(QString::number(r.latencyUs())));
        // Replies are not delayed: a second delay would put it at 2 s or more.
        QVERIFY2(r.latencyUs() < 2000000, qPrintable(QString::number(r.latencyUs())));
    }
    QVERIFY(m_path->faults().setLatency(0, 0));
    const qint64 healedUs = run(*c1, {"PING"}).latencyUs();
    QVERIFY2(healedUs < 1000000, qPrintable(QString::number(healedUs)));
}

void TestFaultPaths::jitterSpreadsRoundTrips()
{
    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    QVERIFY(m_path->faults().setLatency(20, 60));
    qint64 low = std::numeric_limits<qint64>::max();
    qint64 high = 0;
    for (int i = 0; i < 20; ++i) {
        const CommandResult r = run(*c1, {"PING"});
        QCOMPARE(r.reply.text, QByteArray("PONG"));
        QVERIFY2(r.latencyUs() >= 20000, qPrintable(QString::number(r.latencyUs())));
        low = std::min(low, r.latencyUs());
        high = std::max(high, r.latencyUs());
    }
    // 20 draws from 0..60 ms all within 15 ms of each other: about 1 in 10^8.
    QVERIFY2(high - low > 15000, qPrintable(QStringLiteral("spread %1 us").arg(high - low)));
}

void TestFaultPaths::latencyNeverReorders()
{
    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    // Jitter far above the gap between commands: without the ordering rule, later ones would
    // often overtake earlier ones.
    QVERIFY(m_path->faults().setLatency(5, 50));
    const int n = 30;
    std::vector<std::shared_ptr<Call>> calls;
    for (int i = 0; i < n; ++i) {
        calls.push_back(start(*c1, {"RPUSH", "fp:order", QByteArray::number(i)}, 3000));
        QTest::qWait(2); // separate writes, so separate delays
    }
    QVERIFY(waitUntil([&] { return calls.back()->result.has_value(); }, 5000));
    for (int i = 0; i < n; ++i)
        QCOMPARE(calls[size_t(i)]->result->reply.integer, qint64(i + 1));
    const RedisReply list = m_fleet->command(0, {"LRANGE", "fp:order", "0", "-1"});
    QCOMPARE(list.elements.size(), n);
    for (int i = 0; i < n; ++i)
        QCOMPARE(list.elements.at(i).text, QByteArray::number(i));
}

void TestFaultPaths::partitionLosesWhatLatencyStillHeld()
{
    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    // A latency far above what a busy machine can stall between the send and the cut.
    QVERIFY(m_path->faults().setLatency(1000, 0));
    const auto call = start(*c1, {"SET", "fp:inflight", "x"}, 2500);
    QTest::qWait(50);                      // on its way, not there yet
    m_path->faults().setPartitioned(true); // the cut loses it
    QTest::qWait(1200);                    // past the moment it was due
    QCOMPARE(m_fleet->command(0, {"EXISTS", "fp:inflight"}).integer, qint64(0));
    QVERIFY(waitUntil([&] { return call->result.has_value(); }, 5000));
    QCOMPARE(call->result->status, Status::Timeout);
}

void TestFaultPaths::dropAllThenNone()
{
    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    QVERIFY(m_path->faults().setDropRate(1.0));
    QCOMPARE(run(*c1, {"SET", "fp:dropped", "x"}, 150).status, Status::Timeout);
    QCOMPARE(m_fleet->command(0, {"EXISTS", "fp:dropped"}).integer, qint64(0));
    // Even the handshake of the reconnect is dropped.
    QVERIFY(waitUntil([&] { return c1->lastError().startsWith("no answer within"); }, 5000));
    QVERIFY(m_path->faults().setDropRate(0.0));
    QVERIFY(waitUntil([&] { return c1->isReady(); }, 5000));
    for (int i = 0; i < 20; ++i)
        QCOMPARE(run(*c1, {"PING"}).reply.text, QByteArray("PONG"));
}

// Commands written one by one in one burst, at 50% drop with a seed: the node gets exactly
// the commands the seed's draws keep (FaultPolicy, the rules both places use), whole and in
// order, whichever place draws them.
void TestFaultPaths::dropLosesWholeCommandsTheSeedChooses()
{
    constexpr quint32 seed = 20240611;
    const int n = 40;
    FaultPolicy model(seed);
    model.setDropRate(0.5);
    QByteArrayList expected;
    for (int i = 0; i < n; ++i)
        if (!model.drawDrop())
            expected << "value-" + QByteArray::number(i);
    QVERIFY(expected.size() >= 5 && expected.size() <= 35);

    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    m_path->faults().setRandomSeed(seed);
    QVERIFY(m_path->faults().setDropRate(0.5));
    std::vector<std::shared_ptr<Call>> calls;
    for (int i = 0; i < n; ++i) {
        calls.push_back(start(*c1, {"RPUSH", "fp:drops", "value-" + QByteArray::number(i)}, 3000));
        QTest::qWait(1); // each its own read at the proxy
    }
    QVERIFY(waitUntil([&] { return calls.back()->result.has_value(); }, 8000));
    const RedisReply list = m_fleet->command(0, {"LRANGE", "fp:drops", "0", "-1"});
    QByteArrayList got;
    for (const RedisReply& element : list.elements)
        got << element.text;
    QCOMPARE(got, expected);
}

void TestFaultPaths::clientDelayIsTheClientsOwn()
{
    auto c1 = m_path->connection(1, "C1");
    auto c2 = m_path->connection(2, "C2");
    QVERIFY(ready(*c1));
    QVERIFY(ready(*c2));
    // Far above what a busy machine adds to a round trip (a second: two busy cores under the
    // sanitizers), so the bounds below hold on one.
    m_path->faults().setClientDelay(2, 1000);
    const CommandResult far = run(*c2, {"PING"}, 5000);
    QVERIFY2(far.latencyUs() >= 1000000, qPrintable(QString::number(far.latencyUs())));
    const qint64 nearUs = run(*c1, {"PING"}).latencyUs();
    QVERIFY2(nearUs < 1000000, qPrintable(QString::number(nearUs)));
    m_path->faults().setClientDelay(2, 0);
    const qint64 backUs = run(*c2, {"PING"}).latencyUs();
    QVERIFY2(backUs < 1000000, qPrintable(QString::number(backUs)));
}

void TestFaultPaths::holdKeepsBothWaysUntilReleased()
{
    auto c1 = m_path->connection(1, "C1");
    QVERIFY(ready(*c1));
    // Node -> client: a reply that comes during the hold waits for its end.
    const auto blocked = start(*c1, {"BLPOP", "fp:held", "0"}, 3000);
    QTRY_COMPARE(infoField(*m_fleet, "blocked_clients"), qint64(1));
    m_path->faults().setClientHeld(1, true);
    QCOMPARE(m_fleet->command(0, {"LPUSH", "fp:held", "v"}).integer, qint64(1));
    // Client -> node: a request made during the hold waits too.
    const auto set = start(*c1, {"SET", "fp:later", "x"}, 3000);
    QTest::qWait(300);
    QVERIFY(!blocked->result);
    QVERIFY(!set->result);
    QCOMPARE(m_fleet->command(0, {"EXISTS", "fp:later"}).integer, qint64(0));

    m_path->faults().setClientHeld(1, false);
    QVERIFY(waitUntil([&] { return set->result.has_value(); }, 3000));
    QVERIFY(blocked->result.has_value());
    QCOMPARE(blocked->result->reply.elements.value(1).text, QByteArray("v"));
    QVERIFY(set->result->reply.isOkStatus());
}

void TestFaultPaths::saysTheSameWords()
{
    NetworkFaults& faults = m_path->faults();
    auto c2 = m_path->connection(2, "C2");
    auto c3 = m_path->connection(3, "C3");
    faults.setPartitionedClients({3, 2});
    QVERIFY(faults.setLatency(40, 20));
    QVERIFY(faults.setDropRate(0.3));
    QCOMPARE(faults.faultDescription(),
             QStringLiteral("partitioned from C2, C3; latency 40\u00b120 ms; drop 30%"));
    faults.setPartitioned(true);
    QVERIFY(faults.faultDescription().startsWith("partitioned from all clients; "));
    QVERIFY(!faults.setLatency(-1, 0));
    QCOMPARE(faults.lastError(), QStringLiteral("latency must be 0 or more ms and at most 600000 "
                                                "ms in all (fixed + jitter), got -1 + 0 ms"));
    QVERIFY(!faults.setDropRate(1.5));
    QCOMPARE(faults.lastError(), QStringLiteral("drop rate must be between 0 and 1, got 1.5"));
    faults.clearFaults();
    QCOMPARE(faults.faultDescription(), QString());
}

QTEST_GUILESS_MAIN(TestFaultPaths)
#include "tst_faultpaths.moc"
