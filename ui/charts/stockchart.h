// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartstyle.h"
#include "charts/chartview.h"

#include <QRectF>

class QPainter;
class RunData;

// The stock on the storage over time (the oversell example): a step line through
// every `stock N` and accepted write, a red cross where a write erased sales (a lost update)
// or sold what was not there, and zero marked.
class StockChart
{
public:
    static void paint(QPainter* p, const QRectF& rect, const RunData& data, const ChartStyle& style,
                      const ChartView& view);
};
