// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartstyle.h"
#include "charts/chartview.h"

#include <QRectF>

class QPainter;
class RunData;

// Acquisitions and failed acquisitions per second, as stacked bars (one per second).
class ThroughputChart
{
public:
    static void paint(QPainter* p, const QRectF& rect, const RunData& data, const ChartStyle& style,
                      const ChartView& view);
};
