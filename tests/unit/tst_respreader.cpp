// SPDX-License-Identifier: GPL-3.0-or-later
// RespReader's two ways with a long bulk string: the engine's own connections
// (RedisConnection, Bulks::Whole) read every reply whole, whatever its length, since their
// caller asked for the value; the exposed proxy's reader of a foreign client's traffic
// (ForeignSniffer, Bulks::Skim) keeps no more than kMaxKeptBulkBytes of one and reads it as
// kOmitted. The same bytes, cut into pieces anywhere, through both.
#include "net/foreignsniffer.h"
#include "net/respreader.h"
#include "respbytes.h"

#include <QTest>

namespace {

QByteArray bulk(const QByteArray& value)
{
    return '$' + QByteArray::number(value.size()) + "\r\n" + value + "\r\n";
}

// A value just over the foreign reader's bound, its bytes not all alike.
QByteArray longValue()
{
    QByteArray value(RespReader::kMaxKeptBulkBytes + 4096, 'v');
    for (qsizetype i = 0; i < value.size(); i += 997)
        value[i] = char('a' + i % 26);
    return value;
}

// Feeds `bytes` in pieces of `piece` bytes and collects every value read.
QList<RedisReply> readAll(RespReader& reader, const QByteArray& bytes, qsizetype piece)
{
    QList<RedisReply> values;
    for (qsizetype at = 0; at < bytes.size(); at += piece) {
        reader.feed(bytes.constData() + at, std::min(piece, bytes.size() - at));
        while (std::optional<RedisReply> value = reader.next())
            values << *value;
    }
    return values;
}

} // namespace

class TestRespReader : public QObject
{
    Q_OBJECT

private slots:
    void theEngineReadsALongReplyWhole_data();
    void theEngineReadsALongReplyWhole();
    void theForeignReaderSkimsIt_data();
    void theForeignReaderSkimsIt();
    void theForeignReaderKeepsABulkAtItsBound();
    void aForeignClientsLongReplyIsHandedOnOmitted();
    void brokenStreamsSayWhy();
};

void TestRespReader::theEngineReadsALongReplyWhole_data()
{
    QTest::addColumn<qsizetype>("piece");
    QTest::newRow("at once") << qsizetype(1 << 30);
    QTest::newRow("as Qt reads a socket (64 KiB)") << qsizetype(64 * 1024);
    QTest::newRow("7 bytes at a time") << qsizetype(7);
}

// What RedisConnection makes: a GET of a 260 KiB value, then an array holding one, then a
// short reply after them, every one whole and in order.
void TestRespReader::theEngineReadsALongReplyWhole()
{
    QFETCH(qsizetype, piece);
    const QByteArray value = longValue();
    const QByteArray stream = bulk(value) + "*2\r\n" + bulk("k") + bulk(value) + "+OK\r\n";
    RespReader reader; // the default: Bulks::Whole
    const QList<RedisReply> values = readAll(reader, stream, piece);
    QVERIFY(!reader.isBroken());
    QCOMPARE(values.size(), 3);
    QCOMPARE(values.at(0).type, RedisReply::Type::String);
    QVERIFY(values.at(0).text == value); // QCOMPARE would print 260 KiB on a failure
    QCOMPARE(values.at(1).elements.size(), 2);
    QVERIFY(values.at(1).elements.at(1).text == value);
    QVERIFY(values.at(2).isOkStatus());
    RespReader explicitWhole(RespReader::Bulks::Whole);
    QVERIFY(readAll(explicitWhole, stream, piece).at(0).text == value);
}

void TestRespReader::theForeignReaderSkimsIt_data()
{
    theEngineReadsALongReplyWhole_data();
}

// The same bytes through the foreign reader: each long bulk reads as kOmitted, the values
// around it as they came.
void TestRespReader::theForeignReaderSkimsIt()
{
    QFETCH(qsizetype, piece);
    const QByteArray value = longValue();
    const QByteArray stream = bulk(value) + "*2\r\n" + bulk("k") + bulk(value) + "+OK\r\n";
    RespReader reader(RespReader::Bulks::Skim);
    const QList<RedisReply> values = readAll(reader, stream, piece);
    QVERIFY(!reader.isBroken());
    QCOMPARE(values.size(), 3);
    QCOMPARE(values.at(0).text, QByteArray(RespReader::kOmitted));
    QCOMPARE(values.at(1).elements.size(), 2);
    QCOMPARE(values.at(1).elements.at(0).text, QByteArray("k"));
    QCOMPARE(values.at(1).elements.at(1).text, QByteArray(RespReader::kOmitted));
    QVERIFY(values.at(2).isOkStatus());
}

void TestRespReader::theForeignReaderKeepsABulkAtItsBound()
{
    const QByteArray value(RespReader::kMaxKeptBulkBytes, 'x');
    RespReader reader(RespReader::Bulks::Skim);
    const QList<RedisReply> values = readAll(reader, bulk(value) + "$-1\r\n", 4096);
    QCOMPARE(values.size(), 2);
    QVERIFY(values.at(0).text == value);
    QVERIFY(values.at(1).isNil());
}

// ForeignSniffer, the exposed proxy's follower: a GET answered with a long value is handed on
// with the placeholder, and the next command still pairs with its own answer.
void TestRespReader::aForeignClientsLongReplyIsHandedOnOmitted()
{
    ForeignSniffer sniffer;
    sniffer.fromClient(multibulk({"GET", "stock"}) + multibulk({"GET", "stock"}), 1);
    const QByteArray stream = bulk(longValue()) + bulk("41");
    QList<ForeignSniffer::Exchange> exchanges;
    for (qsizetype at = 0; at < stream.size(); at += 64 * 1024)
        exchanges << sniffer.fromServer(stream.mid(at, 64 * 1024), 2);
    QCOMPARE(exchanges.size(), 2);
    QCOMPARE(exchanges.at(0).reply.text, QByteArray(RespReader::kOmitted));
    QCOMPARE(exchanges.at(1).reply.text, QByteArray("41"));
}

// A stream that is not RESP gives up for good and says why, in both ways of reading.
void TestRespReader::brokenStreamsSayWhy()
{
    RespReader whole;
    whole.feed(QByteArrayLiteral("HTTP/1.1 200 OK\r\n"));
    QVERIFY(!whole.next());
    QVERIFY(whole.isBroken());
    QVERIFY2(whole.error().startsWith(QStringLiteral("Protocol error")), qPrintable(whole.error()));

    RespReader skim(RespReader::Bulks::Skim);
    skim.feed(QByteArrayLiteral("$12x\r\nhello\r\n")); // a length that is not a number
    QVERIFY(!skim.next());
    QVERIFY(skim.isBroken());
    QVERIFY2(skim.error().startsWith(QStringLiteral("Protocol error")), qPrintable(skim.error()));
    QVERIFY(RespReader().error().isEmpty());
}

QTEST_GUILESS_MAIN(TestRespReader)
#include "tst_respreader.moc"
