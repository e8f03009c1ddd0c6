// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartstyle.h"
#include "charts/chartview.h"

#include <QRectF>

class QPainter;
class RunData;

// How long attempts took to be decided (those in the view's time window): a histogram
// with logarithmic bins, the p50, p90, p99 and max marked, and the numbers written out.
class HistogramChart
{
public:
    static constexpr int Bins = 40;
    static void paint(QPainter* p, const QRectF& rect, const RunData& data, const ChartStyle& style,
                      const ChartView& view);
};
