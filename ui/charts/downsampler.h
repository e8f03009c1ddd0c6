// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>
#include <QtGlobal>
#include <vector>

// Points on their way to a Qt Charts series, at most a few per pixel column: a million events
// never reach the chart, and what the eye sees is kept (M4, as plotting tools for long time
// series do: in each column the first, lowest, highest and last point, in time order; or,
// for a scatter, only the lowest and highest; or one point per distinct value, for small
// whole numbers such as votes). Points come in x order; each keeps its event, for hover.
class Downsampler
{
public:
    enum class Mode
    {
        M4,       // first, min, max, last: a line keeps its shape
        MinMax,   // min and max: a scatter keeps its extent
        Distinct, // one point per value: votes, node counts
    };
    struct Point
    {
        double x = 0;
        double y = 0;
        quint64 event = 0;
    };

    // [x0, x1] over `columns` pixel columns (at least one).
    Downsampler(double x0, double x1, int columns, Mode mode);

    void add(double x, double y, quint64 event);
    // The points kept, in x order (ends the current column).
    const std::vector<Point>& points();

    // The points of `points` as a series takes them.
    static QList<QPointF> values(const std::vector<Point>& points);

private:
    void flush();
    int column(double x) const;

    double m_x0;
    double m_scale;
    int m_columns;
    Mode m_mode;
    int m_column = -1;
    std::vector<Point> m_bucket; // the current column's points, as the mode keeps them
    std::vector<Point> m_out;
};
