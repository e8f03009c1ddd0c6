// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartstyle.h"

#include <QList>
#include <QPair>
#include <QRectF>
#include <QString>
#include <functional>

class QPainter;
class RunData;

// The frame the charts other than the timeline share: title, legend, a y axis (linear or
// logarithmic) and an x axis (time, or any number), grid lines, and the faults shaded across
// the plot as Jepsen's perf charts shade their nemesis periods.
class XyPlot
{
public:
    struct Axis
    {
        double min = 0;
        double max = 1;
        bool log = false;
        QString name;                         // "ms", "nodes", "per second"
        std::function<QString(double)> label; // tick text; empty: a plain number
    };

    XyPlot(const QRectF& rect, const ChartStyle& style, const QString& title, const Axis& x,
           const Axis& y);

    const QRectF& plot() const { return m_plot; }
    double x(double value) const;
    double y(double value) const;
    bool inX(double value) const { return value >= m_x.min && value <= m_x.max; }

    // Background, grid, ticks and the title; call first.
    void paintFrame(QPainter* p) const;
    // Faults of the run, shaded where they overlap the x range (x is time in seconds).
    void shadeFaults(QPainter* p, const RunData& data) const;
    void paintLegend(QPainter* p, const QList<QPair<QString, QColor>>& items) const;
    void paintCursor(QPainter* p, double xValue) const;
    // A sentence in the middle of an empty plot.
    void paintEmpty(QPainter* p, const QString& text) const;

    static QList<double> ticks(const Axis& axis, double pixels);
    static QString number(double value);
    // An x axis of run time in seconds, [t0, t1] in µs, labelled "12 s" or "1:05".
    static Axis timeAxis(qint64 t0Us, qint64 t1Us);

private:
    double position(const Axis& axis, double value) const; // 0..1

    QRectF m_rect;
    QRectF m_plot;
    ChartStyle m_style;
    QString m_title;
    Axis m_x;
    Axis m_y;
};
