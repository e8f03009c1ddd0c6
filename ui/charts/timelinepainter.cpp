// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/timelinepainter.h"

#include "base/textformat.h"
#include "charts/chart.h"
#include "charts/narrationtext.h"
#include "charts/rundata.h"
#include "settings/languages.h"
#include "widgets/enumtext.h"
#include "widgets/ownerpalette.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace {

using Seg = TimelineSegment;
using SK = Seg::Kind;

constexpr double MinLane = 1;
constexpr double NodeLaneFloor = 8;
constexpr double NodeRampFloor = 6; // a key's ramp still reads as one

static_assert(int(SK::Stopped) == int(ClientSnapshot::State::Stopped),
              "a client's state kinds follow ClientSnapshot::State");

QString tr(const char* text)
{
    return QCoreApplication::translate("TimelinePainter", text);
}

QColor alpha(QColor c, int a)
{
    c.setAlpha(a);
    return c;
}

// The first segment that ends at or after t0 (tracks are in time order, without overlap).
TimelineTrack::const_iterator firstVisible(const TimelineTrack& track, qint64 t0)
{
    return std::lower_bound(track.begin(), track.end(), t0,
                            [](const Seg& s, qint64 t) { return s.endUs < t; });
}

QString span(qint64 fromUs, qint64 toUs)
{
    return QStringLiteral("%1 s → %2 s (%3)")
        .arg(fromUs / 1e6, 0, 'f', 3)
        .arg(toUs / 1e6, 0, 'f', 3)
        .arg(TextFormat::latency(toUs - fromUs));
}

} // namespace

// The layout's measures at the window's normal type (a line of about 15 pixels), grown with
// the type: an export in large type for a projector keeps its proportions.
TimelinePainter::Sizes TimelinePainter::Sizes::forStyle(const ChartStyle& style)
{
    const double k = std::max(1.0, QFontMetricsF(style.font).height() / 15.0);
    Sizes s;
    s.names = 86 * k;
    s.labelRow = std::max(16 * k, QFontMetricsF(style.bold()).height() + 2);
    s.axis = std::max(20 * k, QFontMetricsF(style.small()).height() + 4);
    s.legend = std::max(22 * k, QFontMetricsF(style.small()).height() + 6);
    s.title = std::max(40 * k, QFontMetricsF(style.bold()).height() * 2.4);
    s.groupGap = 10 * k;
    s.maxLane = 30 * k;
    s.minHeightForLegend = 260 * k;
    s.captionLine = QFontMetricsF(style.small()).height() * 1.2;
    return s;
}

TimelinePainter::TimelinePainter(const RunData& data, const ChartStyle& style)
    : m_data(data), m_style(style), m_smallMetrics(style.small()), m_sizes(Sizes::forStyle(style))
{}

qint64 TimelinePainter::endOf(const Seg& s) const
{
    return std::min(s.endUs, m_data.nowUs());
}

TimelinePainter::Layout TimelinePainter::layout(const QRectF& rect, const View& view) const
{
    const Sizes& z = m_sizes;
    Layout l;
    double top = rect.top();
    if (view.title) {
        l.title = QRectF(rect.left() + 8, top, rect.width() - 16, z.title);
        top += z.title;
    }
    // The captions listed under the picture (an export): numbered, as their marks are.
    double bottom = rect.bottom();
    if (view.captions) {
        const double listed = captionsShown(view).size() * z.captionLine;
        const double height =
            std::min(listed + (listed > 0 ? z.captionLine * 0.5 : 0), rect.height() * 0.35);
        bottom -= height;
        l.captions = QRectF(rect.left() + 8, bottom, rect.width() - 16, height);
    }
    // A short view (a dock) gives the legend's room to the lanes.
    const bool legend = view.legend && rect.height() >= z.minHeightForLegend;
    bottom -= legend ? z.legend : 0;
    l.legend = QRectF(rect.left() + 8, bottom, rect.width() - 16, legend ? z.legend : 0);
    const double lanesBottom = bottom - z.axis;
    const int clients = int(m_data.clientLanes().size());
    const int nodes = m_data.nodeCount();
    const double gap = clients > 0 ? z.groupGap : 0;
    // Two rows of labels, or one when two would leave the lanes thinner than a node's floor
    // (a short dock in large type): the lanes are the picture, the labels its captions.
    const bool twoRows =
        (lanesBottom - top - 2 * z.labelRow - 2 - gap) / std::max(1, clients + nodes) >=
        NodeLaneFloor;
    l.labels = QRectF(rect.left() + z.names, top, rect.width() - z.names - 10,
                      (twoRows ? 2 : 1) * z.labelRow);
    const double lanesTop = l.labels.bottom() + 2;
    const double room = std::max(1.0, lanesBottom - lanesTop - gap);
    l.laneHeight = std::clamp(room / std::max(1, clients + nodes), MinLane, z.maxLane);
    l.nodeLaneHeight = l.laneHeight;
    if (l.laneHeight < view.clientLaneMin && clients > 0) {
        const double nodeRoom = (room - view.clientLaneMin * clients) / std::max(1, nodes);
        l.nodeLaneHeight =
            std::clamp(nodeRoom, std::min(NodeRampFloor, l.nodeLaneHeight), l.nodeLaneHeight);
        l.laneHeight = (room - l.nodeLaneHeight * nodes) / clients;
    }
    // Too many clients to give every lane room: the nodes keep theirs (the keys are the
    // story), the clients share the rest, down to a pixel each.
    if (l.laneHeight < NodeLaneFloor && clients > 0) {
        l.nodeLaneHeight = std::min(NodeLaneFloor, room * 0.4 / std::max(1, nodes));
        l.laneHeight = std::max(1.0, (room - l.nodeLaneHeight * nodes) / clients);
    }
    const double used =
        l.laneHeight * clients + l.nodeLaneHeight * nodes + (clients > 0 ? z.groupGap : 0);
    l.lanes = QRectF(l.labels.left(), lanesTop, l.labels.width(), std::max(used, 1.0));
    l.names = QRectF(rect.left(), lanesTop, z.names - 6, l.lanes.height());
    l.nodesTop = lanesTop + clients * l.laneHeight + (clients > 0 ? z.groupGap : 0);
    l.axis = QRectF(l.lanes.left(), l.lanes.bottom(), l.lanes.width(), z.axis);
    return l;
}

QList<TimelinePainter::LaneRef> TimelinePainter::lanes(const Layout& l) const
{
    QList<LaneRef> out;
    double y = l.lanes.top();
    for (const TimelineLane& lane : m_data.clientLanes()) {
        out << LaneRef{&lane, QRectF(l.lanes.left(), y, l.lanes.width(), l.laneHeight)};
        y += l.laneHeight;
    }
    y = l.nodesTop;
    for (const TimelineLane& lane : m_data.nodeLanes()) {
        out << LaneRef{&lane, QRectF(l.lanes.left(), y, l.lanes.width(), l.nodeLaneHeight)};
        y += l.nodeLaneHeight;
    }
    return out;
}

void TimelinePainter::paint(QPainter* p, const QRectF& rect, const View& view) const
{
    p->save();
    p->fillRect(rect, m_style.background);
    p->setFont(m_style.font);
    const Layout l = layout(rect, view);
    const TimeAxis axis(view.t0Us, view.t1Us, l.lanes.left(), l.lanes.right());
    const QList<LaneRef> refs = lanes(l);
    p->fillRect(l.lanes, alpha(m_style.track, 90));
    axis.paint(p, m_style, l.lanes.top(), l.lanes.bottom());
    p->setClipRect(l.lanes.adjusted(0, -l.labels.height() - 2, 0, 0));
    QList<Label> labels;
    paintFaultBands(p, axis, l, &labels);
    for (const LaneRef& lane : refs) {
        if (lane.lane->type == TimelineLane::Type::Client)
            paintClient(p, axis, lane);
        else
            paintNode(p, axis, lane);
    }
    paintViolations(p, axis, refs, l, &labels);
    paintMoments(p, axis, refs, l, &labels);
    paintSays(p, axis, l, &labels, view.captionLabels);
    if (view.cursorUs >= 0)
        paintCursor(p, axis, l, view.cursorUs);
    p->setClipping(false);
    paintLabels(p, l, labels);
    paintLaneNames(p, refs, l);
    if (view.title)
        paintTitle(p, l);
    if (!l.captions.isEmpty())
        paintCaptions(p, l, view);
    if (l.legend.height() > 0)
        paintLegend(p, l);
    p->restore();
}

// --- lanes ----------------------------------------------------------------------------------

QColor TimelinePainter::colorOf(const Seg& s) const
{
    switch (s.kind) {
    case SK::Acquiring:
        return alpha(m_style.info(), 95);
    case SK::WaitingRetry:
        return alpha(m_style.warn(), 95);
    case SK::Releasing:
        return alpha(m_style.info(), 45);
    case SK::Stopped:
        return alpha(m_style.muted, 60);
    case SK::InSection:
    case SK::Key:
        return m_style.owner(s.client);
    case SK::WithoutLock:
        return alpha(m_style.owner(s.client), 80);
    case SK::NodeDown:
        return alpha(m_style.fault(Fault::Kind::Killed), 90); // red is for violations
    case SK::NodePaused:
        return alpha(m_style.paused(), 90);
    case SK::Fault: {
        const auto kind = Fault::Kind(s.code);
        const bool client = s.node < 0;
        if (client)
            return alpha(m_style.fault(kind), kind == Fault::Kind::Crashed ? 170 : 150);
        return alpha(m_style.fault(kind), 200);
    }
    case SK::Idle:
    case SK::Holding:
    case SK::Paused:
    case SK::Crashed:
        break;
    }
    return {};
}

// Where in its lane a stretch is drawn. A client's lane has two rows: what it does (acquiring,
// waiting, paused, crashed) on top, its critical section below, so a pause over a section
// shows both. A node's lane: its state fills it, its keys are drawn by paintKeys, a fault
// is a strip along its top.
QRectF TimelinePainter::bandOf(const Seg& s, const QRectF& lane) const
{
    const double h = lane.height();
    const double gap = h > 6 ? 1 : 0;
    const double split = lane.top() + std::round(h * 0.42);
    switch (s.kind) {
    case SK::InSection:
    case SK::WithoutLock:
        return QRectF(lane.left(), split, lane.width(), lane.bottom() - gap - split);
    case SK::NodeDown:
    case SK::NodePaused:
        return lane.adjusted(0, gap, 0, -gap);
    case SK::Fault:
        if (s.node >= 0)
            return QRectF(lane.left(), lane.top() + 1, lane.width(), std::max(2.0, h * 0.16));
        [[fallthrough]];
    default:
        return QRectF(lane.left(), lane.top() + gap, lane.width(), split - lane.top() - 2 * gap);
    }
}

// Stretches narrower than a pixel go into the pixel already drawn: at most one rectangle
// per pixel column, whatever the number of stretches in view.
void TimelinePainter::paintTrack(QPainter* p, const TimeAxis& axis, const TimelineTrack& track,
                                 const QRectF& lane) const
{
    double drawnTo = -1e9;
    const QFontMetricsF& metrics = m_smallMetrics;
    for (auto it = firstVisible(track, axis.t0()); it != track.end(); ++it) {
        const Seg& s = *it;
        if (s.startUs > axis.t1())
            break;
        const QColor color = colorOf(s);
        const qint64 end = endOf(s);
        if (!color.isValid() || end < axis.t0())
            continue;
        const double x0 = std::floor(axis.x(std::max(s.startUs, axis.t0())));
        const double x1 = std::max(x0 + 1, std::ceil(axis.x(std::min(end, axis.t1()))));
        if (x1 <= drawnTo && s.node < 0)
            continue;
        const double from = s.node >= 0 ? x0 : std::max(x0, drawnTo);
        const QRectF band = bandOf(s, lane);
        const QRectF r(from, band.top(), x1 - from, band.height());
        p->fillRect(r, color);
        if (s.kind == SK::WithoutLock) { // a red edge: the lock is gone, the work goes on
            p->fillRect(QRectF(r.left(), r.bottom() - 2, r.width(), 2), m_style.bad());
            p->fillRect(QRectF(r.left(), r.top(), r.width(), 2), m_style.bad());
        }
        drawnTo = std::max(drawnTo, x1);
        // Words where there is room: what a class reads from the back of the room.
        QString word;
        if (s.kind == SK::Fault && s.node < 0)
            word = Fault::Kind(s.code) == Fault::Kind::Crashed ? tr("crashed") : tr("paused");
        else if (s.kind == SK::WithoutLock)
            word = tr("no lock");
        else if (s.kind == SK::NodeDown)
            word = tr("down");
        if (!word.isEmpty() && r.width() > metrics.horizontalAdvance(word) + 8 &&
            r.height() >= metrics.height() * 0.75) {
            p->setFont(m_style.small());
            p->setPen(s.kind == SK::WithoutLock ? m_style.bad() : m_style.text);
            p->drawText(r, Qt::AlignCenter, word);
        }
    }
}

void TimelinePainter::paintOpenSection(QPainter* p, const TimeAxis& axis, const LaneRef& lane) const
{
    const TimelineLane& l = *lane.lane;
    if (l.sectionStartUs < 0)
        return;
    TimelineTrack open;
    Seg in;
    in.kind = SK::InSection;
    in.client = l.id;
    in.startUs = l.sectionStartUs;
    in.endUs = std::min(l.validUntilUs, m_data.nowUs());
    open.push_back(in);
    if (m_data.nowUs() > l.validUntilUs) {
        Seg without = in;
        without.kind = SK::WithoutLock;
        without.startUs = in.endUs;
        without.endUs = m_data.nowUs();
        open.push_back(without);
    }
    paintTrack(p, axis, open, lane.rect);
}

void TimelinePainter::paintClient(QPainter* p, const TimeAxis& axis, const LaneRef& lane) const
{
    paintTrack(p, axis, lane.lane->state, lane.rect);
    paintTrack(p, axis, lane.lane->section, lane.rect);
    paintOpenSection(p, axis, lane);
    paintTrack(p, axis, lane.lane->faults, lane.rect);
}

void TimelinePainter::paintNode(QPainter* p, const TimeAxis& axis, const LaneRef& lane) const
{
    paintTrack(p, axis, lane.lane->state, lane.rect);
    paintKeys(p, axis, lane.lane->section, lane.rect);
    // A node's faults may overlap (partitioned and slow): drawn one by one, they are few.
    for (const Seg& s : lane.lane->faults) {
        if (s.startUs > axis.t1() || endOf(s) < axis.t0())
            continue;
        TimelineTrack one{s};
        paintTrack(p, axis, one, lane.rect);
    }
}

// A key: a ramp in its owner's colour, full when set or renewed, falling to nothing when it
// would expire; a thin bar along the bottom says it is there however little TTL is left.
void TimelinePainter::paintKeys(QPainter* p, const TimeAxis& axis, const TimelineTrack& keys,
                                const QRectF& lane) const
{
    double drawnTo = -1e9;
    const double bottom = lane.bottom() - 1;
    const double height = lane.height() - 2;
    p->setPen(Qt::NoPen);
    for (auto it = firstVisible(keys, axis.t0()); it != keys.end(); ++it) {
        const Seg& s = *it;
        if (s.startUs > axis.t1())
            break;
        const qint64 from = std::max(s.startUs, axis.t0());
        const qint64 to = std::min(endOf(s), axis.t1());
        if (to < from)
            continue;
        const double x0 = axis.x(from);
        const double x1 = std::max(x0 + 1, axis.x(to));
        if (x1 <= drawnTo)
            continue;
        const QColor color = m_style.owner(s.client);
        const auto level = [&](qint64 t) {
            return height * std::clamp(double(s.rampEndUs - t) / double(s.ttlUs), 0.0, 1.0);
        };
        if (x1 - x0 < 3) {
            p->fillRect(QRectF(std::max(x0, drawnTo), bottom - level(from),
                               x1 - std::max(x0, drawnTo), level(from)),
                        alpha(color, 170));
        } else {
            const QPointF ramp[] = {
                {x0, bottom}, {x0, bottom - level(from)}, {x1, bottom - level(to)}, {x1, bottom}};
            p->setBrush(alpha(color, 170));
            p->drawPolygon(ramp, 4);
        }
        p->fillRect(QRectF(x0, bottom - std::max(2.0, height * 0.14), x1 - x0,
                           std::max(2.0, height * 0.14)),
                    color);
        drawnTo = x1;
    }
}

void TimelinePainter::paintLaneNames(QPainter* p, const QList<LaneRef>& refs, const Layout& l) const
{
    // Smaller type for narrow lanes, down to 7 px; narrower still, every n-th name.
    const auto fitted = [this](double laneHeight) {
        QFont font = m_style.font;
        const double floor = std::max(7.0, double(m_style.minTextPx));
        font.setPixelSize(int(std::clamp(laneHeight * NameToLane,
                                         std::min(floor, QFontInfo(font).pixelSize() * 1.0),
                                         QFontInfo(font).pixelSize() * 1.0)));
        return font;
    };
    const QFont clientFont = [&] {
        QFont f = fitted(l.laneHeight);
        f.setBold(true);
        return f;
    }();
    const QFont nodeFont = fitted(l.nodeLaneHeight);
    const auto every = [](const QFont& font, double laneHeight) {
        const double h = QFontMetricsF(font).height() * 0.75;
        return laneHeight >= h ? 1 : int(std::ceil(h / laneHeight));
    };
    const int clientEvery = every(clientFont, l.laneHeight);
    const int nodeEvery = every(nodeFont, l.nodeLaneHeight);
    int row = 0;
    for (const LaneRef& lane : refs) {
        const bool client = lane.lane->type == TimelineLane::Type::Client;
        const int index = client ? row : row - int(m_data.clientLanes().size());
        ++row;
        if (index % (client ? clientEvery : nodeEvery) != 0)
            continue;
        const QFont& font = client ? clientFont : nodeFont;
        const QFontMetricsF metrics(font);
        const QRectF r(l.names.left() + 4, lane.rect.center().y() - metrics.height() / 2,
                       l.names.width() - 4, metrics.height());
        p->setFont(font);
        p->setPen(client ? m_style.owner(lane.lane->id) : m_style.text);
        if (client && lane.lane->removed)
            p->setPen(m_style.muted);
        p->drawText(r, Qt::AlignRight | Qt::AlignVCenter,
                    metrics.elidedText(lane.lane->name, Qt::ElideRight, r.width()));
    }
}

// --- across the lanes ---------------------------------------------------------------------

// Faults shade every lane. Their labels name who and what; faults of one kind that begin
// together (three nodes killed at once) share one label: "node 1, 2, 3 killed".
void TimelinePainter::paintFaultBands(QPainter* p, const TimeAxis& axis, const Layout& l,
                                      QList<Label>* labels) const
{
    struct Start
    {
        double x;
        Fault::Kind kind;
        QStringList who;
    };
    QList<Start> starts;
    const auto band = [&](const Seg& s, const QString& who) {
        const qint64 end = endOf(s);
        if (s.startUs > axis.t1() || end < axis.t0())
            return;
        const auto kind = Fault::Kind(s.code);
        const double x0 = axis.x(std::max(s.startUs, axis.t0()));
        const double x1 = std::max(x0 + 1, axis.x(std::min(end, axis.t1())));
        p->fillRect(QRectF(x0, l.lanes.top(), x1 - x0, l.lanes.height()),
                    alpha(m_style.fault(kind), m_style.dark ? 34 : 26));
        if (s.startUs < axis.t0())
            return;
        for (Start& start : starts)
            if (start.kind == kind && std::abs(start.x - x0) < 12) {
                start.who << who.section(QLatin1Char(' '), -1); // "node 2" -> "2"
                return;
            }
        starts << Start{x0, kind, {who}};
    };
    for (const TimelineLane& lane : m_data.nodeLanes())
        for (const Seg& s : lane.faults)
            band(s, lane.name);
    for (const TimelineLane& lane : m_data.clientLanes())
        for (auto it = firstVisible(lane.faults, axis.t0()); it != lane.faults.end(); ++it) {
            if (it->startUs > axis.t1())
                break;
            band(*it, lane.name);
        }
    for (const Start& start : std::as_const(starts))
        *labels << Label{
            start.x,
            tr("%1 %2").arg(start.who.join(QStringLiteral(", ")), EnumText::fault(start.kind)),
            m_style.fault(start.kind), false};
}

void TimelinePainter::paintViolations(QPainter* p, const TimeAxis& axis, const QList<LaneRef>& refs,
                                      const Layout& l, QList<Label>* labels) const
{
    using V = HistoryEvent::ViolationKind;
    QHash<int, QRectF> laneOf;
    for (const LaneRef& lane : refs)
        if (lane.lane->type == TimelineLane::Type::Client)
            laneOf.insert(lane.lane->id, lane.rect);
    const QColor red = m_style.bad();
    for (const RunSeries::ViolationMark& v : m_data.series().violations) {
        const qint64 end = v.endUs < 0 ? m_data.nowUs() : v.endUs;
        if (v.startUs > axis.t1() || end < axis.t0())
            continue;
        const double x0 = axis.x(std::max(v.startUs, axis.t0()));
        const double x1 = std::max(x0 + 2, axis.x(std::min(end, axis.t1())));
        const QString second = m_data.clientName(v.second);
        if (V(v.kind) == V::Overlap || V(v.kind) == V::LeaseOverlap) {
            for (int client : {v.first, v.second})
                if (laneOf.contains(client)) {
                    const QRectF r = laneOf.value(client);
                    p->fillRect(QRectF(x0, r.top(), x1 - x0, r.height()), alpha(red, 110));
                    p->fillRect(QRectF(x0, r.top(), x1 - x0, 2), red); // edged: unmistakable
                    p->fillRect(QRectF(x0, r.bottom() - 2, x1 - x0, 2), red);
                }
            p->fillRect(QRectF(x0, l.lanes.top(), 2, l.nodesTop - l.lanes.top()), red);
            *labels << Label{x0, tr("OVERLAP %1 × %2").arg(m_data.clientName(v.first), second), red,
                             true};
            continue;
        }
        const QRectF r = laneOf.value(v.second, QRectF(x0, l.lanes.top(), 0, l.laneHeight));
        const QPointF mark[] = {{x0 - 5, r.top()}, {x0 + 5, r.top()}, {x0, r.top() + 8}};
        p->setPen(Qt::NoPen);
        p->setBrush(red);
        p->drawPolygon(mark, 3);
        *labels << Label{x0, tr("%1 by %2").arg(EnumText::violation(V(v.kind)), second), red, true};
    }
}

// A rejected stale write: an amber cross on the writer's lane. A wrong release: a red cross on
// the releaser's lane and a red notch on the lane of the client whose key it deleted. Both
// labelled with who and which token, bold as violations are.
void TimelinePainter::paintMoments(QPainter* p, const TimeAxis& axis, const QList<LaneRef>& refs,
                                   const Layout& l, QList<Label>* labels) const
{
    using Kind = RunSeries::Moment::Kind;
    QHash<int, QRectF> laneOf;
    for (const LaneRef& lane : refs)
        if (lane.lane->type == TimelineLane::Type::Client)
            laneOf.insert(lane.lane->id, lane.rect);
    const auto cross = [p](const QPointF& c, double r, const QColor& color) {
        p->setPen(QPen(color, 3, Qt::SolidLine, Qt::RoundCap));
        p->drawLine(c + QPointF(-r, -r), c + QPointF(r, r));
        p->drawLine(c + QPointF(-r, r), c + QPointF(r, -r));
    };
    for (const RunSeries::Moment& m : m_data.series().moments) {
        if (m.tUs < axis.t0() || m.tUs > axis.t1())
            continue;
        const double x = axis.x(m.tUs);
        const QColor color = m.kind == Kind::RejectedWrite ? m_style.warn() : m_style.bad();
        const QRectF r = laneOf.value(m.client, QRectF(x, l.lanes.top(), 0, l.laneHeight));
        cross(QPointF(x, r.center().y()), std::min(6.0, r.height() / 4), color);
        const QString who = m_data.clientName(m.client);
        if (m.kind == Kind::RejectedWrite) {
            *labels << Label{x, tr("%1's stale write REJECTED · fence %2").arg(who, m.fence), color,
                             true};
            continue;
        }
        if (laneOf.contains(m.other)) {
            const QRectF victim = laneOf.value(m.other);
            p->fillRect(QRectF(x - 1.5, victim.top(), 3, victim.height()), color);
        }
        const QString owner = m.other >= 0 ? m_data.clientName(m.other) : tr("another client");
        *labels << Label{
            x, tr("%1's release DELETED %2's lock on node %3").arg(who, owner).arg(m.node + 1),
            color, true};
    }
}

// A caption in the language the chart is drawn in (a run recorded in English, exported in
// Japanese, shows the scenario's `say.ja`).
QString TimelinePainter::captionText(const RunSeries::Say& say)
{
    return NarrationText::inLanguage(say.text, say.line,
                                     Languages::engineLanguage(Languages::current()));
}

QList<const RunSeries::Say*> TimelinePainter::captionsShown(const View& view) const
{
    QList<const RunSeries::Say*> shown;
    for (const RunSeries::Say& say : m_data.series().says)
        if (say.tUs >= view.t0Us && say.tUs <= view.t1Us)
            shown << &say;
    return shown;
}

// Each caption as a dashed line where it was said; its words above the lanes, or, when they
// are listed under the picture (an export), its number.
void TimelinePainter::paintSays(QPainter* p, const TimeAxis& axis, const Layout& l,
                                QList<Label>* labels, bool labelled) const
{
    QPen pen(m_style.muted, 1, Qt::DashLine);
    int number = 0;
    for (const RunSeries::Say& say : m_data.series().says) {
        if (say.tUs < axis.t0() || say.tUs > axis.t1())
            continue;
        ++number;
        const double x = std::round(axis.x(say.tUs)) + 0.5;
        p->setPen(pen);
        p->drawLine(QPointF(x, l.lanes.top()), QPointF(x, l.lanes.bottom()));
        if (!labelled)
            continue;
        const QString text = l.captions.isEmpty() ? QStringLiteral("“%1”").arg(captionText(say))
                                                  : QStringLiteral("%1").arg(number);
        *labels << Label{x, text, m_style.text, !l.captions.isEmpty()};
    }
}

// Under the picture: "1  2.1 s  One master, ...", one caption a line, cut to the width.
void TimelinePainter::paintCaptions(QPainter* p, const Layout& l, const View& view) const
{
    const QFont font = m_style.small();
    const QFont bold = m_style.bold();
    const QFontMetricsF metrics(font);
    const QFontMetricsF boldMetrics(ChartStyle::scaled(bold, 0.85));
    const double numberW = boldMetrics.horizontalAdvance(QStringLiteral("00  "));
    const double timeW = metrics.horizontalAdvance(QStringLiteral("000.0 s  "));
    double y = l.captions.top() + m_sizes.captionLine * 0.5;
    int number = 0;
    for (const RunSeries::Say* say : captionsShown(view)) {
        ++number;
        if (y + m_sizes.captionLine > l.captions.bottom() + 0.5)
            break;
        const double base = y + metrics.ascent();
        p->setFont(ChartStyle::scaled(bold, 0.85));
        p->setPen(m_style.text);
        p->drawText(QPointF(l.captions.left(), base), QString::number(number));
        p->setFont(font);
        p->setPen(m_style.muted);
        p->drawText(QPointF(l.captions.left() + numberW, base),
                    QStringLiteral("%1 s").arg((say->tUs - m_data.startUs()) / 1e6, 0, 'f', 1));
        p->setPen(m_style.text);
        const double x = l.captions.left() + numberW + timeW;
        p->drawText(QPointF(x, base),
                    metrics.elidedText(captionText(*say), Qt::ElideRight, l.captions.right() - x));
        y += m_sizes.captionLine;
    }
}

// Two rows above the lanes (one in a short view). Violations are placed first (bold), then faults
// and narration where there is still room; a label that fits in neither row stays out (hovering the
// lanes tells the rest).
void TimelinePainter::paintLabels(QPainter* p, const Layout& l, QList<Label> labels) const
{
    std::stable_sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) {
        return a.bold != b.bold ? a.bold : a.x < b.x;
    });
    QList<QPair<double, double>> taken[2]; // per row: the spans already used
    const auto fits = [&taken](int row, double x0, double x1) {
        return std::none_of(taken[row].cbegin(), taken[row].cend(), [&](const auto& span) {
            return x0 < span.second + 6 && span.first < x1 + 6;
        });
    };
    for (const Label& label : std::as_const(labels)) {
        const QFont font = label.bold ? m_style.bold() : m_style.small();
        const QFontMetricsF metrics(font);
        const double x = std::max(label.x + 2, l.labels.left());
        const double room = l.labels.right() - x;
        const QString text = metrics.elidedText(label.text, Qt::ElideRight, std::min(room, 260.0));
        const double w = metrics.horizontalAdvance(text);
        const int rows = l.labels.height() >= 2 * m_sizes.labelRow - 0.5 ? 2 : 1;
        for (int row = 0; row < rows && !text.isEmpty(); ++row) {
            if (!fits(row, x, x + w))
                continue;
            p->setFont(font);
            p->setPen(label.color);
            p->drawText(QPointF(x, l.labels.top() + row * m_sizes.labelRow + metrics.ascent() + 1),
                        text);
            taken[row] << qMakePair(x, x + w);
            break;
        }
    }
}

void TimelinePainter::paintCursor(QPainter* p, const TimeAxis& axis, const Layout& l,
                                  qint64 tUs) const
{
    if (tUs < axis.t0() || tUs > axis.t1())
        return;
    const double x = std::round(axis.x(tUs)) + 0.5;
    p->setPen(QPen(m_style.text, 2));
    p->drawLine(QPointF(x, l.lanes.top() - 4), QPointF(x, l.lanes.bottom() + 4));
}

void TimelinePainter::paintTitle(QPainter* p, const Layout& l) const
{
    const RunHeader& h = m_data.header();
    p->setFont(m_style.bold());
    p->setPen(m_style.text);
    p->drawText(l.title.adjusted(0, 2, 0, -l.title.height() / 2), Qt::AlignLeft | Qt::AlignVCenter,
                Chart::title(Chart::Kind::Timeline));
    p->setFont(m_style.small());
    p->setPen(m_style.muted);
    const QString subtitle =
        tr("%1 nodes · resource %2 · recorded %3")
            .arg(h.nodeCount())
            .arg(QString::fromUtf8(h.resource), h.started.toLocalTime().toString(Qt::ISODate));
    p->drawText(l.title.adjusted(0, l.title.height() / 2, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                subtitle);
}

void TimelinePainter::paintLegend(QPainter* p, const Layout& l) const
{
    struct Item
    {
        QString text;
        QColor color;
    };
    const QList<Item> items{
        {tr("acquiring"), alpha(m_style.info(), 95)},
        {tr("waiting to retry"), alpha(m_style.warn(), 95)},
        {tr("in its critical section (client colour)"), m_style.owner(1)},
        {tr("working without the lock"), m_style.bad()},
        {tr("paused"), alpha(m_style.paused(), 125)},
        {tr("crashed / node down"), alpha(m_style.fault(Fault::Kind::Killed), 170)},
        {tr("key on a node (height: TTL left)"), alpha(m_style.owner(2), 170)},
        {tr("overlap"), alpha(m_style.bad(), 95)},
    };
    p->setFont(m_style.small());
    const QFontMetricsF metrics(m_style.small());
    double x = l.legend.left() + m_sizes.names - 8;
    const double y = l.legend.center().y();
    for (const Item& item : items) {
        const double w = metrics.horizontalAdvance(item.text);
        if (x + 14 + w > l.legend.right())
            break;
        p->fillRect(QRectF(x, y - 5, 10, 10), item.color);
        if (item.color == m_style.bad()) { // drawn as in the lanes: pale, edged in red
            p->fillRect(QRectF(x, y - 5, 10, 10), alpha(m_style.owner(1), 80));
            p->fillRect(QRectF(x, y - 5, 10, 2), m_style.bad());
            p->fillRect(QRectF(x, y + 3, 10, 2), m_style.bad());
        }
        p->setPen(m_style.text);
        p->drawText(QPointF(x + 14, y + metrics.ascent() / 2 - 1), item.text);
        x += 14 + w + 14;
    }
}

// --- hover ----------------------------------------------------------------------------------

QString TimelinePainter::describeSegment(const TimelineLane& lane, const Seg& s) const
{
    QString what;
    switch (s.kind) {
    case SK::InSection:
        what = tr("in its critical section, within its validity");
        break;
    case SK::WithoutLock:
        what = tr("still in its critical section after its validity ended: working without "
                  "the lock");
        break;
    case SK::Key:
        what = tr("holds %1's key (TTL %2)")
                   .arg(m_data.clientName(s.client), TextFormat::latency(s.ttlUs));
        break;
    case SK::NodeDown:
        what = tr("down");
        break;
    case SK::NodePaused:
        what = tr("paused");
        break;
    case SK::Fault:
        what = EnumText::fault(Fault::Kind(s.code));
        break;
    default: // a client's state: the first kinds follow ClientSnapshot::State's order
        what = EnumText::clientState(ClientSnapshot::State(int(s.kind)));
        break;
    }
    const qint64 end = endOf(s);
    QString text = QStringLiteral("%1: %2\n%3").arg(lane.name, what, span(s.startUs, end));
    if (s.isOpen() || s.endUs > m_data.nowUs())
        text += tr(" so far");
    const QString event = m_data.describe(s.event);
    if (!event.isEmpty())
        text += QLatin1Char('\n') + event;
    return text;
}

QString TimelinePainter::describeAt(const QRectF& rect, const View& view, const QPointF& pos) const
{
    const Layout l = layout(rect, view);
    if (!l.lanes.contains(pos) && !l.labels.contains(pos))
        return {};
    const TimeAxis axis(view.t0Us, view.t1Us, l.lanes.left(), l.lanes.right());
    const qint64 t = axis.t(pos.x());
    const qint64 slack = qint64(3 / axis.pixelsPerUs()); // a few pixels either side
    for (const RunSeries::Moment& m : m_data.series().moments)
        if (t >= m.tUs - 2 * slack && t <= m.tUs + 2 * slack && pos.y() < l.nodesTop)
            return m_data.describe(m.event);
    for (const RunSeries::ViolationMark& v : m_data.series().violations) {
        const qint64 end = v.endUs < 0 ? m_data.nowUs() : v.endUs;
        if (t >= v.startUs - slack && t <= end + slack && pos.y() < l.nodesTop)
            return m_data.describe(v.event);
    }
    for (const LaneRef& lane : lanes(l)) {
        if (!lane.rect.contains(pos))
            continue;
        const TimelineLane& tl = *lane.lane;
        // A client's lower row is its critical section, its upper row what it does.
        const bool client = tl.type == TimelineLane::Type::Client;
        const bool sectionRow = client && pos.y() >= lane.rect.top() + lane.rect.height() * 0.42;
        if (!sectionRow)
            for (const Seg& s : tl.faults) // few, and a node's may overlap: all of them
                if (s.startUs - slack <= t && t <= endOf(s) + slack)
                    return describeSegment(tl, s);
        const QList<const TimelineTrack*> tracks =
            client ? QList<const TimelineTrack*>{sectionRow ? &tl.section : &tl.state}
                   : QList<const TimelineTrack*>{&tl.section, &tl.state};
        for (const TimelineTrack* track : tracks) {
            for (auto it = firstVisible(*track, t - slack); it != track->end(); ++it) {
                if (it->startUs > t + slack)
                    break;
                if (colorOf(*it).isValid())
                    return describeSegment(tl, *it);
            }
        }
        if (sectionRow && tl.sectionStartUs >= 0 && t >= tl.sectionStartUs)
            return tl.name + tr(": in its critical section since %1 s")
                                 .arg(tl.sectionStartUs / 1e6, 0, 'f', 3);
        return tl.name;
    }
    return {};
}
