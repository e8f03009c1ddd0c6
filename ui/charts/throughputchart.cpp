// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/throughputchart.h"

#include "charts/chart.h"
#include "charts/rundata.h"
#include "charts/xyplot.h"

#include <QCoreApplication>
#include <QPainter>

void ThroughputChart::paint(QPainter* p, const QRectF& rect, const RunData& data,
                            const ChartStyle& style, const ChartView& view)
{
    p->save();
    const auto& seconds = data.series().seconds;
    const qint64 first = view.t0Us / 1'000'000;
    const qint64 last = view.t1Us / 1'000'000;
    int highest = 1;
    for (const RunSeries::Second& s : seconds)
        if (s.second >= first && s.second <= last)
            highest = std::max(highest, s.acquired + s.failed);
    XyPlot::Axis y;
    y.max = highest * 1.15;
    y.name = QStringLiteral("per second");
    const XyPlot plot(rect, style, view.title ? Chart::title(Chart::Kind::Throughput) : QString(),
                      XyPlot::timeAxis(view.t0Us, view.t1Us), y);
    plot.paintFrame(p);
    plot.shadeFaults(p, data);
    p->setClipRect(plot.plot());
    for (const RunSeries::Second& s : seconds) {
        if (s.second < first || s.second > last)
            continue;
        const double x0 = plot.x(double(s.second));
        const double x1 = plot.x(double(s.second + 1));
        const double w = std::max(1.0, x1 - x0 - (x1 - x0 > 4 ? 1 : 0));
        const double base = plot.plot().bottom();
        const double acquiredTop = plot.y(s.acquired);
        p->fillRect(QRectF(x0, acquiredTop, w, base - acquiredTop), style.good());
        const double failedTop = plot.y(s.acquired + s.failed);
        p->fillRect(QRectF(x0, failedTop, w, acquiredTop - failedTop), style.warn());
    }
    if (view.cursorUs >= 0)
        plot.paintCursor(p, view.cursorUs / 1e6);
    p->setClipping(false);
    if (seconds.empty())
        plot.paintEmpty(p, QCoreApplication::translate("ThroughputChart", "No attempt yet."));
    if (view.legend)
        plot.paintLegend(p, {{QStringLiteral("acquired"), style.good()},
                             {QStringLiteral("failed"), style.warn()}});
    p->restore();
}
