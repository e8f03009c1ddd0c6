// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/attemptoutcome.h"
#include "charts/runchart.h"

#include <array>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

// Acquire latency over time (Jepsen's perf scatter): every round of an acquire as a point at
// its decision, on a log scale, one series per outcome (acquired; refused by a holder; no
// quorum; split vote; expired before granted), so a failure is shown by what it was; the p50
// and p99 of the acquisitions alone, window by window, as lines; faults shaded.
class LatencyChart : public RunChart
{
    Q_OBJECT

public:
    // Rounds per outcome in the window, as fed (before downsampling).
    using Counts = std::array<qint64, AttemptOutcome::Count>;

    LatencyChart(const RunData* data, const Look& look);

    const Counts& counts() const { return m_counts; }
    QScatterSeries* series(AttemptOutcome::Kind outcome) const
    {
        return m_outcomes[size_t(outcome)];
    }

protected:
    void feed(int columns) override;
    QString describePoint(const QXYSeries* series, const Downsampler::Point& point) const override;

private:
    void feedPercentiles(int columns, qsizetype first, qsizetype last);

    QLogValueAxis* m_latency;
    QLineSeries* m_p50;
    QLineSeries* m_p99;
    std::array<QScatterSeries*, AttemptOutcome::Count> m_outcomes{};
    Counts m_counts{};
};
