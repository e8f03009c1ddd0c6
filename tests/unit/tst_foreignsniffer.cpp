// SPDX-License-Identifier: GPL-3.0-or-later
// ForeignSniffer, what the exposed proxy follows of a foreign client: answers paired with
// commands in order, the name a client gives itself once the node accepts it, and whether an
// answer on its way may name the connection (the proxy then follows it before it sends it on,
// since the name can decide where that very answer goes: ProxyWorker::onUpstreamReadyRead).
#include "net/foreignsniffer.h"
#include "net/redisconnection.h"

#include <QTest>

namespace {
QByteArray resp(const QByteArrayList& command)
{
    return RedisConnection::encode(command);
}
} // namespace

class TestForeignSniffer : public QObject
{
    Q_OBJECT

private slots:
    void answersArePairedWithCommandsInOrder();
    void aNameCountsOnceTheNodeAcceptsIt();
    void mayNameItselfOnlyWhileAClientCommandWaits();
};

void TestForeignSniffer::answersArePairedWithCommandsInOrder()
{
    ForeignSniffer sniffer;
    const QList<QByteArrayList> releases = sniffer.fromClient(
        resp({"SET", "lock", "t1", "NX", "PX", "10000"}) + resp({"PING"}) + resp({"DEL", "lock"}),
        100);
    QCOMPARE(releases, (QList<QByteArrayList>{{"DEL", "lock"}})); // seen before any answer
    const QList<ForeignSniffer::Exchange> x = sniffer.fromServer("+OK\r\n+PONG\r\n:1\r\n", 250);
    QCOMPARE(x.size(), 2); // PING is no lock client's story
    QCOMPARE(x.at(0).command.first(), QByteArray("SET"));
    QVERIFY(x.at(0).reply.isOkStatus());
    QCOMPARE(x.at(0).sentUs, 100);
    QCOMPARE(x.at(0).repliedUs, 250);
    QCOMPARE(x.at(1).command.first(), QByteArray("DEL"));
    QCOMPARE(x.at(1).reply.integer, 1);
}

void TestForeignSniffer::aNameCountsOnceTheNodeAcceptsIt()
{
    ForeignSniffer sniffer;
    sniffer.fromClient(resp({"CLIENT", "SETNAME", "orders"}), 1);
    QVERIFY(!sniffer.clientName());
    sniffer.fromServer("-ERR refused\r\n", 2);
    QVERIFY(!sniffer.clientName()); // refused: still nameless
    sniffer.fromClient(resp({"client", "setname", "orders"}), 3);
    sniffer.fromServer("+OK\r\n", 4);
    QCOMPARE(sniffer.clientName(), std::optional<QByteArray>("orders"));
}

void TestForeignSniffer::mayNameItselfOnlyWhileAClientCommandWaits()
{
    ForeignSniffer sniffer;
    QVERIFY(!sniffer.mayNameItself());
    sniffer.fromClient(resp({"GET", "stock"}), 1);
    QVERIFY(!sniffer.mayNameItself()); // a GET's answer names nobody: sent on first
    sniffer.fromClient(resp({"Client", "SETNAME", "orders"}), 2);
    QVERIFY(sniffer.mayNameItself()); // waits behind the GET, pipelined
    sniffer.fromServer("$1\r\n9\r\n", 3);
    QVERIFY(sniffer.mayNameItself());
    sniffer.fromServer("+OK\r\n", 4);
    QVERIFY(!sniffer.mayNameItself());
    QCOMPARE(sniffer.clientName(), std::optional<QByteArray>("orders"));
}

QTEST_GUILESS_MAIN(TestForeignSniffer)
#include "tst_foreignsniffer.moc"
