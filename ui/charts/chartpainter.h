// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"
#include "charts/chartstyle.h"
#include "charts/chartview.h"

#include <QRectF>

class QPainter;
class RunData;

// Paints any chart of a run by its kind: one entry for the window's views and every export.
class ChartPainter
{
public:
    static void paint(Chart::Kind kind, QPainter* p, const QRectF& rect, const RunData& data,
                      const ChartStyle& style, const ChartView& view);
};
