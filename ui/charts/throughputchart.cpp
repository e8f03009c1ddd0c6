// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/throughputchart.h"

#include "base/textformat.h"
#include "charts/rundata.h"

#include <QAreaSeries>
#include <QLineSeries>
#include <QValueAxis>

namespace {

constexpr double MinBarPixels = 14; // three bars side by side, each about 4 px at least

// Seconds per bar: the first of a few round spans that leaves a bar MinBarPixels wide.
int secondsPerBar(double pixelsPerSecond)
{
    for (int s : {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600})
        if (pixelsPerSecond * s >= MinBarPixels)
            return s;
    return 7200;
}

} // namespace

ThroughputChart::ThroughputChart(const RunData* data, const Look& look)
    : RunChart(Chart::Kind::Throughput, data, look)
{
    const ChartStyle& s = m_look.style;
    addTimeAxis();
    m_rate = new QValueAxis(this);
    m_rate->setLabelFormat(QStringLiteral("%.0f"));
    addYAxis(m_rate, tr("per second"));
    const QList<QPair<QString, QColor>> bars{
        {tr("final failures: gave up after the last retry"), s.bad()},
        {tr("acquisitions"), s.good()},
        {tr("attempts: rounds asked of the nodes, won or lost"), s.info()}};
    for (int i = 0; i < 3; ++i) { // added last to first: the legend reads attempts first
        auto* area = new QAreaSeries(new QLineSeries(this));
        area->setName(bars[i].first);
        area->setBrush(bars[i].second); // opaque: a translucent fill of many bars is slow
        area->setPen(Qt::NoPen);
        attach(area);
        setSwatch(area, bars[i].second);
        showInLegend(area, true); // all three, also at 0: each is a count the reader asks for
        m_bars[size_t(2 - i)] = area;
    }
}

void ThroughputChart::feed(int columns)
{
    const double pixelsPerSecond = columns * 1e6 / double(std::max<qint64>(1, m_t1Us - m_t0Us));
    m_secondsPerBar = secondsPerBar(pixelsPerSecond);
    m_buckets.clear();
    const qint64 first = m_t0Us / 1'000'000;
    const qint64 last = m_t1Us / 1'000'000;
    const auto& seconds = m_data->series().seconds;
    // From the start of the bar the window opens in: each bar counts its whole seconds.
    const qint64 firstBar = first - ((first % m_secondsPerBar) + m_secondsPerBar) % m_secondsPerBar;
    auto it = std::lower_bound(seconds.begin(), seconds.end(), firstBar,
                               [](const RunSeries::Second& s, qint64 t) { return s.second < t; });
    for (; it != seconds.end() && it->second <= last; ++it) {
        const qint64 start =
            it->second - ((it->second % m_secondsPerBar) + m_secondsPerBar) % m_secondsPerBar;
        if (m_buckets.isEmpty() || m_buckets.last().firstSecond != start)
            m_buckets.append({start, m_secondsPerBar});
        Bucket& b = m_buckets.last();
        b.attempts += it->attempts;
        b.acquired += it->acquired;
        b.failed += it->failed;
    }
    // The y title stays short (a short plot would cut a long one); the bars' width goes
    // under the time axis.
    xAxis()->setTitleText(
        m_secondsPerBar == 1
            ? tr("run time (a bar per second)")
            : tr("run time (a bar per %1 s: their mean per second)").arg(m_secondsPerBar));
    feedBars();
    bool any = false;
    for (const Bucket& b : std::as_const(m_buckets))
        any = any || b.attempts + b.acquired + b.failed > 0;
    setEmptyText(any ? QString() : tr("No acquire was decided in this stretch of the run."));
}

void ThroughputChart::feedBars()
{
    std::array<QList<QPointF>, 3> shapes;
    double highest = 1;
    const double t0 = m_t0Us / 1e6;
    const double t1 = m_t1Us / 1e6;
    for (const Bucket& b : std::as_const(m_buckets)) {
        const std::array<qint64, 3> counts{b.attempts, b.acquired, b.failed};
        // A bar cut by the window's edge (the run's last second) keeps its three bars in view,
        // narrower: a reader sees every count.
        const double left = std::max(double(b.firstSecond), t0);
        const double right = std::min(double(b.firstSecond + b.seconds), t1);
        if (right <= left)
            continue;
        const double width = (right - left) / 3.0;
        for (size_t i = 0; i < 3; ++i) {
            const double rate = double(counts[i]) / b.seconds;
            const double x0 = left + width * double(i) + width * 0.1;
            const double x1 = x0 + width * 0.8;
            shapes[i] << QPointF(x0, 0) << QPointF(x0, rate) << QPointF(x1, rate) << QPointF(x1, 0);
            highest = std::max(highest, rate);
        }
    }
    setYRange(0, highest * 1.1, true);
    for (size_t i = 0; i < 3; ++i)
        m_bars[i]->upperSeries()->replace(shapes[i]);
}

QString ThroughputChart::describeValue(const QPointF& value) const
{
    for (const Bucket& b : m_buckets) {
        if (value.x() < b.firstSecond || value.x() >= b.firstSecond + b.seconds)
            continue;
        return tr("%1 to %2: %3 attempts, %4 acquisitions, %5 final failures")
            .arg(TextFormat::runTime(b.firstSecond * 1'000'000),
                 TextFormat::runTime((b.firstSecond + b.seconds) * 1'000'000))
            .arg(b.attempts)
            .arg(b.acquired)
            .arg(b.failed);
    }
    return {};
}
