// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/quorumchart.h"

#include "charts/chart.h"
#include "charts/rundata.h"
#include "charts/xyplot.h"

#include <QCoreApplication>
#include <QHash>
#include <QPainter>
#include <QPainterPath>
#include <QSet>
#include <algorithm>

QList<QPointF> QuorumChart::holders(const RunData& data, qint64 t0Us, qint64 t1Us)
{
    struct Change
    {
        qint64 tUs;
        int client;
        int delta;
    };
    std::vector<Change> changes;
    for (const TimelineLane& lane : data.nodeLanes()) {
        for (const TimelineSegment& s : lane.section) {
            const qint64 end = std::min(s.endUs, data.nowUs());
            if (end < t0Us || s.startUs > t1Us || end <= s.startUs)
                continue;
            changes.push_back({std::max(s.startUs, t0Us), s.client, +1});
            if (end <= t1Us)
                changes.push_back({end, s.client, -1});
        }
    }
    // At one instant, keys leave before others arrive (a node goes from one owner to the next).
    std::sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) {
        return a.tUs != b.tUs ? a.tUs < b.tUs : a.delta < b.delta;
    });
    QHash<int, int> counts;
    QList<QPointF> points{{double(t0Us), 0}};
    for (size_t i = 0; i < changes.size(); ++i) {
        counts[changes[i].client] += changes[i].delta;
        if (i + 1 < changes.size() && changes[i + 1].tUs == changes[i].tUs)
            continue;
        int most = 0;
        for (int count : std::as_const(counts))
            most = std::max(most, count);
        if (most != int(points.last().y()))
            points << QPointF(double(changes[i].tUs), most);
    }
    return points;
}

void QuorumChart::paint(QPainter* p, const QRectF& rect, const RunData& data,
                        const ChartStyle& style, const ChartView& view)
{
    p->save();
    XyPlot::Axis y;
    y.min = 0;
    y.max = std::max(1, data.nodeCount()) + 0.5;
    y.name = QStringLiteral("nodes");
    const XyPlot plot(rect, style, view.title ? Chart::title(Chart::Kind::Quorum) : QString(),
                      XyPlot::timeAxis(view.t0Us, view.t1Us), y);
    plot.paintFrame(p);
    plot.shadeFaults(p, data);
    p->setClipRect(plot.plot());
    const double quorumY = std::round(plot.y(data.quorum())) + 0.5;
    p->setPen(QPen(style.bad(), 1.5, Qt::DashLine));
    p->drawLine(QPointF(plot.plot().left(), quorumY), QPointF(plot.plot().right(), quorumY));
    p->setFont(style.small());
    p->drawText(QPointF(plot.plot().left() + 4, quorumY - 4),
                QCoreApplication::translate("QuorumChart", "quorum %1 of %2")
                    .arg(data.quorum())
                    .arg(data.nodeCount()));
    // Votes: one dot per attempt, drawn once per pixel.
    QSet<qint64> drawn;
    for (const RunSeries::Attempt& a : data.series().attempts) {
        if (a.tUs < view.t0Us || a.tUs > view.t1Us)
            continue;
        const QPointF at(plot.x(a.tUs / 1e6), plot.y(a.votes));
        const bool acquired = a.reason == 0;
        const qint64 pixel = (qint64(at.x()) << 8) ^ (a.votes << 1) ^ (acquired ? 1 : 0);
        if (drawn.contains(pixel))
            continue;
        drawn.insert(pixel);
        p->fillRect(QRectF(at.x() - 2, at.y() - 2, 4, 4), acquired ? style.good() : style.warn());
    }
    QPainterPath line;
    const QList<QPointF> steps = holders(data, view.t0Us, view.t1Us);
    for (const QPointF& s : steps) {
        const QPointF at(plot.x(s.x() / 1e6), plot.y(s.y()));
        if (line.elementCount() == 0) {
            line.moveTo(at);
            continue;
        }
        line.lineTo(QPointF(at.x(), line.currentPosition().y())); // a step: flat, then up or down
        line.lineTo(at);
    }
    line.lineTo(
        QPointF(plot.x(std::min(view.t1Us, data.nowUs()) / 1e6), line.currentPosition().y()));
    p->setPen(QPen(style.info(), 2));
    p->setBrush(Qt::NoBrush);
    p->drawPath(line);
    if (view.cursorUs >= 0)
        plot.paintCursor(p, view.cursorUs / 1e6);
    p->setClipping(false);
    if (view.legend)
        plot.paintLegend(p, {{QStringLiteral("votes, acquired"), style.good()},
                             {QStringLiteral("votes, not acquired"), style.warn()},
                             {QStringLiteral("most nodes holding one client's key"), style.info()},
                             {QStringLiteral("quorum"), style.bad()}});
    p->restore();
}
