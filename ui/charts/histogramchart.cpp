// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/histogramchart.h"

#include "base/textformat.h"
#include "charts/chart.h"
#include "charts/rundata.h"
#include "charts/xyplot.h"
#include "model/latencystats.h"

#include <QCoreApplication>
#include <QPainter>
#include <algorithm>
#include <cmath>

void HistogramChart::paint(QPainter* p, const QRectF& rect, const RunData& data,
                           const ChartStyle& style, const ChartView& view)
{
    p->save();
    LatencyStats stats;
    for (const RunSeries::Attempt& a : data.series().attempts)
        if (a.tUs >= view.t0Us && a.tUs <= view.t1Us)
            stats.add(std::max<qint64>(1, a.latencyUs));
    const double lowMs = stats.isEmpty() ? 0.1 : std::max(0.01, stats.percentile(0) / 1000.0);
    const double highMs = stats.isEmpty() ? 10 : std::max(lowMs * 2, stats.max() / 1000.0 * 1.05);
    QList<int> counts(Bins, 0);
    const double span = std::log10(highMs / lowMs);
    const auto binOf = [&](qint64 us) {
        const double f = std::log10(std::max(us / 1000.0, lowMs) / lowMs) / span;
        return std::clamp(int(f * Bins), 0, Bins - 1);
    };
    int highest = 1;
    for (const RunSeries::Attempt& a : data.series().attempts)
        if (a.tUs >= view.t0Us && a.tUs <= view.t1Us)
            highest = std::max(highest, ++counts[binOf(std::max<qint64>(1, a.latencyUs))]);
    XyPlot::Axis x;
    x.min = lowMs;
    x.max = highMs;
    x.log = true;
    x.name = QStringLiteral("ms to a decision");
    XyPlot::Axis y;
    y.max = highest * 1.1;
    y.name = QStringLiteral("attempts");
    const XyPlot plot(rect, style, view.title ? Chart::title(Chart::Kind::Histogram) : QString(), x,
                      y);
    plot.paintFrame(p);
    if (stats.isEmpty()) {
        plot.paintEmpty(p, QCoreApplication::translate("HistogramChart", "No attempt yet."));
        p->restore();
        return;
    }
    for (int i = 0; i < Bins; ++i) {
        const double x0 = plot.x(lowMs * std::pow(10, span * i / Bins));
        const double x1 = plot.x(lowMs * std::pow(10, span * (i + 1) / Bins));
        p->fillRect(QRectF(x0 + 0.5, plot.y(counts[i]), std::max(1.0, x1 - x0 - 1),
                           plot.plot().bottom() - plot.y(counts[i])),
                    style.info());
    }
    const QList<QPair<QString, double>> marks{{QStringLiteral("p50"), 50},
                                              {QStringLiteral("p90"), 90},
                                              {QStringLiteral("p99"), 99},
                                              {QStringLiteral("max"), 100}};
    QStringList summary{QStringLiteral("n = %1").arg(stats.count())};
    p->setFont(style.small());
    for (const auto& [name, q] : marks) {
        const qint64 us = stats.percentile(q);
        const double xx = std::round(plot.x(us / 1000.0)) + 0.5;
        p->setPen(QPen(q >= 99 ? style.bad() : style.text, 1, Qt::DashLine));
        p->drawLine(QPointF(xx, plot.plot().top()), QPointF(xx, plot.plot().bottom()));
        p->drawText(QPointF(xx + 3, plot.plot().top() + 12 + 12 * (int(q) % 3)), name);
        summary << QStringLiteral("%1 %2").arg(name, TextFormat::latency(us));
    }
    p->setPen(style.text);
    p->setFont(style.font);
    p->drawText(plot.plot().adjusted(8, 4, -8, -4), Qt::AlignRight | Qt::AlignTop,
                summary.join(QStringLiteral("\n")));
    p->restore();
}
