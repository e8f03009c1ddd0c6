// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartlabels.h"

#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace {
constexpr double Gap = 6;       // between a mark and its label
constexpr double LabelZ = 1000; // above every series
} // namespace

ChartLabels::ChartLabels(QChart* chart, const QFont& font, const QColor& background, Text text)
    : m_chart(chart), m_font(font), m_background(background), m_text(std::move(text))
{
    m_background.setAlpha(225);
}

QGraphicsSimpleTextItem* ChartLabels::label(qsizetype i)
{
    while (m_items.size() <= i) {
        auto* box = new QGraphicsRectItem(m_chart);
        box->setZValue(LabelZ);
        box->setBrush(m_background);
        box->setPen(Qt::NoPen);
        auto* item = new QGraphicsSimpleTextItem(m_chart);
        item->setZValue(LabelZ + 1);
        item->setFont(m_font);
        m_boxes << box;
        m_items << item;
    }
    return m_items[i];
}

void ChartLabels::setMarks(QList<Mark> marks)
{
    m_marks = std::move(marks);
    place();
}

void ChartLabels::place()
{
    struct Group
    {
        QPointF at; // pixels
        Mark mark;
        qint64 amount = 0;
    };
    const QRectF plot = m_chart->plotArea();
    const QFontMetricsF metrics(m_font);
    QList<Group> groups;
    for (const Mark& mark : std::as_const(m_marks)) {
        const QPointF at = m_chart->mapToPosition(mark.value, mark.series);
        if (!plot.adjusted(-1, -1, 1, 1).contains(at))
            continue;
        bool joined = false;
        for (Group& g : groups) {
            const double room = metrics.horizontalAdvance(m_text(g.mark.kind, g.amount)) + 3 * Gap;
            if (g.mark.kind == mark.kind && std::abs(g.at.x() - at.x()) < room &&
                std::abs(g.at.y() - at.y()) < 4 * metrics.height()) {
                g.amount += mark.amount;
                joined = true;
                break;
            }
        }
        if (!joined)
            groups.append({at, mark, mark.amount});
    }
    if (!groups.isEmpty())
        label(groups.size() - 1);
    QList<QRectF> taken;
    for (qsizetype i = 0; i < m_items.size(); ++i) {
        QGraphicsSimpleTextItem* item = m_items[i];
        item->setVisible(i < groups.size());
        m_boxes[i]->setVisible(i < groups.size());
        if (i >= groups.size())
            continue;
        const Group& g = groups[i];
        const QString text = m_text(g.mark.kind, g.amount);
        item->setText(text);
        item->setBrush(g.mark.color);
        const QSizeF size(metrics.horizontalAdvance(text), metrics.height());
        // Above and to the right of the mark; to the left at the right edge; below at the top;
        // and up (or down) a line at a time past labels already placed.
        QRectF box(QPointF(g.at.x() + Gap, g.at.y() - Gap - size.height()), size);
        if (box.right() > plot.right())
            box.moveRight(g.at.x() - Gap);
        if (box.top() < plot.top())
            box.moveTop(g.at.y() + Gap);
        double step = -(size.height() + 2);
        const auto clashes = [&taken](const QRectF& b) {
            return std::any_of(taken.cbegin(), taken.cend(),
                               [&](const QRectF& r) { return r.intersects(b); });
        };
        for (int tries = 0; tries < 12; ++tries) {
            if (!clashes(box))
                break;
            if (box.top() + step < plot.top())
                step = size.height() + 2; // no room above: from here on downwards
            box.translate(0, step);
        }
        box.moveLeft(std::clamp(box.left(), plot.left(), plot.right() - box.width()));
        box.moveTop(std::clamp(box.top(), plot.top(), plot.bottom() - box.height()));
        // A plot too short for one more: it is left out (hover names it), never written over
        // another.
        if (clashes(box)) {
            item->setVisible(false);
            m_boxes[i]->setVisible(false);
            continue;
        }
        taken << box;
        item->setPos(box.topLeft());
        m_boxes[i]->setRect(box.adjusted(-2, 0, 2, 0));
    }
}
