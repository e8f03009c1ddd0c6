// SPDX-License-Identifier: GPL-3.0-or-later
// The one quantile formula every p50/p99 in the app uses (clients, replay, benchmarks, charts):
// nearest rank over the sorted samples.
#include "model/latencystats.h"

#include <QTest>

class TestLatencyStats : public QObject
{
    Q_OBJECT

private slots:
    void nearestRank()
    {
        LatencyStats stats;
        QCOMPARE(stats.percentile(99), qint64(0)); // nothing measured
        for (qint64 us = 100; us >= 1; --us)       // any order
            stats.add(us);
        QCOMPARE(stats.count(), size_t(100));
        QCOMPARE(stats.percentile(0), qint64(1));
        QCOMPARE(stats.percentile(50), qint64(51)); // rank 0.5 × 99, rounded
        QCOMPARE(stats.percentile(99), qint64(99));
        QCOMPARE(stats.max(), qint64(100));
        QCOMPARE(stats.mean(), 50.5);
    }

    void oneSampleIsEveryQuantile()
    {
        LatencyStats stats;
        stats.add(7);
        for (double p : {0.0, 50.0, 99.0, 100.0})
            QCOMPARE(stats.percentile(p), qint64(7));
    }

    // A sample added after a quantile was read counts in the next one.
    void addingAfterReading()
    {
        LatencyStats stats;
        stats.add(10);
        stats.add(20);
        QCOMPARE(stats.max(), qint64(20));
        stats.add(5);
        QCOMPARE(stats.percentile(0), qint64(5));
    }
};

QTEST_GUILESS_MAIN(TestLatencyStats)
#include "tst_latencystats.moc"
