// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartstyle.h"
#include "charts/chartview.h"

#include <QList>
#include <QPointF>
#include <QRectF>

class QPainter;
class RunData;

// The quorum over time: the OK votes each attempt got (a dot, green when it acquired), the
// most nodes holding one client's key at each moment (a step line: two clients each short
// of the quorum is a split; one at or over it, a holder), and the quorum as a dashed line.
class QuorumChart
{
public:
    static void paint(QPainter* p, const QRectF& rect, const RunData& data, const ChartStyle& style,
                      const ChartView& view);
    // (time µs, most nodes holding one client's key) at every change within the view.
    static QList<QPointF> holders(const RunData& data, qint64 t0Us, qint64 t1Us);
};
