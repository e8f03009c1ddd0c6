// SPDX-License-Identifier: GPL-3.0-or-later
// The exposed proxy keeps what a peer sends or fails to read within bounds (issue 32): a
// client that pipelines GETs of a 10 MB value and reads nothing, and clients that send half
// of a huge value and stop, make the proxy stop reading the side whose peer does not drain,
// instead of holding it all (on main: 150 such GETs took the app from 127 MB to 1.6 GB, four
// partial 500 MB values 1.64 GB). What cannot wait (a command held whole while commands are
// dropped) is capped: the connection is closed and the proxy says why. Nothing is lost on the
// way: a client that reads late gets every byte.
//
// The memory measured is malloc's heap in use in this process, where the proxy runs (its
// network thread): the node's own buffers are the node's. Each test waits, on a condition,
// until the node has produced (or taken) nearly everything, then judges.
#include "net/nodeproxy.h"
#include "net/redisconnection.h"
#include "net/redisreply.h"
#include "processprobe.h"
#include "testfleet.h"

#include <QSignalSpy>
#include <QTest>
#include <functional>

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

constexpr qint64 MiB = 1024 * 1024;

// A blocking POSIX client: what it does not read stays in the kernel, never in this process's
// heap (a QTcpSocket would read everything into its own buffer).
class PlainClient
{
public:
    explicit PlainClient(quint16 port)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (m_fd >= 0 &&
            ::connect(m_fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    ~PlainClient() { close(); }
    PlainClient(const PlainClient&) = delete;
    PlainClient& operator=(const PlainClient&) = delete;

    bool ok() const { return m_fd >= 0; }
    void close()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }
    bool send(const QByteArray& bytes)
    {
        qsizetype sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n =
                ::send(m_fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return false;
            sent += n;
        }
        return true;
    }
    // Reads until `bytes` bytes came or the connection ended; what came.
    qint64 readUpTo(qint64 bytes)
    {
        std::vector<char> buffer(1 << 20);
        qint64 got = 0;
        while (got < bytes) {
            const ssize_t n = ::recv(m_fd, buffer.data(), buffer.size(), 0);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            got += n;
        }
        return got;
    }
    // Whether the peer closed (or reset) the connection: a read that returns at once.
    bool closedByPeer()
    {
        char byte = 0;
        timeval tv{0, 100000};
        ::setsockopt(m_fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        const ssize_t n = ::recv(m_fd, &byte, 1, 0);
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
    }

private:
    int m_fd = -1;
};

// A field of INFO on the node ("used_memory"), or -1.
qint64 infoField(const TestFleet& fleet, const QByteArray& section, const QByteArray& field)
{
    const RedisReply info = fleet.command(0, {"INFO", section});
    for (const QByteArray& line : info.text.split('\n'))
        if (line.startsWith(field + ':'))
            return line.mid(field.size() + 1).trimmed().toLongLong();
    return -1;
}

// What the node holds in its clients' output buffers (omem of CLIENT LIST), in bytes; -1 when
// the node did not answer.
qint64 nodeOutputBuffers(const TestFleet& fleet)
{
    qint64 sum = 0;
    const RedisReply list = fleet.command(0, {"CLIENT", "LIST"}, 5000);
    if (list.isError())
        return -1; // busy producing the replies: not known yet
    for (const QByteArray& line : list.text.split('\n'))
        for (const QByteArray& field : line.split(' '))
            if (field.startsWith("omem="))
                sum += field.mid(5).toLongLong();
    return sum;
}

qint64 heapBytes()
{
    return ProcessProbe::heapInUseKb() * 1024;
}

// Waits until `measure` gives the same figure twice, half a second apart (at most a minute);
// a negative figure is no figure.
bool settles(const std::function<qint64()>& measure)
{
    qint64 before = measure();
    for (int i = 0; i < 120; ++i) {
        QTest::qWait(500);
        const qint64 now = measure();
        if (now >= 0 && now == before)
            return true;
        before = now;
    }
    return false;
}

} // namespace

class TestProxyBounds : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestFleet> m_fleet;
    std::unique_ptr<NodeProxy> m_proxy;
    quint16 m_port = 0;

private slots:
    void initTestCase()
    {
        m_fleet = std::make_unique<TestFleet>(1);
        QVERIFY2(m_fleet->ok(), qPrintable(m_fleet->error()));
    }

    void init()
    {
        const NodeAddress node = m_fleet->address(0);
        m_proxy = std::make_unique<NodeProxy>(node.host, node.port);
        m_port = m_proxy->expose(QStringLiteral("127.0.0.1"), 0);
        QVERIFY2(m_port != 0, qPrintable(m_proxy->lastError()));
    }

    void cleanup()
    {
        m_proxy.reset();
        m_fleet->command(0, {"FLUSHALL"});
    }

    // 60 GETs of a 10 MB value, pipelined, none read: the node produces 600 MB for a client
    // that takes nothing. The proxy stops reading the node once a few MiB wait for the client;
    // the rest waits in the node (its output buffer), not in the app.
    void pipelinedGetsOfABigValueWaitInTheNode()
    {
        constexpr int Gets = 60;
        constexpr qint64 ValueBytes = 10 * MiB;
        QCOMPARE(m_fleet->command(0, {"SET", "big", QByteArray(ValueBytes, 'v')}, 10000).text,
                 QByteArray("OK"));
        const qint64 heapBefore = heapBytes();
        PlainClient client(m_port);
        QVERIFY(client.ok());
        QByteArray pipeline;
        for (int i = 0; i < Gets; ++i)
            pipeline += RedisConnection::encode({"GET", "big"});
        QVERIFY(client.send(pipeline));
        // The node queues every reply at once; then the proxy takes what it takes. Judged once
        // the node's queue no longer moves: all taken (an unbounded proxy) or held back.
        QVERIFY(settles([this] { return nodeOutputBuffers(*m_fleet); }));
        const qint64 grown = heapBytes() - heapBefore;
        qInfo("node output buffers %lld MiB, the proxy's heap grew %lld MiB",
              nodeOutputBuffers(*m_fleet) / MiB, grown / MiB);
        QVERIFY2(grown < 64 * MiB, qPrintable(QStringLiteral("grew %1 MiB").arg(grown / MiB)));
        // Nothing was lost: reading now, the client gets every reply whole.
        const qint64 replyBytes = ValueBytes + QByteArray::number(ValueBytes).size() + 5;
        QCOMPARE(client.readUpTo(Gets * replyBytes), Gets * replyBytes);
    }

    // Four clients send the start of a 200 MB value (100 MB of it each) and stop: the proxy
    // passes the bytes on and keeps none of them (the node holds what it read).
    void partialBigValuesAreNotKept()
    {
        constexpr int Clients = 4;
        constexpr qint64 Sent = 100 * MiB;
        const qint64 heapBefore = heapBytes();
        const qint64 nodeBefore = infoField(*m_fleet, "memory", "used_memory");
        std::vector<std::unique_ptr<PlainClient>> clients;
        const QByteArray head = "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$209715200\r\n";
        const QByteArray piece(8 * MiB, 'x');
        for (int i = 0; i < Clients; ++i) {
            clients.push_back(std::make_unique<PlainClient>(m_port));
            QVERIFY(clients.back()->ok());
            QVERIFY(clients.back()->send(head));
        }
        for (qint64 sent = 0; sent < Sent; sent += piece.size())
            for (auto& c : clients)
                QVERIFY(c->send(piece));
        // Every byte was sent, so the proxy read nearly all of them: judged once its heap no
        // longer moves.
        QVERIFY(settles(heapBytes));
        const qint64 grown = heapBytes() - heapBefore;
        qInfo("the node took %lld MiB, the proxy's heap grew %lld MiB",
              (infoField(*m_fleet, "memory", "used_memory") - nodeBefore) / MiB, grown / MiB);
        QVERIFY2(grown < 64 * MiB, qPrintable(QStringLiteral("grew %1 MiB").arg(grown / MiB)));
    }

    // While commands are dropped each one is held until its last byte is in (half a command
    // would break the node's stream): one that grows past the cap closes the connection, and
    // the proxy says so (the app writes it in the history).
    void aCommandTooBigToHoldClosesTheConnectionAndSaysWhy()
    {
        QVERIFY(m_proxy->setDropRate(0.5));
        QSignalSpy capped(m_proxy.get(), &NodeProxy::connectionCapped);
        PlainClient client(m_port);
        QVERIFY(client.ok());
        QVERIFY(client.send("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$209715200\r\n"));
        const QByteArray piece(4 * MiB, 'x');
        for (qint64 sent = 0; sent < 80 * MiB; sent += piece.size())
            if (!client.send(piece))
                break; // closed under us: that is the cap
        QTRY_COMPARE_WITH_TIMEOUT(capped.count(), 1, 20000);
        const QString text = capped.first().first().toString();
        QVERIFY2(text.contains(QLatin1String("64 MiB")), qPrintable(text));
        QTRY_VERIFY_WITH_TIMEOUT(client.closedByPeer(), 10000);
    }
};

QTEST_GUILESS_MAIN(TestProxyBounds)
#include "tst_proxybounds.moc"
