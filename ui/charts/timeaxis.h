// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QRectF>
#include <QString>
#include <QtGlobal>

class QPainter;
struct ChartStyle;

// Time on the x axis of every chart: the mapping between µs and pixels for a view [t0, t1],
// and the ticks (1-2-5 steps, about one per 90 px) labelled in run time ("12 s", "1:05"). The
// timeline paints them itself; the Qt Charts charts put the same ticks and labels on their
// x axis, so a time reads the same on every tab.
class TimeAxis
{
public:
    // The window a live view follows: the whole run while it is short, on a scale that
    // changes in a few steps (10, 20, 30 s), then the newest minute sliding.
    static constexpr qint64 FollowSpanUs = 60'000'000;
    static QPair<qint64, qint64> following(qint64 startUs, qint64 nowUs);

    TimeAxis(qint64 t0Us, qint64 t1Us, double x0, double x1);

    qint64 t0() const { return m_t0; }
    qint64 t1() const { return m_t1; }
    double x(qint64 tUs) const { return m_x0 + double(tUs - m_t0) * m_scale; }
    qint64 t(double x) const { return m_t0 + qint64((x - m_x0) / m_scale); }
    double pixelsPerUs() const { return m_scale; }

    QList<qint64> ticks() const;
    QString label(qint64 tUs) const;
    // Ticks, labels under `baseline`, and grid lines from `top` to `baseline`.
    void paint(QPainter* p, const ChartStyle& style, double top, double baseline) const;

private:
    qint64 m_t0;
    qint64 m_t1;
    double m_x0;
    double m_x1;
    double m_scale;
    qint64 m_stepUs;
};
