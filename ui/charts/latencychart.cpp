// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/latencychart.h"

#include "charts/chart.h"
#include "charts/rundata.h"
#include "charts/xyplot.h"
#include "model/latencystats.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>
#include <QSet>
#include <algorithm>

namespace {

using Fail = HistoryEvent::FailReason;
constexpr int Windows = 60; // p50 / p99 computed over this many slices of the view

QColor outcomeColor(const ChartStyle& style, quint8 reason)
{
    switch (Fail(reason)) {
    case Fail::None:
        return style.good();
    case Fail::SplitVote:
        return style.paused();
    case Fail::ValidityExpired:
        return style.bad();
    default:
        return style.warn();
    }
}

void paintQuantiles(QPainter* p, const XyPlot& plot, const RunData& data, const ChartView& view,
                    const ChartStyle& style)
{
    const auto& attempts = data.series().attempts;
    const qint64 width = std::max<qint64>(1, (view.t1Us - view.t0Us) / Windows);
    QPainterPath p50;
    QPainterPath p99;
    auto it = std::lower_bound(attempts.begin(), attempts.end(), view.t0Us,
                               [](const RunSeries::Attempt& a, qint64 t) { return a.tUs < t; });
    for (qint64 from = view.t0Us; from < view.t1Us; from += width) {
        LatencyStats stats;
        for (; it != attempts.end() && it->tUs < from + width; ++it)
            stats.add(it->latencyUs);
        if (stats.count() < 3)
            continue;
        const double x = plot.x((from + width / 2) / 1e6);
        const QPointF a(x, plot.y(stats.percentile(50) / 1000.0));
        const QPointF b(x, plot.y(stats.percentile(99) / 1000.0));
        p50.elementCount() ? p50.lineTo(a) : p50.moveTo(a);
        p99.elementCount() ? p99.lineTo(b) : p99.moveTo(b);
    }
    p->setBrush(Qt::NoBrush);
    p->setPen(QPen(style.text, 2));
    p->drawPath(p50);
    p->setPen(QPen(style.bad(), 2, Qt::DashLine));
    p->drawPath(p99);
}

} // namespace

void LatencyChart::paint(QPainter* p, const QRectF& rect, const RunData& data,
                         const ChartStyle& style, const ChartView& view)
{
    p->save();
    const auto& attempts = data.series().attempts;
    auto first = std::lower_bound(attempts.begin(), attempts.end(), view.t0Us,
                                  [](const RunSeries::Attempt& a, qint64 t) { return a.tUs < t; });
    double maxMs = 1;
    for (auto it = first; it != attempts.end() && it->tUs <= view.t1Us; ++it)
        maxMs = std::max(maxMs, it->latencyUs / 1000.0);
    XyPlot::Axis y;
    y.min = 0.05;
    y.max = maxMs * 1.5;
    y.log = true;
    y.name = QStringLiteral("ms");
    const XyPlot plot(rect, style, view.title ? Chart::title(Chart::Kind::Latency) : QString(),
                      XyPlot::timeAxis(view.t0Us, view.t1Us), y);
    plot.paintFrame(p);
    plot.shadeFaults(p, data);
    p->setClipRect(plot.plot());
    QSet<qint64> drawn; // one point per pixel and colour
    for (auto it = first; it != attempts.end() && it->tUs <= view.t1Us; ++it) {
        const QPointF at(plot.x(it->tUs / 1e6), plot.y(it->latencyUs / 1000.0));
        const qint64 pixel = (qint64(at.x()) << 24) ^ (qint64(at.y()) << 4) ^ it->reason;
        if (drawn.contains(pixel))
            continue;
        drawn.insert(pixel);
        p->fillRect(QRectF(at.x() - 1.5, at.y() - 1.5, 3, 3), outcomeColor(style, it->reason));
    }
    paintQuantiles(p, plot, data, view, style);
    if (view.cursorUs >= 0)
        plot.paintCursor(p, view.cursorUs / 1e6);
    p->setClipping(false);
    if (first == attempts.end() || first->tUs > view.t1Us)
        plot.paintEmpty(p, QCoreApplication::translate("LatencyChart", "No attempt yet."));
    if (view.legend)
        plot.paintLegend(p, {{QStringLiteral("acquired"), style.good()},
                             {QStringLiteral("no quorum"), style.warn()},
                             {QStringLiteral("split vote"), style.paused()},
                             {QStringLiteral("validity expired"), style.bad()},
                             {QStringLiteral("p50"), style.text},
                             {QStringLiteral("p99 (dashed)"), style.bad()}});
    p->restore();
}
