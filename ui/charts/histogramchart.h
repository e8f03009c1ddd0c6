// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/attemptoutcome.h"
#include "charts/chartlabels.h"
#include "charts/runchart.h"

#include <array>

class QAreaSeries;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

// How long the rounds decided in the window took, in logarithmic bins stacked by outcome (a
// refusal is not an acquisition, and is not counted as one), each outcome's count in the
// legend; the p50, p90, p99 and slowest of the acquisitions alone as vertical lines, each named
// with its value at its top, labels kept off each other. A rubber band zooms the latency axis.
class HistogramChart : public RunChart
{
    Q_OBJECT

public:
    static constexpr int Bins = 40;
    using Counts = std::array<qint64, AttemptOutcome::Count>;

    HistogramChart(const RunData* data, const Look& look);

    void resetZoom() override;
    // Rounds per outcome in the window (all bins).
    const Counts& counts() const { return m_counts; }

protected:
    void feed(int columns) override;
    QString describeValue(const QPointF& value) const override;

private:
    struct Bin
    {
        double lowMs = 0;
        double highMs = 0;
        Counts counts{};
    };
    void feedBars(double lowMs, double highMs);
    void feedPercentiles(const std::vector<qint64>& acquiredUs, double top);
    static QString percentileText(int line, qint64 us);

    QLogValueAxis* m_latency;
    QValueAxis* m_rounds;
    std::array<QAreaSeries*, AttemptOutcome::Count> m_bars{};
    std::array<QLineSeries*, 4> m_lines{}; // p50, p90, p99, the slowest
    ChartLabels m_labels;
    QList<Bin> m_bins;
    Counts m_counts{};
    double m_zoomLowMs = 0; // 0: the data's range
    double m_zoomHighMs = 0;
};
