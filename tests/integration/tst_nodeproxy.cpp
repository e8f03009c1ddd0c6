// SPDX-License-Identifier: GPL-3.0-or-later
// NodeProxy between blocking hiredis clients and a real redis-server: forwarding, partition
// (all clients, chosen clients, replies in flight, held-back connections), latency and
// jitter, drop of whole commands, telling the client why the node cannot be reached, clean
// closing in every direction, a killed node, and the shared network thread.
//
// Threads: the clients here use hiredis's BLOCKING API (TestFleet::redisCommand and the
// BlockingClient below) or blocking QTcpSocket calls, which block the test thread until the
// reply or the timeout. The NodeProxy object lives in the test thread, as it lives in the
// engine thread in the app, and is called directly: its socket work happens in the shared
// network thread, so every test here also shows that forwarding never needs the owner's
// thread. Its signals come through the owner's event loop (QTRY_* and QSignalSpy spin it).
#include "net/networkthread.h"
#include "net/nodeproxy.h"
#include "net/redisconnection.h"
#include "net/redisreply.h"
#include "testfleet.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <functional>
#include <hiredis/hiredis.h>
#include <limits>
#include <memory>
#include <sys/time.h>
#include <utility>
#include <vector>

namespace {

timeval toTimeval(int ms)
{
    timeval tv{};
    tv.tv_sec = ms / 1000;
    tv.tv_usec = (ms % 1000) * 1000;
    return tv;
}

// A NodeProxy owned by the test; call() runs a function on it here, in the owner's thread.
class TestProxy
{
public:
    TestProxy(const QString& host, quint16 port) : m_proxy(std::make_unique<NodeProxy>(host, port))
    {}

    template <typename F> auto call(F&& function) { return function(*m_proxy); }

    quint16 port(int clientId, const QString& name = {})
    {
        return m_proxy->listenPort(clientId, name);
    }
    int count() { return m_proxy->connectionCount(); }
    NodeProxy* proxy() const { return m_proxy.get(); }
    void destroyProxy() { m_proxy.reset(); }

private:
    std::unique_ptr<NodeProxy> m_proxy;
};

NodeAddress proxyAddress(quint16 port)
{
    return NodeAddress{QStringLiteral("127.0.0.1"), port, {}, {}, 0};
}

// One persistent blocking hiredis connection, for what a one-shot redisCommand cannot show:
// round-trip times on an open connection, pipelining, a request in flight while a fault starts.
// Replies with no answer are made up as TestFleet does, so TestFleet::isTimeout() and
// isClientError() recognise them. After one of those, hiredis's context is dead: reconnect.
class BlockingClient
{
public:
    BlockingClient(quint16 port, int timeoutMs)
    {
        m_context = redisConnectWithTimeout("127.0.0.1", port, toTimeval(timeoutMs));
        if (m_context && !m_context->err)
            redisSetTimeout(m_context, toTimeval(timeoutMs));
    }
    ~BlockingClient() { close(); }
    BlockingClient(const BlockingClient&) = delete;
    BlockingClient& operator=(const BlockingClient&) = delete;

    bool ok() const { return m_context && !m_context->err; }
    QString error() const
    {
        return m_context ? QString::fromUtf8(m_context->errstr) : QStringLiteral("no memory");
    }
    void close()
    {
        if (m_context)
            redisFree(m_context);
        m_context = nullptr;
    }

    RedisReply command(const QByteArrayList& args)
    {
        if (!send(args))
            return failure(errno);
        return reply();
    }
    // Writes the command now (its own write(), hence its own chunk at the proxy), no reading.
    bool send(const QByteArrayList& args)
    {
        if (!ok())
            return false;
        std::vector<const char*> argv;
        std::vector<size_t> argvlen;
        for (const QByteArray& arg : args) {
            argv.push_back(arg.constData());
            argvlen.push_back(size_t(arg.size()));
        }
        if (redisAppendCommandArgv(m_context, int(argv.size()), argv.data(), argvlen.data()) !=
            REDIS_OK)
            return false;
        int done = 0;
        while (!done)
            if (redisBufferWrite(m_context, &done) != REDIS_OK)
                return false;
        return true;
    }
    RedisReply reply()
    {
        if (!m_context)
            return RedisReply::error("CLIENT-ERROR io: no connection");
        void* raw = nullptr;
        errno = 0;
        if (redisGetReply(m_context, &raw) != REDIS_OK || !raw)
            return failure(errno);
        RedisReply result = RedisReply::fromHiredis(static_cast<redisReply*>(raw));
        freeReplyObject(raw);
        return result;
    }

private:
    RedisReply failure(int savedErrno) const
    {
        const bool timeout = m_context && m_context->err == REDIS_ERR_IO &&
                             (savedErrno == EAGAIN || savedErrno == EWOULDBLOCK);
        return RedisReply::error(QByteArray("CLIENT-ERROR ") + (timeout ? "timeout" : "io") + ": " +
                                 error().toUtf8());
    }

    redisContext* m_context = nullptr;
};

bool isPong(const RedisReply& reply)
{
    return reply.type == RedisReply::Type::Status && reply.text == "PONG";
}

qint64 roundTripUs(BlockingClient& client, const QByteArrayList& args, RedisReply* reply)
{
    QElapsedTimer timer;
    timer.start();
    *reply = client.command(args);
    return timer.nsecsElapsed() / 1000;
}

qint64 median(std::vector<qint64> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

// connected_clients from INFO, as the node itself counts them (this inspecting one included).
qint64 nodeClientCount(const TestFleet& fleet)
{
    const RedisReply info = fleet.command(0, {"INFO", "clients"});
    for (const QByteArray& line : info.text.split('\n'))
        if (line.startsWith("connected_clients:"))
            return line.mid(int(qstrlen("connected_clients:"))).trimmed().toLongLong();
    return -1;
}

qint64 nodeBlockedClients(const TestFleet& fleet)
{
    const RedisReply info = fleet.command(0, {"INFO", "clients"});
    for (const QByteArray& line : info.text.split('\n'))
        if (line.startsWith("blocked_clients:"))
            return line.mid(int(qstrlen("blocked_clients:"))).trimmed().toLongLong();
    return -1;
}

// A plain TCP client with blocking calls: each send() is one write of exactly those bytes,
// which is what a test of how the proxy cuts the stream needs (hiredis writes whole commands).
class RawClient
{
public:
    explicit RawClient(quint16 port)
    {
        m_socket.connectToHost(QHostAddress::LocalHost, port);
        m_socket.waitForConnected(2000);
        m_socket.setSocketOption(QAbstractSocket::LowDelayOption, 1);
    }
    bool ok() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    bool send(const QByteArray& bytes)
    {
        m_socket.write(bytes);
        while (m_socket.bytesToWrite() > 0)
            if (!m_socket.waitForBytesWritten(2000))
                return false;
        return true;
    }
    // Everything read until the received bytes end with `end` (or the time is up).
    QByteArray readUntil(const QByteArray& end, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        while (!m_received.endsWith(end) && timer.elapsed() < timeoutMs) {
            if (m_socket.bytesAvailable() == 0 &&
                !m_socket.waitForReadyRead(int(std::max<qint64>(1, timeoutMs - timer.elapsed()))))
                break;
            m_received += m_socket.readAll();
        }
        return std::exchange(m_received, {});
    }

private:
    QTcpSocket m_socket;
    QByteArray m_received;
};

// Bytes that other clients of the node have sent and it has not executed yet (the "qbuf" of
// CLIENT LIST): a command the node holds only in part.
qint64 nodePendingQueryBytes(const TestFleet& fleet)
{
    const RedisReply list = fleet.command(0, {"CLIENT", "LIST"});
    qint64 total = 0;
    for (const QByteArray& line : list.text.split('\n')) {
        if (line.contains("cmd=client|list"))
            continue; // the asking connection itself
        for (const QByteArray& field : line.split(' '))
            if (field.startsWith("qbuf="))
                total += field.mid(5).toLongLong();
    }
    return total;
}

// A listener that never accepts, with its backlog already taken by one connection: the
// kernel then drops further SYNs (tcp_abort_on_overflow is off by default), so a connect to
// it stays in SYN-SENT, retrying for far longer than any timeout here. That is a connect
// timeout on loopback, deterministic, with no network needed. usable() is false when this
// kernel answers the handshake anyway: the test then skips.
class BlackHole
{
public:
    BlackHole()
    {
        m_server.setListenBacklogSize(0);
        m_server.listen(QHostAddress::LocalHost);
        m_server.pauseAccepting();
        m_filler.connectToHost(QHostAddress::LocalHost, m_server.serverPort());
        m_filler.waitForConnected(1000);
    }
    quint16 port() const { return m_server.serverPort(); }
    bool usable()
    {
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, port());
        return m_server.isListening() && !probe.waitForConnected(300);
    }

private:
    QTcpServer m_server;
    QTcpSocket m_filler;
};

} // namespace

class TestNodeProxy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void listenPortIsPerClientAndStable();
    void forwardsBothWays();
    void forwardsLargeValuesAndPipelines();
    void partitionAllCutsBothDirections();
    void partitionDiscardsRepliesInFlight();
    void heldBackConnectionGoesUpstreamOnHeal();
    void heldBackConnectionClosedDuringCutIsForgotten();
    void partitionChosenClientsOnly();
    void fixedLatencyIsAddedOncePerRoundTrip();
    void jitterSpreadsRoundTrips();
    void latencyNeverReordersWithinAConnection();
    void dropAllThenNone();
    void dropHalfLosesSome();
    void dropKeepsSplitCommandsWhole();
    void dropOverPipelinedCommands();
    void dropSwitchedOnMidCommandCompletesIt();
    void refusesBadFaultValues();
    void describesFaults();
    void clientCloseClosesUpstream();
    void upstreamCloseClosesClientAfterItsLastReply();
    void releaseClientClosesListenerAndConnections();
    void destructorClosesEverything();
    void killedNodeClosesClientConnections();
    void closeToFrozenNodeWaitsForTheNode();
    void unreachableNodeIsToldToTheClient();
    void upstreamConnectTimesOut();
    void workRunsInOneSharedNetworkThread();
    void addedLatencyWithoutFaults();
    void replicationLinkLetsSentinelsPastItsFaults();
    void replicationLinkTakesItsFaultsBothWays();
    void replicationLinkForgetsAConnectionClosedUnsorted();
    void cutReplicationLinkHoldsItsBytesUntilHealed();

private:
    std::unique_ptr<TestFleet> m_fleet;
    std::unique_ptr<TestProxy> m_proxy;

    void newProxy();
};

void TestNodeProxy::initTestCase()
{
    m_fleet = std::make_unique<TestFleet>(1);
    QVERIFY2(m_fleet->ok(), qPrintable(m_fleet->error()));
}

void TestNodeProxy::cleanupTestCase()
{
    m_proxy.reset();
    m_fleet.reset();
}

// Each test gets a fresh proxy (no faults left over), the node stays.
void TestNodeProxy::newProxy()
{
    m_proxy.reset();
    m_proxy = std::make_unique<TestProxy>(m_fleet->address(0).host, m_fleet->address(0).port);
}

void TestNodeProxy::listenPortIsPerClientAndStable()
{
    newProxy();
    const quint16 one = m_proxy->port(1, "C1");
    const quint16 two = m_proxy->port(2, "C2");
    QVERIFY(one != 0);
    QVERIFY(two != 0);
    QVERIFY(one != two);
    QCOMPARE(m_proxy->port(1), one);
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.lastError(); }).isEmpty());
    QCOMPARE(m_proxy->count(), 0);
}

void TestNodeProxy::forwardsBothWays()
{
    newProxy();
    const NodeAddress through = proxyAddress(m_proxy->port(1));
    QVERIFY(TestFleet::redisCommand(through, {"SET", "proxy:fwd", "hello"}).isOkStatus());
    QCOMPARE(TestFleet::redisCommand(through, {"GET", "proxy:fwd"}).text, QByteArray("hello"));
    QCOMPARE(m_fleet->command(0, {"GET", "proxy:fwd"}).text, QByteArray("hello"));
    QTRY_COMPARE(m_proxy->count(), 0); // each redisCommand() closed its connection
}

void TestNodeProxy::forwardsLargeValuesAndPipelines()
{
    newProxy();
    BlockingClient client(m_proxy->port(1), 5000);
    QVERIFY2(client.ok(), qPrintable(client.error()));

    // 4 MB each way: many reads, many chunks, partial writes.
    QByteArray big(4 * 1024 * 1024, '\0');
    for (int i = 0; i < big.size(); ++i)
        big[i] = char('a' + i % 26);
    QVERIFY(client.command({"SET", "proxy:big", big}).isOkStatus());
    QCOMPARE(client.command({"GET", "proxy:big"}).text, big);

    // 10,000 pipelined commands, then their replies, in order.
    for (int i = 0; i < 10000; ++i)
        QVERIFY(client.send({"INCR", "proxy:pipeline"}));
    for (int i = 1; i <= 10000; ++i) {
        const RedisReply reply = client.reply();
        QCOMPARE(reply.type, RedisReply::Type::Integer);
        QCOMPARE(reply.integer, qint64(i));
    }
    client.close();
    QTRY_COMPARE(m_proxy->count(), 0);
}

void TestNodeProxy::partitionAllCutsBothDirections()
{
    newProxy();
    const quint16 port = m_proxy->port(1);
    BlockingClient before(port, 200);
    QVERIFY(isPong(before.command({"PING"})));

    m_proxy->call([](NodeProxy& p) { p.setPartitioned(true); });
    // An open connection: the request is lost, the client times out.
    QVERIFY(TestFleet::isTimeout(before.command({"SET", "proxy:cut", "x"})));
    QVERIFY(m_fleet->command(0, {"EXISTS", "proxy:cut"}).integer == 0);
    // A new connection: accepted, but nothing answers.
    QVERIFY(TestFleet::isTimeout(TestFleet::redisCommand(proxyAddress(port), {"PING"}, 200)));

    m_proxy->call([](NodeProxy& p) { p.heal(); });
    QVERIFY(isPong(TestFleet::redisCommand(proxyAddress(port), {"PING"}, 1000)));
    before.close();
    QTRY_COMPARE(m_proxy->count(), 0);
}

void TestNodeProxy::partitionDiscardsRepliesInFlight()
{
    newProxy();
    QCOMPARE(m_fleet->command(0, {"DEL", "proxy:queue"}).type, RedisReply::Type::Integer);
    BlockingClient client(m_proxy->port(1), 300);
    QVERIFY(client.send({"BLPOP", "proxy:queue", "0"}));
    // The request reached the node (it is blocked on it) before the cut starts.
    QTRY_COMPARE(nodeBlockedClients(*m_fleet), qint64(1));

    m_proxy->call([](NodeProxy& p) { p.setPartitioned(true); });
    QCOMPARE(m_fleet->command(0, {"LPUSH", "proxy:queue", "v"}).integer, qint64(1));
    // The node answered (the element is gone), the cut lost the answer.
    QTRY_COMPARE(m_fleet->command(0, {"LLEN", "proxy:queue"}).integer, qint64(0));
    QVERIFY(TestFleet::isTimeout(client.reply()));
}

void TestNodeProxy::heldBackConnectionGoesUpstreamOnHeal()
{
    newProxy();
    const quint16 port = m_proxy->port(1);
    m_proxy->call([](NodeProxy& p) { p.setPartitioned(true); });
    const qint64 nodeClientsBefore = nodeClientCount(*m_fleet);

    BlockingClient client(port, 2000); // the TCP handshake is the kernel's: it succeeds
    QVERIFY2(client.ok(), qPrintable(client.error()));
    QTRY_COMPARE(m_proxy->count(), 1);
    // Held back: no connection to the node yet.
    QCOMPARE(nodeClientCount(*m_fleet), nodeClientsBefore);

    m_proxy->call([](NodeProxy& p) { p.heal(); });
    QTRY_COMPARE(nodeClientCount(*m_fleet), nodeClientsBefore + 1);
    QVERIFY(isPong(client.command({"PING"})));
    client.close();
    QTRY_COMPARE(m_proxy->count(), 0);
    QTRY_COMPARE(nodeClientCount(*m_fleet), nodeClientsBefore);
}

void TestNodeProxy::heldBackConnectionClosedDuringCutIsForgotten()
{
    newProxy();
    const quint16 port = m_proxy->port(1);
    m_proxy->call([](NodeProxy& p) { p.setPartitioned(true); });
    const qint64 nodeClientsBefore = nodeClientCount(*m_fleet);
    {
        BlockingClient client(port, 2000);
        QVERIFY(client.ok());
        QTRY_COMPARE(m_proxy->count(), 1);
    }
    QTRY_COMPARE(m_proxy->count(), 0);
    m_proxy->call([](NodeProxy& p) { p.heal(); });
    QTest::qWait(50); // a wrongly opened upstream connection would show up by now
    QCOMPARE(m_proxy->count(), 0);
    QCOMPARE(nodeClientCount(*m_fleet), nodeClientsBefore);
}

void TestNodeProxy::partitionChosenClientsOnly()
{
    newProxy();
    const NodeAddress one = proxyAddress(m_proxy->port(1, "C1"));
    const NodeAddress two = proxyAddress(m_proxy->port(2, "C2"));
    m_proxy->call([](NodeProxy& p) { p.setPartitionedClients({2}); });
    QCOMPARE(m_proxy->call([](NodeProxy& p) { return p.faultDescription(); }),
             QStringLiteral("partitioned from C2"));

    QVERIFY(isPong(TestFleet::redisCommand(one, {"PING"}, 1000)));
    QVERIFY(TestFleet::isTimeout(TestFleet::redisCommand(two, {"PING"}, 200)));

    m_proxy->call([](NodeProxy& p) { p.setClientPartitioned(2, false); });
    QVERIFY(isPong(TestFleet::redisCommand(two, {"PING"}, 1000)));
    QCOMPARE(m_proxy->call([](NodeProxy& p) { return p.faultDescription(); }), QString());
    QTRY_COMPARE(m_proxy->count(), 0);
}

void TestNodeProxy::fixedLatencyIsAddedOncePerRoundTrip()
{
    newProxy();
    BlockingClient client(m_proxy->port(1), 2000);
    QVERIFY(isPong(client.command({"PING"}))); // upstream connected before measuring
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setLatency(100, 0); }));
    for (int i = 0; i < 5; ++i) {
        RedisReply reply;
        const qint64 us = roundTripUs(client, {"PING"}, &reply);
        QVERIFY(isPong(reply));
        QVERIFY2(us >= 100000, qPrintable(QStringLiteral("%1 us").arg(us)));
        // Replies are not delayed: a second 100 ms would put it at 200 ms.
        QVERIFY2(us < 180000, qPrintable(QStringLiteral("%1 us").arg(us)));
    }
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setLatency(0, 0); }));
    RedisReply reply;
    QVERIFY(roundTripUs(client, {"PING"}, &reply) < 100000); // not the 100 ms any more
    QVERIFY(isPong(reply));
}

void TestNodeProxy::jitterSpreadsRoundTrips()
{
    newProxy();
    BlockingClient client(m_proxy->port(1), 2000);
    QVERIFY(isPong(client.command({"PING"})));
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setLatency(20, 60); }));
    qint64 low = std::numeric_limits<qint64>::max();
    qint64 high = 0;
    for (int i = 0; i < 20; ++i) {
        RedisReply reply;
        const qint64 us = roundTripUs(client, {"PING"}, &reply);
        QVERIFY(isPong(reply));
        QVERIFY2(us >= 20000, qPrintable(QStringLiteral("%1 us").arg(us)));
        QVERIFY2(us < 20000 + 60000 + 60000, qPrintable(QStringLiteral("%1 us").arg(us)));
        low = std::min(low, us);
        high = std::max(high, us);
    }
    // 20 draws from 0..60 ms all within 15 ms of each other: about 1 in 10^8.
    QVERIFY2(high - low > 15000, qPrintable(QStringLiteral("spread %1 us").arg(high - low)));
}

void TestNodeProxy::latencyNeverReordersWithinAConnection()
{
    newProxy();
    QCOMPARE(m_fleet->command(0, {"DEL", "proxy:order"}).type, RedisReply::Type::Integer);
    BlockingClient client(m_proxy->port(1), 3000);
    QVERIFY(isPong(client.command({"PING"})));
    // Jitter far above the gap between chunks: without the ordering rule, later chunks
    // would often overtake earlier ones.
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setLatency(5, 50); }));
    const int n = 30;
    for (int i = 0; i < n; ++i) {
        QVERIFY(client.send({"RPUSH", "proxy:order", QByteArray::number(i)}));
        QThread::usleep(2000); // separate reads at the proxy, so separate delays
    }
    for (int i = 1; i <= n; ++i)
        QCOMPARE(client.reply().integer, qint64(i));
    const RedisReply list = m_fleet->command(0, {"LRANGE", "proxy:order", "0", "-1"});
    QCOMPARE(list.elements.size(), n);
    for (int i = 0; i < n; ++i)
        QCOMPARE(list.elements.at(i).text, QByteArray::number(i));
}

void TestNodeProxy::dropAllThenNone()
{
    newProxy();
    const quint16 port = m_proxy->port(1);
    BlockingClient open(port, 200);
    QVERIFY(isPong(open.command({"PING"})));

    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setDropRate(1.0); }));
    QVERIFY(TestFleet::isTimeout(open.command({"SET", "proxy:dropped", "x"})));
    QCOMPARE(m_fleet->command(0, {"EXISTS", "proxy:dropped"}).integer, qint64(0));
    QVERIFY(TestFleet::isTimeout(TestFleet::redisCommand(proxyAddress(port), {"PING"}, 200)));

    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setDropRate(0.0); }));
    for (int i = 0; i < 20; ++i)
        QVERIFY(isPong(TestFleet::redisCommand(proxyAddress(port), {"PING"}, 1000)));
    open.close();
    QTRY_COMPARE(m_proxy->count(), 0);
}

void TestNodeProxy::dropHalfLosesSome()
{
    newProxy();
    const quint16 port = m_proxy->port(1);
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setDropRate(0.5); }));
    int answered = 0;
    int lost = 0;
    for (int i = 0; i < 30; ++i) {
        const RedisReply reply = TestFleet::redisCommand(proxyAddress(port), {"PING"}, 100);
        if (isPong(reply))
            ++answered;
        else if (TestFleet::isTimeout(reply))
            ++lost;
    }
    QCOMPARE(answered + lost, 30); // nothing else (no protocol error, no reset)
    // Both at least 3 of 30 at p = 0.5: fails about once in 10^5 runs.
    QVERIFY2(answered >= 3 && lost >= 3,
             qPrintable(QStringLiteral("%1 answered, %2 lost").arg(answered).arg(lost)));
    QTRY_COMPARE(m_proxy->count(), 0);
}

// Each command is written in two writes with a pause between them, so the proxy reads the
// halves separately; cut points vary (inside a header, inside a value, inside an inline line).
void TestNodeProxy::dropKeepsSplitCommandsWhole()
{
    newProxy();
    const int n = 40;
    for (int i = 0; i < n; ++i)
        QCOMPARE(m_fleet->command(0, {"DEL", "proxy:split:" + QByteArray::number(i)}).type,
                 RedisReply::Type::Integer);
    RawClient client(m_proxy->port(1));
    QVERIFY(client.ok());
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setDropRate(0.5); }));
    for (int i = 0; i < n; ++i) {
        const QByteArray key = "proxy:split:" + QByteArray::number(i);
        const QByteArray value = "value-" + QByteArray::number(i);
        const QByteArray command = i % 2 == 0 ? RedisConnection::encode({"SET", key, value})
                                              : "SET " + key + ' ' + value + "\r\n"; // inline
        const qsizetype cut = 1 + (i * 7) % (command.size() - 1);
        QVERIFY(client.send(command.left(cut)));
        QThread::msleep(20);
        QVERIFY(client.send(command.mid(cut)));
    }
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setDropRate(0.0); }));
    QVERIFY(client.send(RedisConnection::encode({"PING"})));
    const QByteArray replies = client.readUntil("+PONG\r\n", 3000);

    // Only OKs, then the PONG: no protocol error, and the node kept the connection open.
    const auto executed = replies.count("+OK\r\n");
    QCOMPARE(replies, QByteArray("+OK\r\n").repeated(executed) + "+PONG\r\n");
    // Each command all there or not at all.
    qsizetype present = 0;
    for (int i = 0; i < n; ++i) {
        const RedisReply value =
            m_fleet->command(0, {"GET", "proxy:split:" + QByteArray::number(i)});
        if (value.isNil())
            continue;
        QCOMPARE(value.text, "value-" + QByteArray::number(i));
        ++present;
    }
    QCOMPARE(present, executed);
    qInfo("%lld of %d split commands executed at drop 50%%", qint64(executed), n);
    // At p = 0.5, fewer than 5 or more than 35 of 40: about 1 in 10^7.
    QVERIFY2(executed >= 5 && executed <= 35, qPrintable(QString::number(executed)));
}

// Many commands in one stream, written in pieces that cut them anywhere, with values that
// look like commands: the node sees a clean stream of whole commands, in order.
void TestNodeProxy::dropOverPipelinedCommands()
{
    newProxy();
    QCOMPARE(m_fleet->command(0, {"DEL", "proxy:pipe"}).type, RedisReply::Type::Integer);
    RawClient client(m_proxy->port(1));
    QVERIFY(client.ok());
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setDropRate(0.3); }));
    const int n = 200;
    QByteArray stream;
    for (int i = 0; i < n; ++i) {
        const QByteArray payload =
            QByteArray::number(i) + "\r\n*1\r\n$4\r\nPING\r\n" + QByteArray(i % 50, 'x');
        stream += RedisConnection::encode({"RPUSH", "proxy:pipe", payload});
    }
    for (qsizetype at = 0; at < stream.size(); at += 37) {
        QVERIFY(client.send(stream.mid(at, 37)));
        if ((at / 37) % 8 == 0)
            QThread::msleep(1);
    }
    // Every piece through the proxy while drop is on, however late a busy machine lets it read
    // them (a fixed 50 ms before drop went off could leave the last ones undropped): a PING
    // after them, sent again until one comes back, since a PING may be dropped too. Replies
    // come in order, so the first PONG follows every reply there is; what follows it (a PING
    // sent again meanwhile) is left unread. A bound for a hang only.
    QByteArray replies;
    QElapsedTimer waited;
    waited.start();
    while (!replies.contains("+PONG\r\n") && waited.elapsed() < 60000) {
        QVERIFY(client.send(RedisConnection::encode({"PING"})));
        replies += client.readUntil("+PONG\r\n", 500);
    }
    replies.truncate(replies.indexOf("+PONG\r\n") + 7);
    QVERIFY2(replies.endsWith("+PONG\r\n"), replies.right(200).constData());

    // :1 :2 ... :k, then the PONG: the connection survived and nothing was cut in half.
    const QList<QByteArray> lines = replies.chopped(2).split('\n');
    const qsizetype executed = lines.size() - 1;
    for (qsizetype i = 0; i < executed; ++i)
        QCOMPARE(lines.at(i), ':' + QByteArray::number(i + 1) + '\r');
    const RedisReply list = m_fleet->command(0, {"LRANGE", "proxy:pipe", "0", "-1"});
    QCOMPARE(list.elements.size(), executed);
    int previous = -1;
    for (const RedisReply& element : list.elements) {
        const int i = element.text.left(element.text.indexOf('\r')).toInt();
        QVERIFY(i > previous); // in order, each one intact
        QCOMPARE(element.text,
                 QByteArray::number(i) + "\r\n*1\r\n$4\r\nPING\r\n" + QByteArray(i % 50, 'x'));
        previous = i;
    }
    qInfo("%lld of %d pipelined commands executed at drop 30%%", qint64(executed), n);
    // Binomial(200, 0.7): mean 140, sd 6.5; this is over 6 sd either side.
    QVERIFY2(executed >= 100 && executed <= 180, qPrintable(QString::number(executed)));
}

// A command whose first half already went to the node when drop is switched on is
// completed; the next one is subject to the drop.
void TestNodeProxy::dropSwitchedOnMidCommandCompletesIt()
{
    newProxy();
    QCOMPARE(m_fleet->command(0, {"DEL", "proxy:mid", "proxy:after"}).type,
             RedisReply::Type::Integer);
    RawClient client(m_proxy->port(1));
    QVERIFY(client.ok());
    QVERIFY(client.send(RedisConnection::encode({"PING"})));
    QCOMPARE(client.readUntil("+PONG\r\n", 2000), QByteArray("+PONG\r\n"));

    const QByteArray first = RedisConnection::encode({"SET", "proxy:mid", "whole"});
    QVERIFY(client.send(first.left(first.size() - 4)));
    // The node holds the first half: it went through before drop was switched on.
    QTRY_VERIFY(nodePendingQueryBytes(*m_fleet) > 0);
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setDropRate(1.0); }));
    QVERIFY(client.send(first.right(4) + RedisConnection::encode({"SET", "proxy:after", "x"})));
    QTRY_COMPARE(m_fleet->command(0, {"GET", "proxy:mid"}).text, QByteArray("whole"));

    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setDropRate(0.0); }));
    QVERIFY(client.send(RedisConnection::encode({"PING"})));
    QCOMPARE(client.readUntil("+PONG\r\n", 2000), QByteArray("+OK\r\n+PONG\r\n"));
    QCOMPARE(m_fleet->command(0, {"EXISTS", "proxy:after"}).integer, qint64(0));
}

void TestNodeProxy::refusesBadFaultValues()
{
    newProxy();
    const auto refused = [this](std::function<bool(NodeProxy&)> set) {
        return m_proxy->call([&](NodeProxy& p) {
            return !set(p) && !p.lastError().isEmpty() && p.faultDescription().isEmpty();
        });
    };
    QVERIFY(refused([](NodeProxy& p) { return p.setLatency(-1, 0); }));
    QVERIFY(refused([](NodeProxy& p) { return p.setLatency(10, -5); }));
    QVERIFY(refused([](NodeProxy& p) { return p.setLatency(NodeProxy::kMaxDelayMs, 1); }));
    // The reason names the limit.
    QVERIFY2(m_proxy->call([](NodeProxy& p) { return p.lastError(); })
                 .contains(QString::number(NodeProxy::kMaxDelayMs)),
             qPrintable(m_proxy->call([](NodeProxy& p) { return p.lastError(); })));
    QVERIFY(refused([](NodeProxy& p) { return p.setLatency(NodeProxy::kMaxDelayMs + 1, 0); }));
    QVERIFY(m_proxy->call([](NodeProxy& p) {
        return p.setLatency(NodeProxy::kMaxDelayMs, 0) && p.lastError().isEmpty() &&
               p.setLatency(0, 0);
    }));
    QVERIFY(refused([](NodeProxy& p) { return p.setUpstreamConnectTimeout(0); }));
    QVERIFY(refused([](NodeProxy& p) { return p.setUpstreamConnectTimeout(-5); }));
    QVERIFY(refused([](NodeProxy& p) { return p.setDropRate(1.5); }));
    QVERIFY(refused([](NodeProxy& p) { return p.setDropRate(-0.1); }));
    QVERIFY(refused([](NodeProxy& p) { return p.setDropRate(std::nan("")); }));
    QVERIFY(
        m_proxy->call([](NodeProxy& p) { return p.setDropRate(0.25) && p.lastError().isEmpty(); }));
}

void TestNodeProxy::describesFaults()
{
    newProxy();
    m_proxy->port(2, "C2");
    m_proxy->port(3, "C3");
    const QString all = m_proxy->call([](NodeProxy& p) {
        p.setPartitionedClients({3, 2});
        p.setLatency(40, 20);
        p.setDropRate(0.3);
        return p.faultDescription();
    });
    QCOMPARE(all, QStringLiteral("partitioned from C2, C3; latency 40\u00b120 ms; drop 30%"));
    const QString some = m_proxy->call([](NodeProxy& p) {
        p.heal();
        p.setClientPartitioned(7, true); // never listened, no name
        p.setLatency(40, 0);
        p.setDropRate(0.125);
        return p.faultDescription();
    });
    QCOMPARE(some, QStringLiteral("partitioned from client 7; latency 40 ms; drop 12.5%"));
    const QString everyone = m_proxy->call([](NodeProxy& p) {
        p.clearFaults();
        p.setPartitioned(true);
        return p.faultDescription();
    });
    QCOMPARE(everyone, QStringLiteral("partitioned from all clients"));
    QCOMPARE(m_proxy->call([](NodeProxy& p) {
        p.clearFaults();
        return p.faultDescription();
    }),
             QString());
}

void TestNodeProxy::clientCloseClosesUpstream()
{
    newProxy();
    const qint64 nodeClientsBefore = nodeClientCount(*m_fleet);
    {
        BlockingClient a(m_proxy->port(1), 1000);
        BlockingClient b(m_proxy->port(2), 1000);
        QVERIFY(isPong(a.command({"PING"})));
        QVERIFY(isPong(b.command({"PING"})));
        QCOMPARE(m_proxy->count(), 2);
        QCOMPARE(nodeClientCount(*m_fleet), nodeClientsBefore + 2);
    }
    QTRY_COMPARE(m_proxy->count(), 0);
    QTRY_COMPARE(nodeClientCount(*m_fleet), nodeClientsBefore);
}

void TestNodeProxy::upstreamCloseClosesClientAfterItsLastReply()
{
    newProxy();
    BlockingClient client(m_proxy->port(1), 1000);
    QVERIFY(isPong(client.command({"PING"})));
    // QUIT: the node answers +OK and closes; the proxy hands over the OK, then closes.
    QVERIFY(client.command({"QUIT"}).isOkStatus());
    const RedisReply after = client.command({"PING"});
    QVERIFY2(TestFleet::isClientError(after) && !TestFleet::isTimeout(after), after.text);
    QTRY_COMPARE(m_proxy->count(), 0);
}

void TestNodeProxy::releaseClientClosesListenerAndConnections()
{
    newProxy();
    const quint16 port = m_proxy->port(1);
    BlockingClient client(port, 1000);
    QVERIFY(isPong(client.command({"PING"})));
    QCOMPARE(m_proxy->count(), 1);

    m_proxy->call([](NodeProxy& p) { p.releaseClient(1); });
    QCOMPARE(m_proxy->count(), 0);
    const RedisReply after = client.command({"PING"});
    QVERIFY2(TestFleet::isClientError(after) && !TestFleet::isTimeout(after), after.text);
    const RedisReply refused = TestFleet::redisCommand(proxyAddress(port), {"PING"}, 500);
    QVERIFY2(TestFleet::isClientError(refused) && !TestFleet::isTimeout(refused), refused.text);
    m_proxy->call([](NodeProxy& p) { p.releaseClient(42); }); // unknown: ignored
}

void TestNodeProxy::destructorClosesEverything()
{
    newProxy();
    const quint16 port = m_proxy->port(1);
    const qint64 nodeClientsBefore = nodeClientCount(*m_fleet);
    BlockingClient client(port, 1000);
    QVERIFY(isPong(client.command({"PING"})));
    QVERIFY(m_proxy->call([](NodeProxy& p) { return p.setLatency(30, 10); }));
    QVERIFY(client.send({"PING"})); // in the latency queue when the proxy goes

    m_proxy->destroyProxy();
    const RedisReply after = client.reply();
    QVERIFY2(TestFleet::isClientError(after) && !TestFleet::isTimeout(after), after.text);
    const RedisReply refused = TestFleet::redisCommand(proxyAddress(port), {"PING"}, 500);
    QVERIFY2(TestFleet::isClientError(refused) && !TestFleet::isTimeout(refused), refused.text);
    QTRY_COMPARE(nodeClientCount(*m_fleet), nodeClientsBefore);
    m_proxy.reset();
}

void TestNodeProxy::killedNodeClosesClientConnections()
{
    TestFleet fleet(1); // its own node: this one dies
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    TestProxy proxy(fleet.address(0).host, fleet.address(0).port);
    const quint16 port = proxy.port(1);
    BlockingClient client(port, 1000);
    QVERIFY(isPong(client.command({"PING"})));

    QSignalSpy exited(fleet.node(0), &RedisServerProcess::exited);
    fleet.node(0)->kill();
    QVERIFY(exited.wait(5000));

    // The open connection: closed, not left hanging.
    const RedisReply open = client.command({"PING"});
    QVERIFY2(TestFleet::isClientError(open) && !TestFleet::isTimeout(open), open.text);
    // A new one: the proxy accepts, the node refuses, the proxy says so and closes.
    BlockingClient fresh(port, 1000);
    QVERIFY2(fresh.ok(), qPrintable(fresh.error()));
    const RedisReply why = fresh.command({"PING"});
    QCOMPARE(why.type, RedisReply::Type::Error);
    QCOMPARE(why.text, QByteArray("REDLOCKSCOPE-PROXY upstream 127.0.0.1:") +
                           QByteArray::number(fleet.address(0).port) + ": connection refused");
    const RedisReply closed = fresh.command({"PING"});
    QVERIFY2(TestFleet::isClientError(closed) && !TestFleet::isTimeout(closed), closed.text);
    QTRY_COMPARE(proxy.count(), 0);
}

// A client that writes more than a frozen node takes, then closes: the proxy reads no more
// than its back-pressure mark (docs/proxy.md, "Bounds"), so the rest, and the client's close,
// wait in the kernel, as on a direct connection to a frozen node; the connection is held. Once
// the node runs again it takes the bytes, the close comes through, and the connection ends.
void TestNodeProxy::closeToFrozenNodeWaitsForTheNode()
{
    TestFleet fleet(1); // its own node: this one is frozen (the fixture resumes it)
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    TestProxy proxy(fleet.address(0).host, fleet.address(0).port);
    BlockingClient client(proxy.port(1), 1000);
    QVERIFY(isPong(client.command({"PING"})));
    fleet.node(0)->pause();
    // Times out: the proxy stopped reading it.
    QVERIFY(!client.send({"SET", "proxy:frozen", QByteArray(32 * 1024 * 1024, 'x')}));
    client.close();
    QTest::qWait(3000); // longer than a lingering close's grace
    QCOMPARE(proxy.count(), 1);
    fleet.node(0)->resume();
    QTRY_COMPARE_WITH_TIMEOUT(proxy.count(), 0, 10000);
}

void TestNodeProxy::unreachableNodeIsToldToTheClient()
{
    const quint16 closed = RedisServerProcess::freeLoopbackPort();
    TestProxy proxy(QStringLiteral("127.0.0.1"), closed);
    BlockingClient client(proxy.port(1), 2000);
    QVERIFY2(client.ok(), qPrintable(client.error()));
    const RedisReply why = client.command({"PING"});
    QCOMPARE(why.type, RedisReply::Type::Error);
    QCOMPARE(why.text, "REDLOCKSCOPE-PROXY upstream 127.0.0.1:" + QByteArray::number(closed) +
                           ": connection refused");
    // ... and then closes.
    const RedisReply after = client.command({"PING"});
    QVERIFY2(TestFleet::isClientError(after) && !TestFleet::isTimeout(after), after.text);
    QTRY_COMPARE(proxy.count(), 0);

    // A host that does not resolve. A sandbox's resolver may hang instead of answering
    // NXDOMAIN: then the proxy's connect timeout speaks.
    TestProxy nowhere(QStringLiteral("no-such-host.invalid"), 6379);
    QVERIFY(nowhere.call([](NodeProxy& p) { return p.setUpstreamConnectTimeout(1500); }));
    const RedisReply lookup =
        TestFleet::redisCommand(proxyAddress(nowhere.port(1)), {"PING"}, 3000);
    QVERIFY2(lookup.text == "REDLOCKSCOPE-PROXY upstream no-such-host.invalid:6379: host not "
                            "found: no-such-host.invalid" ||
                 lookup.text == "REDLOCKSCOPE-PROXY upstream no-such-host.invalid:6379: timed "
                                "out connecting after 1500 ms",
             lookup.text);
    QTRY_COMPARE(nowhere.count(), 0);
}

void TestNodeProxy::upstreamConnectTimesOut()
{
    BlackHole hole;
    if (!hole.usable())
        QSKIP("this kernel completed the TCP handshake despite the full backlog");
    TestProxy proxy(QStringLiteral("127.0.0.1"), hole.port());
    QCOMPARE(proxy.call([](NodeProxy& p) { return p.upstreamConnectTimeoutMs(); }),
             NodeProxy::kDefaultConnectTimeoutMs);
    QVERIFY(proxy.call([](NodeProxy& p) { return p.setUpstreamConnectTimeout(250); }));
    QCOMPARE(proxy.call([](NodeProxy& p) { return p.upstreamConnectTimeoutMs(); }), 250);

    BlockingClient client(proxy.port(1), 3000);
    QVERIFY2(client.ok(), qPrintable(client.error()));
    RedisReply why;
    const qint64 us = roundTripUs(client, {"PING"}, &why);
    QCOMPARE(why.text, "REDLOCKSCOPE-PROXY upstream 127.0.0.1:" + QByteArray::number(hole.port()) +
                           ": timed out connecting after 250 ms");
    QVERIFY2(us >= 240000 && us < 2000000, qPrintable(QString::number(us)));
    QTRY_COMPARE(proxy.count(), 0);
}

void TestNodeProxy::workRunsInOneSharedNetworkThread()
{
    m_proxy.reset();
    QVERIFY(!NetworkThread::isRunning()); // no proxy, no thread
    {
        TestProxy one(m_fleet->address(0).host, m_fleet->address(0).port);
        QVERIFY(NetworkThread::isRunning());
        TestProxy two(m_fleet->address(0).host, m_fleet->address(0).port);
        // Signals arrive in the owner's thread.
        QList<QThread*> signalledIn;
        QList<int> counts;
        QObject receiver;
        for (NodeProxy* proxy : {one.proxy(), two.proxy()})
            connect(proxy, &NodeProxy::connectionCountChanged, &receiver, [&](int count) {
                signalledIn << QThread::currentThread();
                counts << count;
            });
        BlockingClient a(one.port(1), 1000);
        BlockingClient b(two.port(1), 1000);
        QVERIFY(isPong(a.command({"PING"})));
        QVERIFY(isPong(b.command({"PING"})));
        // Current at once, without waiting for the signal.
        QCOMPARE(one.count(), 1);
        QCOMPARE(two.count(), 1);
        QTRY_COMPARE(counts.size(), 2);
        QCOMPARE(counts, (QList<int>{1, 1}));
        for (QThread* thread : std::as_const(signalledIn))
            QCOMPARE(thread, QThread::currentThread());
        one.destroyProxy();
        QVERIFY(NetworkThread::isRunning()); // `two` still uses it
        QVERIFY(isPong(b.command({"PING"})));
    }
    QVERIFY(!NetworkThread::isRunning()); // stopped and joined with the last proxy
    // And started again on first use.
    newProxy();
    QVERIFY(NetworkThread::isRunning());
    QVERIFY(isPong(TestFleet::redisCommand(proxyAddress(m_proxy->port(1)), {"PING"}, 1000)));
}

void TestNodeProxy::addedLatencyWithoutFaults()
{
    newProxy();
    BlockingClient direct(m_fleet->address(0).port, 1000);
    BlockingClient proxied(m_proxy->port(1), 1000);
    QVERIFY(isPong(direct.command({"PING"})));
    QVERIFY(isPong(proxied.command({"PING"})));

    const int n = 1000;
    std::vector<qint64> directUs;
    std::vector<qint64> proxiedUs;
    directUs.reserve(n);
    proxiedUs.reserve(n);
    for (int i = 0; i < n; ++i) { // interleaved: both see the same machine load
        RedisReply reply;
        directUs.push_back(roundTripUs(direct, {"PING"}, &reply));
        QVERIFY(isPong(reply));
        proxiedUs.push_back(roundTripUs(proxied, {"PING"}, &reply));
        QVERIFY(isPong(reply));
    }
    const qint64 directMedian = median(directUs);
    const qint64 proxiedMedian = median(proxiedUs);
    qInfo("PING round trip, median of %d: direct %lld us, through the proxy %lld us, added %lld us",
          n, directMedian, proxiedMedian, proxiedMedian - directMedian);
    // Loose bound: this guards against a stray timer or Nagle (40 ms), not a benchmark.
    QVERIFY2(proxiedMedian - directMedian < 5000,
             qPrintable(QStringLiteral("%1 us added").arg(proxiedMedian - directMedian)));
}

// A replication-link listener is shared by the replica and the Sentinels (which must know
// the node by the address the replica dials). A connection that names itself as Sentinel
// does first gets none of the listener's faults; the node sees it under that name.
void TestNodeProxy::replicationLinkLetsSentinelsPastItsFaults()
{
    newProxy();
    constexpr int link = 1000000;
    m_proxy->call([](NodeProxy& p) { p.setReplicationLink(link); });
    const quint16 port = m_proxy->port(link, QStringLiteral("replica"));
    QVERIFY(port != 0);
    m_proxy->call([](NodeProxy& p) {
        p.setClientPartitioned(link, true);
        QVERIFY(p.setLatency(300));
        QVERIFY(p.setDropRate(1.0));
    });

    BlockingClient sentinel(port, 1000);
    QVERIFY2(sentinel.ok(), qPrintable(sentinel.error()));
    QVERIFY(sentinel.command({"CLIENT", "SETNAME", "sentinel-0123abcd-cmd"}).isOkStatus());
    RedisReply reply;
    const qint64 us = roundTripUs(sentinel, {"PING"}, &reply);
    QVERIFY(isPong(reply));
    qInfo("a Sentinel's PING through a cut link listener with 300 ms latency and drop 100%%: "
          "%lld us",
          us);
    QVERIFY2(us < 150000, qPrintable(QStringLiteral("%1 us").arg(us)));
    QVERIFY(m_fleet->command(0, {"CLIENT", "LIST"}).text.contains("name=sentinel-0123abcd-cmd"));

    // The link itself, same listener, same moment: its PING is held in the cut, unanswered.
    BlockingClient replica(port, 400);
    QVERIFY(TestFleet::isTimeout(replica.command({"PING"})));

    // Cut from everything: still not the Sentinel.
    m_proxy->call([](NodeProxy& p) {
        p.heal();
        p.setPartitioned(true);
    });
    QVERIFY(isPong(sentinel.command({"PING"})));
    QVERIFY(TestFleet::isTimeout(TestFleet::redisCommand(proxyAddress(port), {"PING"}, 300)));

    m_proxy->call([](NodeProxy& p) { p.clearFaults(); });
    QVERIFY(isPong(TestFleet::redisCommand(proxyAddress(port), {"PING"}, 1000)));
    sentinel.close();
    replica.close();
    QTRY_COMPARE(m_proxy->count(), 0);
}

// The link (anything that does not open as a Sentinel) takes latency on what it sends and,
// being the master's stream to the replica, on what it receives: twice per round trip.
void TestNodeProxy::replicationLinkTakesItsFaultsBothWays()
{
    newProxy();
    constexpr int link = 1000000;
    // A second each way: the bounds below then leave a second for what two busy cores under
    // the sanitizers add to a round trip (200 ms left them 200).
    m_proxy->call([](NodeProxy& p) {
        p.setReplicationLink(link);
        QVERIFY(p.setLatency(1000));
    });
    const quint16 port = m_proxy->port(link, QStringLiteral("replica"));
    BlockingClient replica(port, 10000);
    BlockingClient sentinel(port, 10000);
    QVERIFY(sentinel.command({"CLIENT", "SETNAME", "sentinel-0123abcd-pubsub"}).isOkStatus());
    RedisReply reply;
    const qint64 linkUs = roundTripUs(replica, {"PING"}, &reply);
    QVERIFY(isPong(reply));
    const qint64 sentinelUs = roundTripUs(sentinel, {"PING"}, &reply);
    QVERIFY(isPong(reply));
    qInfo("PING with 1 s latency on the link listener: the link %lld us, a Sentinel %lld us",
          linkUs, sentinelUs);
    QVERIFY2(linkUs >= 2000000, qPrintable(QStringLiteral("%1 us").arg(linkUs)));
    // Not the link's 2 s (half of it: room for two busy cores).
    QVERIFY2(sentinelUs < 1000000, qPrintable(QStringLiteral("%1 us").arg(sentinelUs)));
    // A client's name that is not Sentinel's makes no difference.
    BlockingClient other(port, 10000);
    const qint64 namedUs = roundTripUs(other, {"CLIENT", "SETNAME", "C1"}, &reply);
    QVERIFY(reply.isOkStatus());
    QVERIFY2(namedUs >= 2000000, qPrintable(QStringLiteral("%1 us").arg(namedUs)));
}

// A connection that leaves before its first command is whole was never connected upstream:
// it is simply gone.
void TestNodeProxy::replicationLinkForgetsAConnectionClosedUnsorted()
{
    newProxy();
    constexpr int link = 1000000;
    m_proxy->call([](NodeProxy& p) { p.setReplicationLink(link); });
    const quint16 port = m_proxy->port(link, QStringLiteral("replica"));
    const qint64 before = nodeClientCount(*m_fleet);
    {
        RawClient raw(port);
        QVERIFY(raw.ok());
        QVERIFY(raw.send("*3\r\n$6\r\nCLI"));
        QTRY_COMPARE(m_proxy->count(), 1);
        QCOMPARE(nodeClientCount(*m_fleet), before); // held: nothing upstream yet
    }
    QTRY_COMPARE(m_proxy->count(), 0);
}

// A cut replication link loses nothing, unlike a client's requests: the stream is held both
// ways and goes on, in order, when healed (TCP would retransmit it). Lost bytes would leave
// the replica applying the master's stream from the middle of a command.
void TestNodeProxy::cutReplicationLinkHoldsItsBytesUntilHealed()
{
    newProxy();
    constexpr int link = 1000000;
    m_proxy->call([](NodeProxy& p) { p.setReplicationLink(link); });
    RawClient stream(m_proxy->port(link, QStringLiteral("replica")));
    QVERIFY(stream.ok());
    QVERIFY(stream.send(RedisConnection::encode({"SUBSCRIBE", "proxy:link"})));
    QVERIFY(stream.readUntil("$10\r\nproxy:link\r\n:1\r\n", 2000).endsWith(":1\r\n"));

    m_proxy->call([](NodeProxy& p) { p.setClientPartitioned(link, true); });
    // Node -> link: held.
    QCOMPARE(m_fleet->command(0, {"PUBLISH", "proxy:link", "during"}).integer, qint64(1));
    QVERIFY(stream.readUntil("during\r\n", 300).isEmpty());
    // Link -> node: held as well (a new connection's too).
    QVERIFY(stream.send(RedisConnection::encode({"PING", "held"})));
    RawClient later(m_proxy->port(link));
    QVERIFY(later.send(RedisConnection::encode({"PING"})));
    QVERIFY(later.readUntil("+PONG\r\n", 300).isEmpty());

    m_proxy->call([](NodeProxy& p) { p.heal(); });
    const QByteArray after = stream.readUntil("held\r\n", 2000);
    QVERIFY2(after.contains("$6\r\nduring\r\n") && after.endsWith("$4\r\nheld\r\n"),
             after.constData()); // the message, then the PING's answer (pub/sub form), in order
    QCOMPARE(later.readUntil("+PONG\r\n", 2000), QByteArray("+PONG\r\n"));
}

QTEST_GUILESS_MAIN(TestNodeProxy)
#include "tst_nodeproxy.moc"
