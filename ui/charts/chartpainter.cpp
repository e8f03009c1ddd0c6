// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartpainter.h"

#include "charts/histogramchart.h"
#include "charts/latencychart.h"
#include "charts/quorumchart.h"
#include "charts/stockchart.h"
#include "charts/throughputchart.h"
#include "charts/timelinepainter.h"

void ChartPainter::paint(Chart::Kind kind, QPainter* p, const QRectF& rect, const RunData& data,
                         const ChartStyle& style, const ChartView& view)
{
    switch (kind) {
    case Chart::Kind::Timeline:
        TimelinePainter(data, style).paint(p, rect, view);
        break;
    case Chart::Kind::Latency:
        LatencyChart::paint(p, rect, data, style, view);
        break;
    case Chart::Kind::Histogram:
        HistogramChart::paint(p, rect, data, style, view);
        break;
    case Chart::Kind::Quorum:
        QuorumChart::paint(p, rect, data, style, view);
        break;
    case Chart::Kind::Throughput:
        ThroughputChart::paint(p, rect, data, style, view);
        break;
    case Chart::Kind::Stock:
        StockChart::paint(p, rect, data, style, view);
        break;
    }
}
