// SPDX-License-Identifier: GPL-3.0-or-later
// How ForeignClients counts a foreign client's rounds, on a clock the test moves: what made
// the app count more acquisitions than node-redlock had (issue 24, 7,979 against 7,973). A
// worker's connections name themselves one by one; on a loaded machine the first may be
// named and granted well before the others are, and the app took the worker for a one-node
// client: a lease on one node, and then a second acquisition of the same token when its
// majority came. Its process dialled all five nodes: that decides.
#include "clients/foreignclients.h"
#include "manualclock.h"

#include <QCryptographicHash>
#include <QTest>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;

const ForeignIdentity Process{QStringLiteral("pid:4121"), QStringLiteral("node (pid 4121)"), {}};
const ForeignIdentity Worker{QStringLiteral("name:redlock-w0"), QStringLiteral("redlock-w0"),
                             QStringLiteral("pid:4121")};

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
    QList<HistoryEvent> m_events;

    std::unique_ptr<ForeignClients> make()
    {
        m_events.clear();
        auto f = std::make_unique<ForeignClients>("stock-lock", "stock", 5, m_clock);
        connect(f.get(), &ForeignClients::event, this,
                [this](const HistoryEvent& e) { m_events << e; });
        return f;
    }

    int count(K kind, Op op) const
    {
        int n = 0;
        for (const HistoryEvent& e : m_events)
            n += e.kind == kind && e.operation == op;
        return n;
    }

    // Long enough on the test's clock for a one-node client's round to be decided, and on
    // the real one for the sweep to run.
    void letSettle()
    {
        m_clock.advanceUs(1'500'000);
        QTest::qWait(150);
    }

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
        QCOMPARE(count(K::Ok, Op::Acquire), 1);
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
        QCOMPARE(count(K::Fail, Op::Acquire), 1);
        m_clock.advanceUs(250'000);
        for (int node = 0; node < 5; ++node)
            f->onExchange(node, grant("retry", m_clock.nowUs(), node >= 2));
        QCOMPARE(count(K::Invoke, Op::Acquire), 2);
        QCOMPARE(count(K::Ok, Op::Acquire), 1);
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->acquisitions, 1u);
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
        f->onExchange(2, grant("late", t0));
        QCOMPARE(count(K::Ok, Op::Acquire), 0);
        QCOMPARE(count(K::Fail, Op::Acquire), 1);
        for (const HistoryEvent& e : std::as_const(m_events))
            if (e.kind == K::Fail)
                QCOMPARE(e.code, quint8(HistoryEvent::FailReason::ValidityExpired));
        QCOMPARE(f->snapshot(QStringLiteral("F1"))->failures.value("validity-expired"), 1u);
    }
};

QTEST_GUILESS_MAIN(TestForeignRounds)
#include "tst_foreignrounds.moc"
