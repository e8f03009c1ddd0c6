// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/runchart.h"

#include <array>

class QAreaSeries;
class QValueAxis;

// Per second, side by side: the rounds asked of the nodes (won or lost), the acquisitions,
// and the acquires that failed for good (after their last retry): three counts named as they
// are counted, which the report's caption repeats. When a second is narrower than a few
// pixels, a bar covers several seconds and shows their mean per second.
class ThroughputChart : public RunChart
{
    Q_OBJECT

public:
    struct Bucket
    {
        qint64 firstSecond = 0;
        int seconds = 1;
        qint64 attempts = 0;
        qint64 acquired = 0;
        qint64 failed = 0;
    };

    ThroughputChart(const RunData* data, const Look& look);

    // The bars in view (counts, not rates).
    const QList<Bucket>& buckets() const { return m_buckets; }

protected:
    void feed(int columns) override;
    QString describeValue(const QPointF& value) const override;

private:
    void feedBars();

    QValueAxis* m_rate;
    std::array<QAreaSeries*, 3> m_bars{}; // attempts, acquisitions, final failures
    QList<Bucket> m_buckets;
    int m_secondsPerBar = 1;
};
