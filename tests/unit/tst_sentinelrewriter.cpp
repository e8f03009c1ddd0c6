// SPDX-License-Identifier: GPL-3.0-or-later
// SentinelRewriter: what a Sentinel answers a client that came through an exposed port names
// the nodes and Sentinels by their exposed ports (issue 24), in the replies redis-py's
// Sentinel and other Sentinel-aware clients read, split anywhere across reads.
#include "net/sentinelrewriter.h"

#include <QTest>

namespace {
// Node 1's link listener 41237 and own port 6001 -> 7700; node 2's 39811 -> 7701; Sentinel
// 26379 -> 7703.
QHash<quint16, quint16> ports()
{
    return {{41237, 7700}, {6001, 7700}, {39811, 7701}, {26379, 7703}};
}

QByteArray bulk(const QByteArray& s)
{
    return '$' + QByteArray::number(s.size()) + "\r\n" + s + "\r\n";
}

QByteArray array(const QByteArrayList& items)
{
    QByteArray out = '*' + QByteArray::number(items.size()) + "\r\n";
    for (const QByteArray& item : items)
        out += item.startsWith('*') || item.startsWith(':') ? item : bulk(item);
    return out;
}

// Fed one byte at a time: a reply split anywhere comes out whole, once.
QByteArray byteByByte(SentinelRewriter& r, const QByteArray& in)
{
    QByteArray out;
    for (char c : in)
        out += r.feed(QByteArrayView(&c, 1));
    return out;
}
} // namespace

class TestSentinelRewriter : public QObject
{
    Q_OBJECT

private slots:
    void masterAddress()
    {
        SentinelRewriter r(QStringLiteral("127.0.0.1"), QStringLiteral("127.0.0.1"), ports());
        QCOMPARE(r.feed(array({"127.0.0.1", "39811"})), array({"127.0.0.1", "7701"}));
        // Another host is left alone, and so is a port nobody exposed.
        QCOMPARE(r.feed(array({"10.0.0.7", "39811"})), array({"10.0.0.7", "39811"}));
        QCOMPARE(r.feed(array({"127.0.0.1", "5555"})), array({"127.0.0.1", "5555"}));
    }

    void fieldLists()
    {
        SentinelRewriter r(QStringLiteral("127.0.0.1"), QStringLiteral("192.168.1.5"), ports());
        const QByteArray replica =
            array({"name", "127.0.0.1:41237", "ip", "127.0.0.1", "port", "41237", "flags", "slave",
                   "master-host", "127.0.0.1", "master-port", "39811"});
        const QByteArray expected =
            array({"name", "192.168.1.5:7700", "ip", "192.168.1.5", "port", "7700", "flags",
                   "slave", "master-host", "192.168.1.5", "master-port", "7701"});
        QCOMPARE(byteByByte(r, '*' + QByteArray("1\r\n") + replica), "*1\r\n" + expected);
        const QByteArray sentinel = array({"name", "abc", "ip", "127.0.0.1", "port", "26379"});
        QCOMPARE(r.feed(sentinel), array({"name", "abc", "ip", "192.168.1.5", "port", "7703"}));
    }

    void switchMasterMessage()
    {
        SentinelRewriter r(QStringLiteral("127.0.0.1"), QStringLiteral("127.0.0.1"), ports());
        const QByteArray message =
            array({"message", "+switch-master", "redlock 127.0.0.1 41237 127.0.0.1 39811"});
        QCOMPARE(byteByByte(r, message + ":5\r\n"),
                 array({"message", "+switch-master", "redlock 127.0.0.1 7700 127.0.0.1 7701"}) +
                     ":5\r\n");
        QCOMPARE(r.feed("+OK\r\n-ERR no\r\n$-1\r\n"), QByteArray("+OK\r\n-ERR no\r\n$-1\r\n"));
    }

    // INFO names the master as "address=127.0.0.1:41237" inside its text.
    void addressesInsideText()
    {
        SentinelRewriter r(QStringLiteral("127.0.0.1"), QStringLiteral("127.0.0.1"), ports());
        QCOMPARE(r.feed(bulk("master0:name=redlock,status=ok,address=127.0.0.1:41237,slaves=1\r\n"
                             "x=10.127.0.0.1:41237")),
                 bulk("master0:name=redlock,status=ok,address=127.0.0.1:7700,slaves=1\r\n"
                      "x=10.127.0.0.1:41237"));
    }

    void notRespPassesUnchanged()
    {
        SentinelRewriter r(QStringLiteral("127.0.0.1"), QStringLiteral("127.0.0.1"), ports());
        QCOMPARE(r.feed("hello 127.0.0.1 41237\r\n"), QByteArray("hello 127.0.0.1 41237\r\n"));
        QCOMPARE(r.feed(bulk("127.0.0.1:41237")), bulk("127.0.0.1:41237"));
    }
};

QTEST_GUILESS_MAIN(TestSentinelRewriter)
#include "tst_sentinelrewriter.moc"
