// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartstyle.h"
#include "charts/chartview.h"
#include "charts/runseries.h"
#include "charts/timeaxis.h"
#include "charts/timelinelane.h"

#include <QFontMetricsF>
#include <QRectF>
#include <QString>

class QPainter;
class RunData;

// Paints the lock timeline (Kleppmann's GC-pause figure) for a window of time, on screen or into
// an export: a lane per client (acquiring, in its critical section, working without the lock,
// paused, crashed), a lane per node (a client's key in its colour, its height the TTL left),
// faults shaded across every lane, overlapping sections in red, stale writes rejected and
// releases that deleted another's key marked with who and which token, `say` narration as
// labels on top.
//
// Only the part in view is touched: each track is found by binary search, and stretches
// narrower than a pixel are merged into the pixel already drawn, so a frame costs about
// lanes × width whatever the run's length (a million events pan at screen rate).
class TimelinePainter
{
public:
    using View = ChartView;

    struct Layout
    {
        QRectF title;
        QRectF labels; // narration and fault labels, above the lanes
        QRectF lanes;  // where time runs: x is time
        QRectF names;  // the lane names, left of the lanes
        QRectF axis;
        QRectF legend;
        QRectF captions;           // an export's: the captions listed under it, numbered
        double laneHeight = 0;     // a client's
        double nodeLaneHeight = 0; // a node's
        double nodesTop = 0;       // the first node lane's top
    };

    // A lane's name is set this fraction of its lane's height, at most the body type.
    static constexpr double NameToLane = 0.95;

    TimelinePainter(const RunData& data, const ChartStyle& style);

    Layout layout(const QRectF& rect, const View& view) const;
    void paint(QPainter* p, const QRectF& rect, const View& view) const;
    // What is under `pos`, in words (lane, stretch, times, and the event that began it);
    // empty when nothing is.
    QString describeAt(const QRectF& rect, const View& view, const QPointF& pos) const;

private:
    struct Sizes
    {
        double names = 86; // the lane names' column
        double labelRow = 16;
        double axis = 20;
        double legend = 22;
        double title = 40;
        double groupGap = 10;
        double maxLane = 30;
        double minHeightForLegend = 260;
        double captionLine = 18;
        static Sizes forStyle(const ChartStyle& style);
    };
    struct LaneRef
    {
        const TimelineLane* lane = nullptr;
        QRectF rect;
    };
    struct Label
    {
        double x = 0;
        QString text;
        QColor color;
        bool bold = false;
    };

    QList<LaneRef> lanes(const Layout& layout) const;
    void paintLaneNames(QPainter* p, const QList<LaneRef>& lanes, const Layout& layout) const;
    void paintClient(QPainter* p, const TimeAxis& axis, const LaneRef& lane) const;
    void paintNode(QPainter* p, const TimeAxis& axis, const LaneRef& lane) const;
    void paintTrack(QPainter* p, const TimeAxis& axis, const TimelineTrack& track,
                    const QRectF& lane) const;
    void paintKeys(QPainter* p, const TimeAxis& axis, const TimelineTrack& keys,
                   const QRectF& lane) const;
    void paintOpenSection(QPainter* p, const TimeAxis& axis, const LaneRef& lane) const;
    void paintFaultBands(QPainter* p, const TimeAxis& axis, const Layout& layout,
                         QList<Label>* labels) const;
    void paintViolations(QPainter* p, const TimeAxis& axis, const QList<LaneRef>& lanes,
                         const Layout& layout, QList<Label>* labels) const;
    void paintMoments(QPainter* p, const TimeAxis& axis, const QList<LaneRef>& lanes,
                      const Layout& layout, QList<Label>* labels) const;
    void paintSays(QPainter* p, const TimeAxis& axis, const Layout& layout, QList<Label>* labels,
                   bool labelled) const;
    void paintCaptions(QPainter* p, const Layout& layout, const View& view) const;
    QList<const RunSeries::Say*> captionsShown(const View& view) const;
    static QString captionText(const RunSeries::Say& say);
    void paintLabels(QPainter* p, const Layout& layout, QList<Label> labels) const;
    void paintCursor(QPainter* p, const TimeAxis& axis, const Layout& layout, qint64 tUs) const;
    void paintTitle(QPainter* p, const Layout& layout) const;
    void paintLegend(QPainter* p, const Layout& layout) const;
    QColor colorOf(const TimelineSegment& s) const;
    QRectF bandOf(const TimelineSegment& s, const QRectF& lane) const;
    QString describeSegment(const TimelineLane& lane, const TimelineSegment& s) const;
    qint64 endOf(const TimelineSegment& s) const;

    const RunData& m_data;
    ChartStyle m_style;
    QFontMetricsF m_smallMetrics; // once per paint, not once per track
    Sizes m_sizes;
};
