// SPDX-License-Identifier: GPL-3.0-or-later
// The history on its own: stamping on the run's clock, the bounded ring, the batches the
// snapshots take, and the event rate the window shows.
#include "manualclock.h"
#include "record/history.h"

#include <QTest>

class TestHistory : public QObject
{
    Q_OBJECT

private slots:
    void stampsOnlyWhatHasNoTime()
    {
        ManualClock clock;
        clock.setNowUs(5'000'000);
        History history(clock);
        history.append(HistoryEvent::make(HistoryEvent::Kind::Info, QStringLiteral("now")));
        HistoryEvent earlier = HistoryEvent::make(HistoryEvent::Kind::Info, QStringLiteral("then"));
        earlier.tUs = 4'000'000;
        history.append(earlier);
        QCOMPARE(history.events().at(0).tUs, qint64(5'000'000));
        QCOMPARE(history.events().at(1).tUs, qint64(4'000'000)); // a replayed event keeps its time
    }

    void keepsTheNewestWithinItsCapacity()
    {
        ManualClock clock;
        History history(clock, 3);
        for (int i = 0; i < 5; ++i) {
            HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Info, QString::number(i));
            history.append(e);
        }
        QCOMPARE(history.events().size(), size_t(3));
        QCOMPARE(history.events().front().text, QStringLiteral("2"));
        QCOMPARE(history.totalCount(), quint64(5));
        QCOMPARE(history.droppedCount(), quint64(2));
        // A snapshot takes every event since the last one, dropped from the ring or not.
        QCOMPARE(history.takeNew().size(), 5);
        QVERIFY(history.takeNew().isEmpty());
    }

    // Events per second over the last three whole quarter seconds; the quarter under way
    // does not count (it would make the rate jump at each quarter's start).
    void rateCountsTheLastWholeSecond()
    {
        ManualClock clock;
        History history(clock);
        const qint64 start = 100 * 250'000; // on a quarter's start
        for (int quarter = 0; quarter < 4; ++quarter) {
            for (int i = 0; i < 10; ++i) {
                clock.setNowUs(start + quarter * 250'000 + i * 1000);
                history.append(HistoryEvent::make(HistoryEvent::Kind::Info, QString()));
            }
        }
        // Now in the fifth quarter: the 2nd, 3rd and 4th (30 events in 0.75 s) count.
        QCOMPARE(history.ratePerSecond(start + 4 * 250'000 + 1), 40.0);
        // Much later nothing counts.
        QCOMPARE(history.ratePerSecond(start + 40 * 250'000), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestHistory)
#include "tst_history.moc"
