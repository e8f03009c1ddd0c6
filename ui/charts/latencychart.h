// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartstyle.h"
#include "charts/chartview.h"

#include <QRectF>

class QPainter;
class RunData;

// Acquire latency over time (Jepsen's perf scatter): every attempt as a point at its
// decision, coloured by its outcome, on a log scale; the p50 and p99 of each window of
// time as lines; faults shaded. Points that land on a pixel already drawn are skipped, so
// a million attempts draw as fast as a thousand.
class LatencyChart
{
public:
    static void paint(QPainter* p, const QRectF& rect, const RunData& data, const ChartStyle& style,
                      const ChartView& view);
};
