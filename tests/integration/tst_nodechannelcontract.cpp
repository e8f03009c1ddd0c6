// SPDX-License-Identifier: GPL-3.0-or-later
// One contract for what the Redlock algorithm needs from a node (NodeChannel), run against
// both implementations: the tests' FakeNode and a RedisConnection to a real redis-server.
// The fake is only trusted for the algorithm's unit tests because it passes the same tests.
#include "base/steadyclock.h"
#include "fakenode.h"
#include "lock/redlock.h"
#include "manualclock.h"
#include "net/redisconnection.h"
#include "testfleet.h"

#include <QTest>
#include <memory>
#include <optional>

namespace {

// A node behind the contract, whichever it is.
struct Subject
{
    std::unique_ptr<TestFleet> fleet;
    std::unique_ptr<ManualClock> clock;
    std::unique_ptr<QObject> owner = std::make_unique<QObject>();
    NodeChannel* node = nullptr;

    static Subject make(bool real)
    {
        Subject s;
        if (real) {
            s.fleet = std::make_unique<TestFleet>(1);
            auto* c = new RedisConnection(s.fleet->address(0), {}, SteadyClock::instance(),
                                          s.owner.get());
            c->open();
            if (!QTest::qWaitFor([c] { return c->isReady(); }, 5000))
                qFatal("the real node did not become ready within 5 s");
            s.node = c;
        } else {
            s.clock = std::make_unique<ManualClock>();
            s.node = new FakeNode(*s.clock, s.owner.get());
        }
        return s;
    }

    // Sends and waits; fails the test if the callback ran inside send() or more than once.
    CommandResult call(const QByteArrayList& args)
    {
        int calls = 0;
        bool inside = true;
        bool calledInside = false;
        CommandResult out;
        node->send(args, 1000, [&](const CommandResult& r) {
            ++calls;
            calledInside = calledInside || inside;
            out = r;
        });
        inside = false;
        if (!QTest::qWaitFor([&] { return calls > 0; }, 5000))
            qFatal("no callback within 5 s");
        QTest::qWait(20); // a second call would come now
        if (calls != 1 || calledInside)
            qFatal("the callback ran %d times%s", calls, calledInside ? ", inside send()" : "");
        return out;
    }
};

} // namespace

class TestNodeChannelContract : public QObject
{
    Q_OBJECT

private slots:
    void contract_data()
    {
        QTest::addColumn<bool>("real");
        QTest::newRow("fake node") << false;
        QTest::newRow("redis-server") << true;
    }

    void contract()
    {
        QFETCH(bool, real);
        Subject s = Subject::make(real);
        QVERIFY(s.node->isReady());
        QVERIFY(s.node->supportsSetNxGet()); // Redis 7, and the fake by default

        // SET NX PX GET: nil when it took the key; the holder's value when it did not.
        CommandResult r = s.call({"SET", "k", "tok-a", "NX", "PX", "10000", "GET"});
        QCOMPARE(r.status, CommandResult::Status::Replied);
        QVERIFY(r.reply.isNil());
        r = s.call({"SET", "k", "tok-b", "NX", "PX", "10000", "GET"});
        QCOMPARE(r.reply.text, QByteArray("tok-a"));
        // Without GET: OK, then nil.
        QVERIFY(s.call({"SET", "k2", "x", "NX", "PX", "10000"}).reply.isOkStatus());
        QVERIFY(s.call({"SET", "k2", "y", "NX", "PX", "10000"}).reply.isNil());

        // PTTL counts down from the TTL; GET reads the holder.
        const qint64 pttl = s.call({"PTTL", "k"}).reply.integer;
        QVERIFY2(pttl > 9000 && pttl <= 10000, qPrintable(QString::number(pttl)));
        QCOMPARE(s.call({"GET", "k"}).reply.text, QByteArray("tok-a"));

        // The extend script: PEXPIRE only for the holder's token.
        QCOMPARE(s.call({"EVAL", Redlock::ExtendScript, "1", "k", "tok-b", "20000"}).reply.integer,
                 0);
        QCOMPARE(s.call({"EVAL", Redlock::ExtendScript, "1", "k", "tok-a", "20000"}).reply.integer,
                 1);
        QVERIFY(s.call({"PTTL", "k"}).reply.integer > 10000);

        // The release script: DEL only for the holder's token.
        QCOMPARE(s.call({"EVAL", Redlock::ReleaseScript, "1", "k", "tok-b"}).reply.integer, 0);
        QCOMPARE(s.call({"EVAL", Redlock::ReleaseScript, "1", "k", "tok-a"}).reply.integer, 1);
        QVERIFY(s.call({"GET", "k"}).reply.isNil());
        QCOMPARE(s.call({"PTTL", "k"}).reply.integer, -2);

        // The fenced acquire: the counter when it took, the holder when it did not.
        r = s.call({"EVAL", Redlock::FencedAcquireScript, "2", "f", "f:fence", "tok-c", "10000"});
        QCOMPARE(r.reply.type, RedisReply::Type::Integer);
        QCOMPARE(r.reply.integer, 1);
        r = s.call({"EVAL", Redlock::FencedAcquireScript, "2", "f", "f:fence", "tok-d", "10000"});
        QCOMPARE(r.reply.text, QByteArray("tok-c"));
        s.call({"EVAL", Redlock::ReleaseScript, "1", "f", "tok-c"});
        r = s.call({"EVAL", Redlock::FencedAcquireScript, "2", "f", "f:fence", "tok-d", "10000"});
        QCOMPARE(r.reply.integer, 2); // counters grow in acquisition order
    }
};

QTEST_GUILESS_MAIN(TestNodeChannelContract)
#include "tst_nodechannelcontract.moc"
