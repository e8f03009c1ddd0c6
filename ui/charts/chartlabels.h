// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>
#include <QList>
#include <QPointF>
#include <QString>
#include <functional>

class QAbstractSeries;
class QChart;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

// Words written on a chart at points of its data ("oversold", "lost update"), as Qt's callout
// example writes them: text items on the chart, on a box of the plot's colour so that a line
// under them does not cross the words, placed again whenever the plot moves. Marks of one kind
// that crowd together share one label, which counts them ("oversold: 3 items"); labels stay
// inside the plot and off each other, so none is cut or written over another.
class ChartLabels
{
public:
    struct Mark
    {
        QPointF value; // in the series' axes
        int kind = 0;
        qint64 amount = 1; // what the label counts
        QColor color;
        QAbstractSeries* series = nullptr;
    };
    // A label's words for marks of `kind` that add up to `amount`.
    using Text = std::function<QString(int kind, qint64 amount)>;

    ChartLabels(QChart* chart, const QFont& font, const QColor& background, Text text);

    void setMarks(QList<Mark> marks);
    // Places the labels for the plot as it is now.
    void place();

private:
    QGraphicsSimpleTextItem* label(qsizetype i);

    QChart* m_chart;
    QFont m_font;
    QColor m_background;
    Text m_text;
    QList<Mark> m_marks;
    QList<QGraphicsSimpleTextItem*> m_items;
    QList<QGraphicsRectItem*> m_boxes;
};
