// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/stockchart.h"

#include "charts/chart.h"
#include "charts/rundata.h"
#include "charts/xyplot.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>

void StockChart::paint(QPainter* p, const QRectF& rect, const RunData& data,
                       const ChartStyle& style, const ChartView& view)
{
    p->save();
    const auto& stock = data.series().stock;
    qint64 low = 0;
    qint64 high = 1;
    for (const RunSeries::StockPoint& s : stock) {
        low = std::min(low, s.value);
        high = std::max(high, s.value);
    }
    XyPlot::Axis y;
    y.min = double(low);
    y.max = high * 1.1 + 1;
    y.name = QStringLiteral("items");
    const XyPlot plot(rect, style, view.title ? Chart::title(Chart::Kind::Stock) : QString(),
                      XyPlot::timeAxis(view.t0Us, view.t1Us), y);
    plot.paintFrame(p);
    plot.shadeFaults(p, data);
    if (stock.empty()) {
        plot.paintEmpty(p, QCoreApplication::translate(
                               "StockChart", "No stock in this run: `stock N` puts N items on "
                                             "the storage and clients start buying."));
        p->restore();
        return;
    }
    p->setClipRect(plot.plot());
    const double zero = std::round(plot.y(0)) + 0.5;
    p->setPen(QPen(style.muted, 1, Qt::DashLine));
    p->drawLine(QPointF(plot.plot().left(), zero), QPointF(plot.plot().right(), zero));
    QPainterPath line;
    for (const RunSeries::StockPoint& s : stock) {
        const QPointF at(plot.x(s.tUs / 1e6), plot.y(double(s.value)));
        if (line.elementCount() == 0) {
            line.moveTo(at);
            continue;
        }
        line.lineTo(QPointF(at.x(), line.currentPosition().y())); // a step: flat, then up or down
        line.lineTo(at);
    }
    line.lineTo(QPointF(plot.x(data.nowUs() / 1e6), line.currentPosition().y()));
    p->setPen(QPen(style.info(), 2));
    p->setBrush(Qt::NoBrush);
    p->drawPath(line);
    p->setPen(QPen(style.bad(), 2.5));
    for (const RunSeries::StockPoint& s : stock) {
        if (!s.damaged)
            continue;
        const QPointF at(plot.x(s.tUs / 1e6), plot.y(double(s.value)));
        p->drawLine(at + QPointF(-5, -5), at + QPointF(5, 5));
        p->drawLine(at + QPointF(-5, 5), at + QPointF(5, -5));
    }
    if (view.cursorUs >= 0)
        plot.paintCursor(p, view.cursorUs / 1e6);
    p->setClipping(false);
    if (view.legend)
        plot.paintLegend(p, {{QStringLiteral("stock"), style.info()},
                             {QStringLiteral("lost update / oversold"), style.bad()}});
    p->restore();
}
