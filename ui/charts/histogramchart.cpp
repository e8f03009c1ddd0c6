// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/histogramchart.h"

#include "base/textformat.h"
#include "charts/rundata.h"

#include <QAreaSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <cmath>

namespace {

using Outcome = AttemptOutcome::Kind;
constexpr std::array<double, 4> Percentiles{50, 90, 99, 100}; // the last: the slowest
constexpr double MinMs = 0.001;

double ms(qint64 us)
{
    return std::max(MinMs, us / 1000.0);
}

// The nearest-rank percentile of sorted samples, as LatencyStats takes it.
qint64 percentile(const std::vector<qint64>& sorted, double p)
{
    const size_t rank = size_t(std::lround(p / 100.0 * double(sorted.size() - 1)));
    return sorted[std::min(rank, sorted.size() - 1)];
}

} // namespace

HistogramChart::HistogramChart(const RunData* data, const Look& look)
    : RunChart(Chart::Kind::Histogram, data, look),
      m_labels(this, look.style.small(), look.style.background,
               [](int line, qint64 us) { return percentileText(line, us); })
{
    const ChartStyle& s = m_look.style;
    m_latency = new QLogValueAxis(this);
    m_latency->setLabelFormat(QStringLiteral("%.3g"));
    m_latency->setMinorTickCount(-1);
    addXAxis(m_latency, tr("ms to the decision (log scale); p50 to slowest: of the acquisitions "
                           "alone"));
    connect(m_latency, &QLogValueAxis::rangeChanged, this, [this](qreal low, qreal high) {
        if (!userZoom())
            return;
        m_zoomLowMs = low; // the user's rubber band
        m_zoomHighMs = high;
        refresh();
    });
    m_rounds = new QValueAxis(this);
    m_rounds->setLabelFormat(QStringLiteral("%.0f"));
    addYAxis(m_rounds, tr("rounds"));
    // Stacked from the bottom: acquired, then the failures. Added top-down, so that the
    // legend (which lists the last added first) reads acquired first, under the lines.
    const QList<Outcome> outcomes = AttemptOutcome::all();
    for (auto it = outcomes.rbegin(); it != outcomes.rend(); ++it) {
        auto* area = new QAreaSeries(new QLineSeries(this), new QLineSeries(this));
        const QColor color = s.outcome(*it);
        area->setBrush(color); // opaque: a translucent fill of many bins is slow
        area->setPen(QPen(color.darker(115), 1));
        attach(area);
        setSwatch(area, color);
        showInLegend(area, false);
        m_bars[size_t(*it)] = area;
    }
    // The percentiles are named on the plot, at the top of their lines, not in the legend: a
    // legend of eight entries does not fit the window's dock.
    const QList<QPen> pens{QPen(s.text, 2), QPen(s.text, 1.5, Qt::DashLine),
                           QPen(s.info(), 2, Qt::DashLine), QPen(s.muted, 1.5, Qt::DotLine)};
    for (size_t i = 0; i < m_lines.size(); ++i) {
        m_lines[i] = addLine(QString(), pens[qsizetype(i)]);
        hideFromLegend(m_lines[i]);
    }
    connect(this, &QChart::plotAreaChanged, this, [this] { m_labels.place(); });
}

void HistogramChart::resetZoom()
{
    m_zoomLowMs = m_zoomHighMs = 0;
    refresh();
}

void HistogramChart::feed(int)
{
    m_counts.fill(0);
    std::vector<qint64> acquired;
    double low = 1e18;
    double high = 0;
    for (const RunSeries::Attempt& a : m_data->series().attempts) {
        if (a.tUs < m_t0Us || a.tUs > m_t1Us)
            continue;
        low = std::min(low, ms(a.latencyUs));
        high = std::max(high, ms(a.latencyUs));
        if (a.outcome == Outcome::Acquired)
            acquired.push_back(a.latencyUs);
    }
    if (high <= 0) {
        low = 0.1;
        high = 10;
    }
    if (m_zoomHighMs > m_zoomLowMs) {
        low = m_zoomLowMs;
        high = m_zoomHighMs;
        m_latency->setRange(low, high);
    } else { // powers of two or of ten, as the latency over time
        setLogRange(m_latency, low, high, plotArea().width() / 3); // labels are wide
        // A little room either side: the first label then sits clear of the y axis' "0".
        const double margin = std::pow(m_latency->max() / m_latency->min(), 0.04);
        low = m_latency->min() / margin;
        high = m_latency->max() * margin;
        m_latency->setRange(low, high);
    }
    feedBars(low, high);
    qint64 rounds = 0;
    for (qint64 n : m_counts)
        rounds += n;
    setEmptyText(rounds == 0 ? tr("No acquire was decided in this stretch of the run.")
                             : QString());
    std::sort(acquired.begin(), acquired.end());
    feedPercentiles(acquired, m_rounds->max());
}

void HistogramChart::feedBars(double lowMs, double highMs)
{
    const double span = std::log10(highMs / lowMs);
    m_bins.clear();
    for (int i = 0; i < Bins; ++i)
        m_bins.append(
            {lowMs * std::pow(10, span * i / Bins), lowMs * std::pow(10, span * (i + 1) / Bins)});
    for (const RunSeries::Attempt& a : m_data->series().attempts) {
        if (a.tUs < m_t0Us || a.tUs > m_t1Us)
            continue;
        const double v = ms(a.latencyUs);
        if (v < lowMs || v > highMs)
            continue; // zoomed out of view
        const int bin = std::clamp(int(std::log10(v / lowMs) / span * Bins), 0, Bins - 1);
        ++m_bins[bin].counts[size_t(a.outcome)];
        ++m_counts[size_t(a.outcome)];
    }
    qint64 tallest = 1;
    for (const Bin& bin : std::as_const(m_bins)) {
        qint64 total = 0;
        for (qint64 c : bin.counts)
            total += c;
        tallest = std::max(tallest, total);
    }
    setYRange(0, double(tallest) * 1.1, true);
    std::vector<qint64> base(m_bins.size(), 0);
    for (Outcome outcome : AttemptOutcome::all()) {
        QList<QPointF> upper;
        QList<QPointF> lower;
        for (qsizetype i = 0; i < m_bins.size(); ++i) {
            const Bin& bin = m_bins[i];
            const qint64 top = base[size_t(i)] + bin.counts[size_t(outcome)];
            lower << QPointF(bin.lowMs, double(base[size_t(i)]))
                  << QPointF(bin.highMs, double(base[size_t(i)]));
            upper << QPointF(bin.lowMs, double(top)) << QPointF(bin.highMs, double(top));
            base[size_t(i)] = top;
        }
        QAreaSeries* area = m_bars[size_t(outcome)];
        area->upperSeries()->replace(upper);
        area->lowerSeries()->replace(lower);
        const qint64 n = m_counts[size_t(outcome)];
        area->setName(tr("%1: %2").arg(AttemptOutcome::name(outcome)).arg(n));
        showInLegend(area, n > 0 || outcome == Outcome::Acquired);
    }
}

void HistogramChart::feedPercentiles(const std::vector<qint64>& acquiredUs, double top)
{
    QList<ChartLabels::Mark> marks;
    for (size_t i = 0; i < m_lines.size(); ++i) {
        QLineSeries* line = m_lines[i];
        if (acquiredUs.empty()) {
            line->clear();
            continue;
        }
        const qint64 us = percentile(acquiredUs, Percentiles[i]);
        line->replace({QPointF(ms(us), 0), QPointF(ms(us), top)});
        marks.append({QPointF(ms(us), top), int(i), us, line->pen().color(), line});
    }
    m_labels.setMarks(marks);
}

QString HistogramChart::percentileText(int line, qint64 us)
{
    // Of the acquisitions alone: the x axis' title says so, the labels stay short.
    const QStringList names{tr("p50"), tr("p90"), tr("p99"), tr("slowest")};
    return tr("%1 %2").arg(names.value(line), TextFormat::latency(us));
}

QString HistogramChart::describeValue(const QPointF& value) const
{
    for (const Bin& bin : m_bins) {
        if (value.x() < bin.lowMs || value.x() >= bin.highMs)
            continue;
        QStringList parts;
        for (Outcome outcome : AttemptOutcome::all())
            if (const qint64 n = bin.counts[size_t(outcome)]; n > 0)
                parts << tr("%1: %2").arg(AttemptOutcome::name(outcome)).arg(n);
        if (parts.isEmpty())
            return {};
        return tr("%1 to %2 ms\n%3")
            .arg(bin.lowMs, 0, 'g', 3)
            .arg(bin.highMs, 0, 'g', 3)
            .arg(parts.join(QLatin1Char('\n')));
    }
    return {};
}
