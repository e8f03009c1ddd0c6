// SPDX-License-Identifier: GPL-3.0-or-later
// How ForeignClients counts a foreign client's rounds, on a clock the test moves: what made
// the app count more acquisitions than node-redlock had (issue 24, 7,979 against 7,973). A
// worker's connections name themselves one by one; on a loaded machine the first may be
// named and granted well before the others are, and the app took the worker for a one-node
// client: a lease on one node, and then a second acquisition of the same token when its
// majority came. Its process dialled all five nodes: that decides.
#include "clients/foreignclients.h"
#include "manualclock.h"
#include "record/safetychecker.h"

#include <QCryptographicHash>
#include <QTest>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;

const ForeignIdentity Process{QStringLiteral("pid:4121"), QStringLiteral("node (pid 4121)"), {}};
const ForeignIdentity Worker{QStringLiteral("name:redlock-w0"), QStringLiteral("redlock-w0"),
                             QStringLiteral("pid:4121")};

const QByteArray Release = "if redis.call('get', KEYS[1]) == ARGV[1] then "
                           "return redis.call('del', KEYS[1]) else return 0 end";
const QByteArray Extend = "if redis.call('get', KEYS[1]) == ARGV[1] then "
                          "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

ForeignIdentity process(int pid)
{
    return {QStringLiteral("pid:%1").arg(pid), QStringLiteral("python3 (pid %1)").arg(pid), {}};
}

ForeignExchange exchange(const ForeignIdentity& who, const QByteArrayList& command,
                         const RedisReply& reply, qint64 atUs)
{
    ForeignExchange x;
    x.who = who;
    x.command = command;
    x.reply = reply;
    x.sentUs = atUs;
    x.repliedUs = atUs + 300;
    return x;
}

ForeignExchange grant(const QByteArray& token, qint64 atUs, bool granted = true)
{
    ForeignExchange x;
    x.who = Worker;
    x.command = {"SET", "stock-lock", token, "NX", "PX", "10000"};
    x.reply = granted ? RedisReply::status("OK") : RedisReply::nil();
    x.sentUs = atUs;
    x.repliedUs = atUs + 500;
    return x;
}

} // namespace

class TestForeignRounds : public QObject
{
    Q_OBJECT

private:
    ManualClock m_clock;
    QByteArray m_lastToken;
    QList<HistoryEvent> m_events;

    SafetyChecker m_checker;

    // Every event is stamped with the test's clock and judged, as the recorder would.
    std::unique_ptr<ForeignClients> make()
    {
        m_events.clear();
        m_checker = SafetyChecker(5);
        auto f = std::make_unique<ForeignClients>("stock-lock", "stock", 5, m_clock);
        connect(f.get(), &ForeignClients::happened, this, [this](HistoryEvent e) {
            e.tUs = m_clock.nowUs();
            m_checker.feed(e);
            m_events << e;
        });
        return f;
    }

    // A one-node client (its process dialled node 1 only) that holds the lock now; false if
    // its round was never decided.
    bool holdOnNodeOne(ForeignClients& f, const ForeignIdentity& who, const QByteArray& token)
    {
        const int before = count(K::Ok, Op::Acquire);
        f.onConnection(0, who, true);
        f.onExchange(0, exchange(who, {"SET", "stock-lock", token, "NX", "PX", "10000"},
                                 RedisReply::status("OK"), m_clock.nowUs()));
        letSettle();
        return QTest::qWaitFor([&] { return count(K::Ok, Op::Acquire) > before; }, DecidedMs);
    }

    int count(K kind, Op op) const
    {
        int n = 0;
        for (const HistoryEvent& e : m_events)
            n += e.kind == kind && e.operation == op;
        return n;
    }

    // Long enough on the test's clock for a one-node client's round to be decided, and on
    // the real one for the sweep to run: time for a wrong decision to show, which the checks
    // that nothing happened rely on. What should happen is waited for instead (DecidedMs), as
    // the real timers may run after any fixed wait on a busy machine.
    void letSettle()
    {
        m_clock.advanceUs(1'500'000);
        QTest::qWait(150);
    }

    // How long a decision the real timers make may take: a bound for a hang only.
    static constexpr int DecidedMs = 30'000;

private slots:
    void aWorkerNamedFirstIsStillARedlockClient()
    {
        auto f = make();
        for (int node = 0; node < 5; ++node) // the process dials all five
            f->onConnection(node, Process, true);
        f->onConnection(0, Worker, true); // only node 1's connection is named yet
        const qint64 t0 = m_clock.nowUs();
        f->onExchange(0, grant("tok", t0));
        letSettle();
        QCOMPARE(count(K::Ok, Op::Acquire), 0); // one grant of five is no lease
        for (int node = 1; node < 5; ++node)
            f->onConnection(node, Worker, true);
        f->onExchange(1, grant("tok", t0 + 100));
        f->onExchange(2, grant("tok", t0 + 200));
        QCOMPARE(count(K::Ok, Op::Acquire), 1);
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->strategyQuorum, 3);
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->acquisitions, 1u);
    }

    // A process that dialled one node is a one-node client, named or not.
    void aOneNodeClientIsDecidedByItsOneNode()
    {
        auto f = make();
        f->onConnection(0, Process, true);
        f->onConnection(0, Worker, true);
        f->onExchange(0, grant("one", m_clock.nowUs()));
        letSettle();
        QTRY_COMPARE_WITH_TIMEOUT(count(K::Ok, Op::Acquire), 1, DecidedMs);
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->strategyQuorum, 1);
    }

    // node-redlock's retry: the same token to the same nodes after a failed round is a round
    // of its own, and an EVALSHA answered NOSCRIPT (followed by the script itself) is none.
    void aRetryIsARoundOfItsOwnAndNoScriptNoAnswer()
    {
        auto f = make();
        for (int node = 0; node < 5; ++node) {
            f->onConnection(node, Process, true);
            f->onConnection(node, Worker, true);
        }
        // The app knows the script (another connection loaded it); this node does not yet.
        const QByteArray body = "return redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])";
        const QByteArray sha = QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex();
        ForeignExchange load = grant("retry", m_clock.nowUs());
        load.command = {"SCRIPT", "LOAD", body};
        load.reply = RedisReply::string(sha);
        f->onExchange(1, load);
        ForeignExchange noScript = grant("retry", m_clock.nowUs());
        noScript.command = {"EVALSHA", sha, "1", "stock-lock", "retry", "10000"};
        noScript.reply = RedisReply::error("NOSCRIPT No matching script. Please use EVAL.");
        f->onExchange(0, noScript);
        QCOMPARE(count(K::Invoke, Op::Acquire), 0);
        for (int node = 0; node < 5; ++node)
            f->onExchange(node, grant("retry", m_clock.nowUs(), node < 2));
        QCOMPARE(count(K::Attempt, Op::Acquire), 1);
        m_clock.advanceUs(250'000);
        for (int node = 0; node < 5; ++node)
            f->onExchange(node, grant("retry", m_clock.nowUs(), node >= 2));
        // One acquire (one value), two rounds; no failure: it did not give up.
        QCOMPARE(count(K::Invoke, Op::Acquire), 1);
        QCOMPARE(count(K::Attempt, Op::Acquire), 2);
        QCOMPARE(count(K::Fail, Op::Acquire), 0);
        QCOMPARE(count(K::Ok, Op::Acquire), 1);
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->acquisitions, 1u);
    }

    // A one-node client's release is sent before the next holder's request, but its answer
    // may be read after the next holder's grant (two connections, one node): the lease ends
    // when the release is sent, so the grant overlaps nothing (issue 31: redis-py's Lock,
    // redis-semaphore's Mutex and redlock-universal's createLock were reported overlapping).
    void aReleaseSentBeforeTheNextGrantEndsTheLeaseFirst()
    {
        auto f = make();
        const ForeignIdentity a = process(11);
        const ForeignIdentity b = process(12);
        QVERIFY(holdOnNodeOne(*f, a, "ta"));
        f->onConnection(0, b, true);
        const QByteArrayList release{"EVAL", Release, "1", "stock-lock", "ta"};
        f->onRequests(0, {a, 1, {release}, m_clock.nowUs()});
        m_clock.advanceUs(200);
        f->onExchange(0, exchange(b, {"SET", "stock-lock", "tb", "NX", "PX", "10000"},
                                  RedisReply::status("OK"), m_clock.nowUs()));
        f->onExchange(0, exchange(a, release, RedisReply::number(1), m_clock.nowUs()));
        letSettle();
        QTRY_COMPARE_WITH_TIMEOUT(count(K::Ok, Op::Acquire), 2, DecidedMs);
        QTRY_COMPARE_WITH_TIMEOUT(count(K::Ok, Op::Release), 1, DecidedMs);
        QCOMPARE(m_checker.counters().overlaps, 0);
        for (const HistoryEvent& e : std::as_const(m_events))
            if (e.is(K::Ok, Op::Release))
                QCOMPARE(e.number, 1); // "released on 1 node", not 0
    }

    // A node restarted without persistence lost A's key, and grants it to B: A's hold on that
    // node ended (the history says how it was learnt), but A still relies on its lease: an
    // overlap, truly.
    void aGrantEndsTheOldHoldButNotTheOldLease()
    {
        auto f = make();
        const ForeignIdentity a = process(21);
        const ForeignIdentity b = process(22);
        QVERIFY(holdOnNodeOne(*f, a, "ta"));
        f->onConnection(0, b, true);
        f->onExchange(0, exchange(b, {"SET", "stock-lock", "tb", "NX", "PX", "10000"},
                                  RedisReply::status("OK"), m_clock.nowUs()));
        letSettle();
        QTRY_COMPARE_WITH_TIMEOUT(m_checker.counters().overlaps, 1, DecidedMs);
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->lockNodes, quint16(0));
        QVERIFY(f->snapshot(QStringLiteral("F1"))->inSection);
        bool told = false;
        for (const HistoryEvent& e : std::as_const(m_events))
            told |= e.kind == K::Info && e.client == ForeignClients::FirstId && e.node == 0 &&
                    e.text.contains(QLatin1String("was gone"));
        QVERIFY(told);
    }

    // Two extension requests of a Redlock client, each answered by all five nodes: two
    // extensions (counting grants across requests made redis-semaphore's 6 refreshes 10).
    void anExtensionIsCountedOncePerRequest()
    {
        auto f = make();
        for (int node = 0; node < 5; ++node) {
            f->onConnection(node, Process, true);
            f->onConnection(node, Worker, true);
        }
        for (int node = 0; node < 5; ++node)
            f->onExchange(node, grant("tok", m_clock.nowUs()));
        QCOMPARE(count(K::Ok, Op::Acquire), 1);
        for (int request = 0; request < 2; ++request) {
            m_clock.advanceUs(1'000'000);
            for (int node = 0; node < 5; ++node)
                f->onExchange(node,
                              exchange(Worker, {"EVAL", Extend, "1", "stock-lock", "tok", "10000"},
                                       RedisReply::number(1), m_clock.nowUs()));
        }
        QCOMPARE(count(K::Ok, Op::Extend), 2);
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->extensions, 2u);
        // Valid for the TTL from the last request's first answer.
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->validUntilUs, m_clock.nowUs() + 10'000'000);
    }

    // An EVALSHA of a script the app never saw (the node's script cache was warm): the node is
    // read, and what the key holds tells what it was; the second call needs no reading.
    void anUnknownScriptIsJudgedFromTheNode()
    {
        auto f = make();
        int probes = 0;
        f->setProbe([this, &probes](int node, const QByteArray& key,
                                    const ForeignClients::ProbeDone& done) {
            ++probes;
            QCOMPARE(node, 0);
            QCOMPARE(key, QByteArray("stock-lock"));
            done(ForeignClients::KeyState{RedisReply::string(m_lastToken), 9990});
        });
        const ForeignIdentity a = process(31);
        f->onConnection(0, a, true);
        const QByteArray sha(40, 'e');
        m_lastToken = "ta";
        f->onExchange(0, exchange(a, {"EVALSHA", sha, "1", "stock-lock", "0", "ta", "10000"},
                                  RedisReply::number(1), m_clock.nowUs()));
        letSettle();
        QCOMPARE(probes, 1);
        QTRY_COMPARE_WITH_TIMEOUT(count(K::Ok, Op::Acquire), 1, DecidedMs);
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->validUntilUs - m_clock.nowUs() <= 10'000'000,
                 true);
        bool told = false;
        for (const HistoryEvent& e : std::as_const(m_events))
            told |= e.kind == K::Info && e.text.contains(QLatin1String("never saw")) &&
                    e.text.contains(QLatin1String("an acquire"));
        QVERIFY(told);
        // Released (DEL) and taken again with the same script: read as known now.
        f->onExchange(0,
                      exchange(a, {"DEL", "stock-lock"}, RedisReply::number(1), m_clock.nowUs()));
        m_lastToken = "ta2";
        f->onExchange(0, exchange(a, {"EVALSHA", sha, "1", "stock-lock", "0", "ta2", "10000"},
                                  RedisReply::number(1), m_clock.nowUs()));
        letSettle();
        QCOMPARE(probes, 1);
        QTRY_COMPARE_WITH_TIMEOUT(count(K::Ok, Op::Acquire), 2, DecidedMs);
    }

    // failures counts the acquires that gave up, not their failed rounds.
    void failuresAreAcquiresThatGaveUp()
    {
        auto f = make();
        for (int node = 0; node < 5; ++node) {
            f->onConnection(node, Process, true);
            f->onConnection(node, Worker, true);
        }
        for (int round = 0; round < 3; ++round) { // three rounds of one acquire, refused
            for (int node = 0; node < 5; ++node)
                f->onExchange(node, grant("t1", m_clock.nowUs(), false));
            m_clock.advanceUs(200'000);
        }
        for (int node = 0; node < 5; ++node) // its fourth round wins
            f->onExchange(node, grant("t1", m_clock.nowUs()));
        QCOMPARE(count(K::Attempt, Op::Acquire), 4);
        QCOMPARE(count(K::Fail, Op::Acquire), 0);
        f->onExchange(0, exchange(Worker, {"EVAL", Release, "1", "stock-lock", "t1"},
                                  RedisReply::number(1), m_clock.nowUs()));
        for (int round = 0; round < 2; ++round) { // another acquire, two rounds, then nothing
            for (int node = 0; node < 5; ++node)
                f->onExchange(node, grant("t2", m_clock.nowUs(), false));
            m_clock.advanceUs(200'000);
        }
        m_clock.advanceUs(3'000'000);
        QTRY_COMPARE(count(K::Fail, Op::Acquire), 1);
        QCOMPARE(m_checker.counters().failures, 1);
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->failures.value("no-quorum"), 1u);
    }

    // Many short-lived clients (3,000 in the issue) keep a bounded set of lanes: one with no
    // connection left and nothing under way retires, its history kept.
    void idleLanesRetire()
    {
        auto f = make();
        for (int i = 0; i < 200; ++i) {
            const ForeignIdentity who = process(1000 + i);
            f->onConnection(0, who, true);
            f->onExchange(
                0,
                exchange(who, {"SET", "stock-lock", "t" + QByteArray::number(i), "NX", "PX", "100"},
                         RedisReply::nil(), m_clock.nowUs()));
            m_clock.advanceUs(30'000);
            f->onConnection(0, who, false);
            QVERIFY2(f->laneCount() <= ForeignClients::MaxLanes,
                     qPrintable(QString::number(f->laneCount())));
        }
        QCOMPARE(count(K::ClientAdded, Op::None), 200);
        QVERIFY(count(K::ClientRemoved, Op::None) >= 200 - ForeignClients::MaxLanes);
        // Quiet long enough, the rest retire too.
        m_clock.advanceUs(qint64(ForeignClients::RetireAfterMs) * 1000 + 1);
        QTRY_COMPARE_WITH_TIMEOUT(f->laneCount(), 0, 5000);
        // A name still maps to the id it had or will have.
        QCOMPARE(ForeignClients::idForName(QStringLiteral("F201")), ForeignClients::FirstId + 200);
    }

    // Lost updates on the exposed storage, from each connection's GET and SET: both read 10,
    // both wrote 9; the second write erased the first sale.
    void aLostUpdateIsJudgedFromGetThenSet()
    {
        auto f = make();
        const ForeignIdentity a = process(41);
        const ForeignIdentity b = process(42);
        const int storage = HistoryEvent::StorageNode;
        f->onExchange(storage,
                      exchange(a, {"GET", "stock"}, RedisReply::string("10"), m_clock.nowUs()));
        f->onExchange(storage,
                      exchange(b, {"GET", "stock"}, RedisReply::string("10"), m_clock.nowUs()));
        f->onExchange(
            storage, exchange(b, {"SET", "stock", "9"}, RedisReply::status("OK"), m_clock.nowUs()));
        f->onExchange(
            storage, exchange(a, {"SET", "stock", "9"}, RedisReply::status("OK"), m_clock.nowUs()));
        QCOMPARE(m_checker.counters().lostUpdates, 1);
        QCOMPARE(m_checker.counters().sales, 2);
    }

    // A majority that comes after the TTL ran out (a node answered 11 s late, TTL 10 s) is no
    // acquisition: the round failed for its validity, as a careful client would judge it.
    void aMajorityAfterTheTtlIsNoLock()
    {
        auto f = make();
        for (int node = 0; node < 5; ++node) {
            f->onConnection(node, Process, true);
            f->onConnection(node, Worker, true);
        }
        const qint64 t0 = m_clock.nowUs();
        f->onExchange(0, grant("late", t0));
        f->onExchange(1, grant("late", t0));
        m_clock.advanceUs(11'000'000);
        ForeignExchange late = grant("late", t0);
        late.repliedUs = m_clock.nowUs(); // its answer came 11 s after the request
        f->onExchange(2, late);
        QCOMPARE(count(K::Ok, Op::Acquire), 0);
        m_clock.advanceUs(3'000'000); // no round since: it gave up
        QTRY_COMPARE(count(K::Fail, Op::Acquire), 1);
        for (const HistoryEvent& e : std::as_const(m_events))
            if (e.kind == K::Fail)
                QCOMPARE(e.code, quint8(HistoryEvent::FailReason::ValidityExpired));
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->failures.value("validity-expired"), 1u);
    }
};

QTEST_GUILESS_MAIN(TestForeignRounds)
#include "tst_foreignrounds.moc"
