// SPDX-License-Identifier: GPL-3.0-or-later
// RespFramer: where client commands end, however the stream is cut into chunks, and when it
// gives up (a stream Redis itself would refuse).
#include "net/respframer.h"
#include "respbytes.h"

#include <QTest>
#include <vector>

namespace {

// The offsets (in the whole stream) at which the framer reports a command end, feeding the
// stream in the given chunk sizes (the last size repeats).
std::vector<qsizetype> ends(const QByteArray& stream, const std::vector<qsizetype>& sizes,
                            RespFramer* framer)
{
    std::vector<qsizetype> out;
    qsizetype at = 0;
    size_t next = 0;
    while (at < stream.size()) {
        const qsizetype size =
            std::min(stream.size() - at, sizes.at(std::min(next, sizes.size() - 1)));
        ++next;
        const char* data = stream.constData() + at;
        qsizetype left = size;
        while (left > 0) {
            bool ended = false;
            const qsizetype used = framer->advance(data, left, &ended);
            data += used;
            left -= used;
            if (ended)
                out.push_back(data - stream.constData());
        }
        at += size;
    }
    return out;
}

std::vector<qsizetype> ends(const QByteArray& stream, const std::vector<qsizetype>& sizes)
{
    RespFramer framer;
    return ends(stream, sizes, &framer);
}

} // namespace

class TestRespFramer : public QObject
{
    Q_OBJECT

private slots:
    void pipelineInEveryChunking();
    void valuesThatLookLikeCommands();
    void emptyMultibulk();
    void inlineCommands();
    void boundaryWhileFollowing();
    void bigValueIsSkippedByLength();
    void notResp_data();
    void notResp();
    void overlongInlineLine();
};

void TestRespFramer::pipelineInEveryChunking()
{
    const QByteArray a = multibulk({"SET", "key", "value"});
    const QByteArray b = multibulk({"PING"});
    const QByteArray c = "GET key\r\n"; // inline
    const QByteArray stream = a + b + c;
    const std::vector<qsizetype> expected{a.size(), a.size() + b.size(), stream.size()};
    for (qsizetype size = 1; size <= stream.size(); ++size)
        QCOMPARE(ends(stream, {size}), expected);
    // Two chunks, cut at every position.
    for (qsizetype cut = 1; cut < stream.size(); ++cut)
        QCOMPARE(ends(stream, {cut, stream.size()}), expected);
}

void TestRespFramer::valuesThatLookLikeCommands()
{
    const QByteArray tricky = multibulk({"SET", "k", "\r\n*1\r\n$4\r\nPING\r\n\n"});
    const QByteArray stream = tricky + tricky;
    QCOMPARE(ends(stream, {1}), (std::vector<qsizetype>{tricky.size(), stream.size()}));
    QCOMPARE(ends(stream, {stream.size()}), (std::vector<qsizetype>{tricky.size(), stream.size()}));
}

void TestRespFramer::emptyMultibulk()
{
    // Redis skips "*0" and "*-1" as empty commands: each is a command of its own.
    const QByteArray stream = QByteArray("*0\r\n*-1\r\n") + multibulk({"PING"});
    QCOMPARE(ends(stream, {3}), (std::vector<qsizetype>{4, 9, stream.size()}));
}

void TestRespFramer::inlineCommands()
{
    const QByteArray stream = "PING\r\nSET a b\nECHO x\r\n";
    QCOMPARE(ends(stream, {2}), (std::vector<qsizetype>{6, 14, stream.size()}));
}

void TestRespFramer::boundaryWhileFollowing()
{
    const QByteArray command = multibulk({"SET", "key", "value"});
    RespFramer framer;
    QVERIFY(framer.atBoundary());
    framer.follow(command.left(10));
    QVERIFY(!framer.atBoundary());
    framer.follow(command.mid(10));
    QVERIFY(framer.atBoundary());
    framer.follow("PI");
    QVERIFY(!framer.atBoundary());
    framer.follow("NG\r\n");
    QVERIFY(framer.atBoundary());
    QVERIFY(!framer.isBroken());
}

void TestRespFramer::bigValueIsSkippedByLength()
{
    const QByteArray big(8 * 1024 * 1024, '\n'); // newlines inside a value mean nothing
    const QByteArray stream = multibulk({"SET", "big", big}) + multibulk({"PING"});
    const std::vector<qsizetype> found = ends(stream, {65536});
    QCOMPARE(found.size(), size_t(2));
    QCOMPARE(found.back(), stream.size());
}

void TestRespFramer::notResp_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::newRow("count not a number") << QByteArray("*x\r\n");
    QTest::newRow("count without CR") << QByteArray("*1\n$4\r\nPING\r\n");
    QTest::newRow("no $ before a bulk") << QByteArray("*1\r\n#4\r\nPING\r\n");
    QTest::newRow("negative bulk length") << QByteArray("*1\r\n$-4\r\nPING\r\n");
    QTest::newRow("endless header") << QByteArray("*") + QByteArray(100, '1');
    QTest::newRow("count too big") << QByteArray("*99999999999\r\n");
}

void TestRespFramer::notResp()
{
    QFETCH(QByteArray, stream);
    RespFramer framer;
    QVERIFY(ends(stream, {1}, &framer).empty());
    QVERIFY(framer.isBroken());
    QVERIFY(!framer.atBoundary());
    // Broken for good: what follows is consumed whole, never framed.
    bool ended = true;
    const QByteArray more = multibulk({"PING"});
    QCOMPARE(framer.advance(more.constData(), more.size(), &ended), more.size());
    QVERIFY(!ended);
}

void TestRespFramer::overlongInlineLine()
{
    RespFramer framer;
    framer.follow(QByteArray(RespFramer::kMaxInlineBytes, 'a'));
    QVERIFY(!framer.isBroken()); // Redis still waits for its newline
    framer.follow("a");
    QVERIFY(framer.isBroken());
}

QTEST_GUILESS_MAIN(TestRespFramer)
#include "tst_respframer.moc"
