// SPDX-License-Identifier: GPL-3.0-or-later
// The safety checker on scripted histories: it judges critical sections and data from
// typed events only, opens and closes each violation, and raises no false alarm.
#include "manualclock.h"
#include "model/verdict.h"
#include "record/history.h"
#include "record/safetychecker.h"

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

    SafetyChecker checker;

private:
    HistoryEvent at(qint64 ms, K kind, int client, Op operation = Op::None)
    {
        HistoryEvent e = HistoryEvent::forClient(kind, client, operation);
        e.tUs = ms * 1000;
        e.resource = "stock-lock";
        return e;
    }
    void feed(const HistoryEvent& e) { checker.feed(e, &found); }

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
        QCOMPARE(c.lostUpdates, c.sales - (100 - 99)); // the seed's formula
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
