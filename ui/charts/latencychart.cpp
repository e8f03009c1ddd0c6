// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/latencychart.h"

#include "base/textformat.h"
#include "charts/rundata.h"
#include "model/latencystats.h"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <cmath>

namespace {

using Outcome = AttemptOutcome::Kind;
constexpr double MinMs = 0.001;        // a log axis has no zero
constexpr int PixelsPerWindow = 40;    // p50 and p99 are taken over windows this wide
constexpr qsizetype MinPerWindow = 10; // ... and over at least this many acquisitions

double ms(qint64 us)
{
    return std::max(MinMs, us / 1000.0);
}

QScatterSeries::MarkerShape shapeOf(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Acquired:
        return QScatterSeries::MarkerShapeCircle;
    case Outcome::Refused:
        return QScatterSeries::MarkerShapeTriangle;
    case Outcome::NoQuorum:
        return QScatterSeries::MarkerShapeRectangle;
    case Outcome::SplitVote:
        return QScatterSeries::MarkerShapeRotatedRectangle;
    case Outcome::Expired:
        return QScatterSeries::MarkerShapeStar;
    case Outcome::OwnKey:
        return QScatterSeries::MarkerShapePentagon;
    }
    return QScatterSeries::MarkerShapeCircle;
}

} // namespace

LatencyChart::LatencyChart(const RunData* data, const Look& look)
    : RunChart(Chart::Kind::Latency, data, look)
{
    const ChartStyle& s = m_look.style;
    addTimeAxis();
    m_latency = new QLogValueAxis(this);
    m_latency->setLabelFormat(QStringLiteral("%.3g"));
    m_latency->setMinorTickCount(-1);
    addYAxis(m_latency, tr("ms (log scale)"));
    // Bottom to top: the lines under the points.
    m_p99 = addLine(tr("p99 of acquisitions"), QPen(s.info(), 2, Qt::DashLine));
    m_p50 = addLine(tr("p50 of acquisitions"), QPen(s.text, 2));
    const QList<Outcome> outcomes = AttemptOutcome::all();
    for (auto it = outcomes.rbegin(); it != outcomes.rend(); ++it)
        m_outcomes[size_t(*it)] = addMarkers(AttemptOutcome::name(*it), s.outcome(*it),
                                             shapeOf(*it), *it == Outcome::Acquired ? 7 : 9);
}

void LatencyChart::feed(int columns)
{
    const auto& attempts = m_data->series().attempts;
    const auto before = [](const RunSeries::Attempt& a, qint64 t) { return a.tUs < t; };
    const auto first = std::lower_bound(attempts.begin(), attempts.end(), m_t0Us, before);
    const auto last = std::lower_bound(first, attempts.end(), m_t1Us + 1, before);
    std::vector<Downsampler> samplers;
    for (QScatterSeries* series : m_outcomes)
        samplers.emplace_back(m_t0Us / 1e6, m_t1Us / 1e6, markerColumns(series->markerSize()),
                              Downsampler::Mode::MinMax);
    m_counts.fill(0);
    double low = 1e18;
    double high = 0;
    for (auto it = first; it != last; ++it) {
        const double y = ms(it->latencyUs);
        samplers[size_t(it->outcome)].add(it->tUs / 1e6, y, it->event);
        ++m_counts[size_t(it->outcome)];
        low = std::min(low, y);
        high = std::max(high, y);
    }
    if (high <= 0) { // nothing in view: a decade either side of a millisecond
        low = 0.1;
        high = 10;
    }
    setLogRange(m_latency, low, high, plotArea().height());
    setYRange(m_latency->min(), m_latency->max());
    for (size_t i = 0; i < m_outcomes.size(); ++i)
        setPoints(m_outcomes[i], samplers[i].points());
    setEmptyText(first == last ? tr("No acquire was decided in this stretch of the run.")
                               : QString());
    feedPercentiles(columns, first - attempts.begin(), last - attempts.begin());
}

// The percentiles of the acquisitions only (a refusal's latency says nothing about how long
// taking the lock takes), as steps: each over a window of about PixelsPerWindow, widened until
// it holds MinPerWindow acquisitions; with too few in view for three such windows, one level
// across the view.
void LatencyChart::feedPercentiles(int columns, qsizetype first, qsizetype last)
{
    const auto& attempts = m_data->series().attempts;
    const qint64 width =
        std::max<qint64>(1, (m_t1Us - m_t0Us) * PixelsPerWindow / std::max(1, columns));
    std::vector<Downsampler::Point> p50;
    std::vector<Downsampler::Point> p99;
    LatencyStats all;
    LatencyStats stats;
    qint64 windowStart = m_t0Us;
    qint64 windowEnd = m_t0Us + width;
    const auto close = [&] {
        for (qint64 t : {windowStart, std::min(windowEnd, m_t1Us)}) {
            p50.push_back({t / 1e6, ms(stats.percentile(50)), 0});
            p99.push_back({t / 1e6, ms(stats.percentile(99)), 0});
        }
        stats = LatencyStats();
        windowStart = windowEnd;
    };
    for (qsizetype i = first; i < last; ++i) {
        const RunSeries::Attempt& a = attempts[size_t(i)];
        if (a.outcome != Outcome::Acquired)
            continue;
        if (a.tUs >= windowEnd && qsizetype(stats.count()) >= MinPerWindow)
            close();
        while (a.tUs >= windowEnd)
            windowEnd += width;
        if (stats.isEmpty() && p50.empty())
            windowStart = windowEnd - width; // the first window begins where its samples do
        stats.add(a.latencyUs);
        all.add(a.latencyUs);
    }
    if (!stats.isEmpty())
        close();
    if (qsizetype(all.count()) < 3 * MinPerWindow) {
        p50.clear();
        p99.clear();
        if (!all.isEmpty())
            for (qint64 t : {m_t0Us, m_t1Us}) {
                p50.push_back({t / 1e6, ms(all.percentile(50)), 0});
                p99.push_back({t / 1e6, ms(all.percentile(99)), 0});
            }
    }
    m_p50->replace(Downsampler::values(p50));
    m_p99->replace(Downsampler::values(p99));
    showInLegend(m_p50, !p50.empty());
    showInLegend(m_p99, !p99.empty());
}

QString LatencyChart::describePoint(const QXYSeries* series, const Downsampler::Point& point) const
{
    QString text = tr("%1 at %2: decided in %3")
                       .arg(series->name(), TextFormat::runTime(qint64(point.x * 1e6)),
                            TextFormat::latency(qint64(point.y * 1000)));
    for (Outcome outcome : AttemptOutcome::all()) // what the outcome means, for a reader
        if (series == m_outcomes[size_t(outcome)])
            text += QStringLiteral("\n") + AttemptOutcome::meaning(outcome);
    return text;
}
