// SPDX-License-Identifier: GPL-3.0-or-later
// PostBatch: calls gathered in one thread and made together, in order, at most its delay after
// the first; and, through it, what the network thread tells about foreign clients: the
// exchanges of two proxies (two nodes) come in the order they happened, as one batch shared by
// every proxy of the thread keeps them (a batch per proxy would not).
#include "net/foreignexchange.h"
#include "net/nodeproxy.h"
#include "net/postbatch.h"
#include "net/redisconnection.h"
#include "testfleet.h"

#include <QTcpSocket>
#include <QTest>

#include <memory>

namespace {
// A foreign client's command, sent on an open connection and answered before the next.
bool roundTrip(QTcpSocket& socket, const QByteArray& key, QString* error)
{
    socket.write(RedisConnection::encode({"GET", key}));
    if (!socket.waitForBytesWritten(10000)) {
        *error = QStringLiteral("not sent: %1").arg(socket.errorString());
        return false;
    }
    QByteArray answer;
    while (!answer.endsWith("\r\n")) { // "$-1\r\n": the keys do not exist
        if (!socket.waitForReadyRead(10000)) {
            *error = QStringLiteral("no answer: %1").arg(socket.errorString());
            return false;
        }
        answer += socket.readAll();
    }
    return true;
}
} // namespace

class TestPostBatch : public QObject
{
    Q_OBJECT

private slots:
    void callsWaitThenComeInOrder();
    void flushMakesEveryCallNowAndOnce();
    void aCallThatAddsIsMadeInTheSameFlush();
    void twoProxiesAreHeardInTheOrderThingsHappened();
};

void TestPostBatch::callsWaitThenComeInOrder()
{
    PostBatch batch(5);
    QList<int> made;
    for (int i = 1; i <= 3; ++i)
        batch.add([&made, i] { made << i; });
    QVERIFY(made.isEmpty()); // gathered, not made
    QTRY_COMPARE_WITH_TIMEOUT(made, (QList<int>{1, 2, 3}), 10000);
}

void TestPostBatch::flushMakesEveryCallNowAndOnce()
{
    PostBatch batch(5);
    QList<int> made;
    batch.add([&made] { made << 1; });
    batch.add([&made] { made << 2; });
    batch.flush();
    QCOMPARE(made, (QList<int>{1, 2}));
    QTest::qWait(30); // the timer is stopped: nothing is made twice
    QCOMPARE(made, (QList<int>{1, 2}));
}

void TestPostBatch::aCallThatAddsIsMadeInTheSameFlush()
{
    PostBatch batch(1000);
    QList<int> made;
    batch.add([&] {
        made << 1;
        batch.add([&made] { made << 3; });
    });
    batch.add([&made] { made << 2; });
    batch.flush();
    QCOMPARE(made, (QList<int>{1, 2, 3}));
}

// One client, two nodes' exposed ports (two proxies of the one network thread), one command at
// a time on each in turn: what the test hears, it hears in that order. With a batch per proxy,
// a proxy whose batch began earlier would flush the command after another proxy's.
void TestPostBatch::twoProxiesAreHeardInTheOrderThingsHappened()
{
    TestFleet fleet(1);
    QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
    const NodeAddress node = fleet.address(0);
    std::unique_ptr<NodeProxy> proxies[2] = {std::make_unique<NodeProxy>(node.host, node.port),
                                             std::make_unique<NodeProxy>(node.host, node.port)};
    QByteArrayList heard;
    QTcpSocket sockets[2];
    for (int p = 0; p < 2; ++p) {
        connect(proxies[p].get(), &NodeProxy::foreignExchange, this,
                [&heard](const ForeignExchange& x) {
                    if (x.command.size() == 2)
                        heard << x.command.at(1);
                });
        const quint16 port = proxies[p]->expose(QStringLiteral("127.0.0.1"), 0);
        QVERIFY2(port != 0, qPrintable(proxies[p]->lastError()));
        sockets[p].connectToHost(QStringLiteral("127.0.0.1"), port);
        QVERIFY2(sockets[p].waitForConnected(10000), qPrintable(sockets[p].errorString()));
    }
    constexpr int Commands = 60;
    QByteArrayList sent;
    for (int i = 0; i < Commands; ++i) {
        const QByteArray key = "postbatch:" + QByteArray::number(i);
        QString error;
        QVERIFY2(roundTrip(sockets[i % 2], key, &error), qPrintable(error));
        sent << key;
        if (i % 7 == 0)
            QTest::qWait(1); // some batches end between the two proxies' commands
    }
    QTRY_COMPARE_WITH_TIMEOUT(heard.size(), Commands, 30000);
    QCOMPARE(heard, sent);
}

QTEST_GUILESS_MAIN(TestPostBatch)
#include "tst_postbatch.moc"
