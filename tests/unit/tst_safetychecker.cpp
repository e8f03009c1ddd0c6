// SPDX-License-Identifier: GPL-3.0-or-later
// The safety checker on scripted histories: it judges critical sections and data from
// typed events only, opens and closes each violation, and raises no false alarm.
#include "manualclock.h"
#include "model/nodeoutcome.h"
#include "model/verdict.h"
#include "record/eventtext.h"
#include "record/history.h"
#include "record/safetychecker.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using V = HistoryEvent::ViolationKind;

// A little history writer: times in ms, one client's operations by name.
class Script
{
public:
    QList<HistoryEvent> found;

    void acquire(qint64 ms, int client, quint16 nodes = 0b00111)
    {
        HistoryEvent e = at(ms, K::Ok, client, Op::Acquire);
        e.nodeMask = nodes;
        e.op = ++m_op;
        m_sections[client] = e.op;
        feed(e);
    }
    void end(qint64 ms, int client,
             HistoryEvent::SectionEndReason why = HistoryEvent::SectionEndReason::Released)
    {
        HistoryEvent e = at(ms, K::SectionEnd, client);
        e.code = quint8(why);
        e.op = m_sections.value(client);
        feed(e);
    }
    // An accepted write of `value` where the storage held `previous` just before.
    void write(qint64 ms, int client, qint64 value, qint64 previous)
    {
        HistoryEvent invoke = at(ms, K::Invoke, client, Op::Write);
        invoke.op = ++m_op;
        feed(invoke);
        HistoryEvent ok = at(ms, K::Ok, client, Op::Write);
        ok.op = invoke.op;
        ok.number = value;
        ok.previous = previous;
        feed(ok);
    }
    void rejected(qint64 ms, int client)
    {
        HistoryEvent e = at(ms, K::Fail, client, Op::Write);
        e.code = quint8(HistoryEvent::FailReason::Rejected);
        feed(e);
    }
    void stock(qint64 ms, qint64 items)
    {
        HistoryEvent e = at(ms, K::StockSet, -1);
        e.number = items;
        feed(e);
    }
    void lockLost(qint64 ms, int client) { feed(at(ms, K::LockLost, client)); }
    // A fenced acquisition (the counters the granting nodes returned).
    void acquireFenced(qint64 ms, int client, const FencingToken& fence, quint16 nodes)
    {
        HistoryEvent e = at(ms, K::Ok, client, Op::Acquire);
        e.nodeMask = nodes;
        e.fence = fence;
        e.op = ++m_op;
        m_sections[client] = e.op;
        feed(e);
    }
    void fencedWrite(qint64 ms, int client, const FencingToken& fence, bool refused)
    {
        HistoryEvent e = at(ms, refused ? K::Fail : K::Ok, client, Op::Write);
        e.fence = fence;
        e.number = 99;
        e.previous = refused ? -1 : 100;
        if (refused)
            e.code = quint8(HistoryEvent::FailReason::Rejected);
        feed(e);
    }
    void read(qint64 ms, int client, qint64 value)
    {
        HistoryEvent e = at(ms, K::Ok, client, Op::Read);
        e.number = value;
        feed(e);
    }
    void nodeUp(qint64 ms, int node)
    {
        HistoryEvent e = HistoryEvent::make(K::NodeUp);
        e.tUs = ms * 1000;
        e.node = node;
        feed(e);
    }
    // One round of `client` on five nodes: each node's answer is 0 (ok), a client id (taken
    // by it), or -1 (down). The Attempt is labelled as the client labels it (`said`).
    // Returns the Attempt as the checker left it.
    HistoryEvent round(qint64 ms, int client, const QList<int>& answers,
                       HistoryEvent::FailReason said = HistoryEvent::FailReason::NoQuorum)
    {
        const quint64 op = ++m_op;
        int votes = 0;
        for (int node = 0; node < answers.size(); ++node) {
            HistoryEvent a = at(ms + 1, K::NodeAnswer, client, Op::Acquire);
            a.op = op;
            a.node = node;
            a.latencyUs = 500;
            const int answer = answers[node];
            a.code = quint8(answer == 0  ? NodeOutcome::Kind::Ok
                            : answer > 0 ? NodeOutcome::Kind::Taken
                                         : NodeOutcome::Kind::Down);
            if (answer > 0) {
                a.token = QByteArray("token-of-") + QByteArray::number(answer);
                a.number = answer;
            }
            votes += answer == 0 ? 1 : 0;
            feed(a);
        }
        HistoryEvent attempt = at(ms + 2, K::Attempt, client, Op::Acquire);
        attempt.op = op;
        attempt.sinceUs = ms * 1000;
        attempt.number = votes;
        attempt.code = quint8(said);
        attempt.token = QByteArray("token-of-") + QByteArray::number(client);
        checker.feed(attempt, &found);
        return attempt;
    }

    SafetyChecker checker;

private:
    HistoryEvent at(qint64 ms, K kind, int client, Op operation = Op::None)
    {
        HistoryEvent e = HistoryEvent::forClient(kind, client, operation);
        e.tUs = ms * 1000;
        e.resource = "stock-lock";
        return e;
    }
    void feed(HistoryEvent e) { checker.feed(e, &found); }

    quint64 m_op = 0;
    QHash<int, quint64> m_sections;
};

} // namespace

class TestSafetyChecker : public QObject
{
    Q_OBJECT

private slots:
    void handOversAreSafe()
    {
        Script s;
        s.stock(0, 10);
        for (int i = 0; i < 5; ++i) {
            s.acquire(i * 100, 1 + i % 2);
            s.write(i * 100 + 50, 1 + i % 2, 9 - i, 10 - i);
            s.end(i * 100 + 60, 1 + i % 2);
        }
        const CheckCounters& c = s.checker.counters();
        QVERIFY(c.safe());
        QCOMPARE(c.acquisitions, 5);
        QCOMPARE(c.sales, 5);
        QCOMPARE(Verdict::headline(c), QStringLiteral("safe"));
        QVERIFY(s.found.isEmpty());
    }

    void overlapOpensAndCloses()
    {
        Script s;
        s.acquire(0, 1, 0b00111);
        s.acquire(100, 2, 0b11100); // C1 is still inside
        QCOMPARE(s.checker.counters().overlaps, 1);
        QCOMPARE(s.checker.inSection("stock-lock"), 2);
        const Violation& v = s.checker.violations().last();
        QCOMPARE(v.kind, V::Overlap);
        QCOMPARE(v.firstClient, 1);
        QCOMPARE(v.secondClient, 2);
        QCOMPARE(v.firstNodes, quint16(0b00111));
        QCOMPARE(v.secondNodes, quint16(0b11100));
        QCOMPARE(v.startUs, 100'000);
        QVERIFY(v.isOpen());
        s.end(250, 1, HistoryEvent::SectionEndReason::GaveUp);
        QCOMPARE(s.checker.violations().last().endUs, 250'000); // it has an end
        QCOMPARE(s.found.size(), 2);
        QCOMPARE(s.found[0].kind, K::Violation);
        QCOMPARE(s.found[1].kind, K::ViolationEnd);
        QCOMPARE(s.checker.counters(2).overlaps, 1); // counted for the one that entered
        QCOMPARE(Verdict::level(s.checker.counters()), Verdict::Level::Broken);
    }

    // A client that lost its lock and gave up before anyone acquired: no violation.
    void lockLostAloneIsNoViolation()
    {
        Script s;
        s.acquire(0, 1);
        s.lockLost(1000, 1);
        s.end(1000, 1, HistoryEvent::SectionEndReason::GaveUp);
        s.acquire(1100, 2);
        QCOMPARE(s.checker.counters().lockLost, 1);
        QVERIFY(s.checker.counters().safe());
    }

    void staleWriteAndLostUpdateFromTheStoragesAnswer()
    {
        Script s;
        s.stock(0, 100);
        s.acquire(0, 1);           // C1 reads 100
        s.lockLost(1000, 1);       // ... works too long
        s.acquire(1100, 2);        // C2 takes the lock, reads 100
        s.write(1200, 2, 99, 100); // sells one
        s.end(1210, 2);
        s.write(1500, 1, 99, 99); // C1 writes its stale 100 - 1: C2's sale is erased
        s.end(1510, 1);
        const CheckCounters& c = s.checker.counters();
        QCOMPARE(c.overlaps, 1);
        QCOMPARE(c.staleWrites, 1);
        QCOMPARE(c.lostUpdates, 1);
        QCOMPARE(c.sales, 2);
        QCOMPARE(c.oversold, 0);
        QCOMPARE(c.lostUpdates, c.sales - (100 - 99)); // sold - (initial - left)
        QCOMPARE(Verdict::level(c), Verdict::Level::Damaged);
        QVERIFY(Verdict::headline(c).startsWith(QStringLiteral("DATA DAMAGED: 1 stale write")));
    }

    void oversellCountsFromTheLastStock()
    {
        Script s;
        s.stock(0, 1);
        s.acquire(0, 1);
        s.acquire(10, 2);
        s.write(20, 1, 0, 1);
        s.write(30, 2, 0, 0); // both sold the one item
        QCOMPARE(s.checker.counters().oversold, 1);
        QCOMPARE(s.checker.counters().lostUpdates, 1);
        s.stock(100, 5); // a new stock: the old sales do not count against it
        s.end(110, 1);
        s.end(110, 2);
        s.acquire(200, 1);
        s.write(210, 1, 4, 5);
        QCOMPARE(s.checker.counters().oversold, 1);
    }

    void fencedRunIsSafeData()
    {
        Script s;
        s.stock(0, 100);
        s.acquire(0, 1);
        s.acquire(1100, 2);
        s.write(1200, 2, 99, 100);
        s.end(1210, 2);
        s.rejected(1500, 1); // C1's stale write refused by the fencing check
        s.end(1510, 1);
        const CheckCounters& c = s.checker.counters();
        QCOMPARE(c.overlaps, 1);
        QCOMPARE(c.staleWrites, 0);
        QCOMPARE(c.staleWritesRejected, 1);
        QVERIFY(c.dataSafe());
        QCOMPARE(Verdict::level(c), Verdict::Level::Fenced);
        QCOMPARE(Verdict::headline(c),
                 QStringLiteral("MUTUAL EXCLUSION BROKEN, fenced: 1 stale write(s) rejected: the "
                                "data is safe"));
    }

    // Issue 20, 1a: A holds nodes 1-3; B, cut off from nodes 1 and 2, gets 4 and 5 and is
    // refused by 3. B's client calls it a split vote from what it sees; nobody split it.
    void refusedByAHolderIsNoSplitVote()
    {
        Script s;
        s.acquire(0, 1, 0b00111);
        const HistoryEvent r =
            s.round(100, 2, {-1, -1, 1, 0, 0}, HistoryEvent::FailReason::SplitVote);
        QCOMPARE(r.failReason(), HistoryEvent::FailReason::HeldByAnother);
        QCOMPARE(r.previous, 1); // by C1
        QCOMPARE(s.checker.counters().splitVotes, 0);
        QVERIFY(EventText().describe(r).contains(QStringLiteral("C1 holds the lock")));
    }

    // 1b: one client alone, refused by its own earlier keys (a release that could not reach
    // nodes 4 and 5) with nodes 1 and 2 down: one client got every vote, none was split.
    void ownEarlierKeysAreNoSplitVote()
    {
        Script s;
        const HistoryEvent r =
            s.round(100, 1, {-1, -1, 0, 1, 1}, HistoryEvent::FailReason::SplitVote);
        QCOMPARE(r.failReason(), HistoryEvent::FailReason::NoQuorum);
        QCOMPARE(s.checker.counters().splitVotes, 0);
    }

    // The mirror image: nobody holds the lock and the votes went to three clients.
    void aRealSplitVote()
    {
        Script s;
        const HistoryEvent r = s.round(100, 1, {0, 0, 2, 2, 3});
        QCOMPARE(r.failReason(), HistoryEvent::FailReason::SplitVote);
        QCOMPARE(r.previous, 3); // the votes went to three clients
        QCOMPARE(s.checker.counters().splitVotes, 1);
        QCOMPARE(s.checker.counters(1).splitVotes, 1);
        // A crashed client's keys on a majority hold the lock, inside a section or not.
        const HistoryEvent held = s.round(200, 1, {2, 2, 2, 0, 0});
        QCOMPARE(held.failReason(), HistoryEvent::FailReason::HeldByAnother);
        QCOMPARE(held.previous, 2);
        QCOMPARE(s.checker.counters().splitVotes, 1);
    }

    // 2: node 3 restarted without persistence; the next holder, the only one, carries 3
    // there where the storage last saw 9: a valid write refused, not a stale one.
    void refusedValidWriteIsNotStale()
    {
        Script s;
        const auto fence = [](std::initializer_list<std::pair<int, qint64>> counters) {
            FencingToken f;
            for (const auto& [node, counter] : counters)
                f.set(node, counter);
            return f;
        };
        const FencingToken first = fence({{0, 9}, {1, 9}, {2, 9}});
        s.acquireFenced(0, 1, first, 0b00111);
        s.fencedWrite(50, 1, first, false);
        s.end(60, 1);
        s.nodeUp(100, 2);
        const FencingToken second = fence({{2, 3}, {3, 10}, {4, 10}});
        s.acquireFenced(200, 2, second, 0b11100);
        s.fencedWrite(250, 2, second, true);
        const CheckCounters& c = s.checker.counters();
        QCOMPARE(c.staleWritesRejected, 0);
        QCOMPARE(c.validWritesRejected, 1);
        QVERIFY(c.safe()); // no damage, no overlap: a sale refused, said on its own
        QVERIFY(Verdict::headline(c).contains(QStringLiteral("1 valid write(s) refused")));
        const Violation& v = s.checker.violations().last();
        QCOMPARE(v.kind, V::ValidWriteRejected);
        QCOMPARE(v.node, 2);
        QCOMPARE(v.amount, 9);
        const QString words = EventText().describe(v.toEvent(K::Violation, 250'000));
        QVERIFY2(words.contains(QStringLiteral("node 3's fencing number went back from 9 to 3")),
                 qPrintable(words));
        // The mirror image: C1 writes after C2 acquired: stale, rejected as it should be.
        s.fencedWrite(300, 1, first, true);
        QCOMPARE(s.checker.counters().staleWritesRejected, 1);
        QCOMPARE(s.checker.counters().validWritesRejected, 1);
    }

    // 4: C1 reads 100; the operator sets the stock to 5; C1 writes 99. No sale was erased:
    // the reset was overwritten.
    void overwrittenResetIsNoLostUpdate()
    {
        Script s;
        s.stock(0, 100);
        s.acquire(10, 1);
        s.read(20, 1, 100);
        s.stock(30, 5);
        s.write(40, 1, 99, 5);
        CheckCounters c = s.checker.counters();
        QCOMPARE(c.lostUpdates, 0);
        QCOMPARE(c.resetsOverwritten, 1);
        QVERIFY(!c.dataSafe());
        QCOMPARE(s.checker.violations().last().kind, V::ResetOverwritten);
        QCOMPARE(s.checker.violations().last().amount, 5);
        // The mirror image: after a reset to 5, C2 sells 2; C1's stale write erases those two.
        Script t;
        t.stock(0, 100);
        t.read(20, 1, 100);
        t.stock(30, 5);
        t.read(40, 2, 5);
        t.write(50, 2, 4, 5);
        t.read(60, 2, 4);
        t.write(70, 2, 3, 4);
        t.write(80, 1, 99, 3);
        c = t.checker.counters();
        QCOMPARE(c.lostUpdates, 2);
        QCOMPARE(c.resetsOverwritten, 1);
    }

    // 7: a careless client writing after its lock expired, with no rival, damaged nothing.
    void writeAfterExpiryWithoutRivalIsNotStale()
    {
        Script s;
        s.stock(0, 10);
        s.acquire(0, 1);
        s.read(10, 1, 10);
        s.lockLost(1000, 1);
        s.write(1500, 1, 9, 10);
        const CheckCounters& c = s.checker.counters();
        QCOMPARE(c.lockLost, 1);
        QCOMPARE(c.staleWrites, 0);
        QVERIFY(c.safe());
    }

    // 7: a careful client paused past its validity is inside its section until it resumes:
    // the other's acquisition is an overlap, though it gives up without writing.
    void pausedCarefulClientIsInsideUntilItLeaves()
    {
        Script s;
        s.acquire(0, 1);
        s.acquire(3000, 2);  // C1 is paused, its validity over
        s.lockLost(5000, 1); // it resumes, sees it, gives up
        s.end(5000, 1, HistoryEvent::SectionEndReason::GaveUp);
        const CheckCounters& c = s.checker.counters();
        QCOMPARE(c.overlaps, 1);
        QVERIFY(c.dataSafe());
        QCOMPARE(Verdict::level(c), Verdict::Level::Broken);
    }

    // One definition per counter: the README's table says what CheckCounters::definition says.
    void readmeTableIsTheDefinitions()
    {
        QFile readme(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly | QIODevice::Text));
        static const QRegularExpression row(QStringLiteral("^\\| `([a-z_]+)` \\| (.+) \\|$"));
        QHash<QString, QString> table;
        for (const QString& line : QString::fromUtf8(readme.readAll()).split(QLatin1Char('\n'))) {
            const QRegularExpressionMatch m = row.match(line);
            if (m.hasMatch() && CheckCounters::parse(m.captured(1)))
                table.insert(m.captured(1), m.captured(2));
        }
        for (const QString& name : CheckCounters::names())
            QCOMPARE(table.value(name), CheckCounters::definition(*CheckCounters::parse(name)));
    }

    // The history keeps the newest events, counts the rest, and hands new ones out once.
    void historyIsBoundedAndBatched()
    {
        ManualClock clock;
        History history(clock, 10);
        for (int i = 0; i < 25; ++i) {
            HistoryEvent e;
            e.tUs = 1 + i;
            e.number = i;
            history.append(e);
        }
        QCOMPARE(history.events().size(), size_t(10));
        QCOMPARE(history.events().front().number, 15);
        QCOMPARE(history.totalCount(), 25u);
        QCOMPARE(history.droppedCount(), 15u);
        QCOMPARE(history.takeNew().size(), 25);
        QVERIFY(history.takeNew().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSafetyChecker)
#include "tst_safetychecker.moc"
