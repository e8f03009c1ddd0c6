// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/faultshading.h"

#include "base/textformat.h"
#include "charts/rundata.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>

namespace {

QColor alpha(QColor c, int a)
{
    c.setAlpha(a);
    return c;
}

// Open stretches run to the data's now; only what overlaps [t0, t1] is kept, clipped to it.
void collect(const TimelineTrack& faults, const QString& who, qint64 nowUs, qint64 t0Us,
             qint64 t1Us, Fault::Kind kind, QList<FaultShading::Stretch>* out)
{
    for (const TimelineSegment& s : faults) {
        if (Fault::Kind(s.code) != kind)
            continue;
        const qint64 end = s.isOpen() ? nowUs : s.endUs;
        if (end < t0Us || s.startUs > t1Us)
            continue;
        out->append({std::max(s.startUs, t0Us), std::min(std::max(end, s.startUs + 1), t1Us), who});
    }
}

// The stretches' union, in time order (they come sorted by start).
QList<QPair<qint64, qint64>> unions(const QList<FaultShading::Stretch>& stretches)
{
    QList<QPair<qint64, qint64>> merged;
    for (const FaultShading::Stretch& s : stretches) {
        if (!merged.isEmpty() && s.startUs <= merged.last().second)
            merged.last().second = std::max(merged.last().second, s.endUs);
        else
            merged.append({s.startUs, s.endUs});
    }
    return merged;
}

} // namespace

QString FaultShading::name(Fault::Kind kind, bool node)
{
    using K = Fault::Kind;
    if (!node)
        return kind == K::Crashed ? tr("client crashed") : tr("client paused (GC pause)");
    switch (kind) {
    case K::Killed:
        return tr("node killed");
    case K::Paused:
        return tr("node paused");
    case K::RestartPending:
        return tr("node waiting to restart");
    case K::ShutDown:
        return tr("node shut down");
    case K::Partition:
        return tr("network partition");
    case K::Latency:
        return tr("network latency");
    case K::Drop:
        return tr("requests dropped");
    case K::ClockJump:
        return tr("clock jump");
    case K::Crashed:
    case K::Restarted: // never in the history
        break;
    }
    return tr("node fault");
}

void FaultShading::attach(QChart* chart, QAbstractAxis* x, QAbstractAxis* y,
                          const ChartStyle& style)
{
    using K = Fault::Kind;
    m_chart = chart;
    QList<QPair<K, bool>> kinds{{K::Paused, false}, {K::Crashed, false}};
    for (K kind : {K::Killed, K::Paused, K::RestartPending, K::ShutDown, K::Partition, K::Latency,
                   K::Drop, K::ClockJump})
        kinds << qMakePair(kind, true);
    for (const auto& [kind, node] : std::as_const(kinds)) {
        Band band{kind, node};
        band.upper = new QLineSeries(chart);
        band.lower = new QLineSeries(chart);
        band.area = new QAreaSeries(band.upper, band.lower);
        band.area->setName(name(kind, node));
        const QColor color = style.fault(kind);
        band.area->setBrush(alpha(color, style.dark ? 60 : 42));
        band.area->setPen(Qt::NoPen);
        chart->addSeries(band.area);
        band.area->attachAxis(x);
        band.area->attachAxis(y);
        for (QLegendMarker* marker : chart->legend()->markers(band.area)) {
            marker->setShape(QLegend::MarkerShapeRectangle); // "from the series": no swatch
            marker->setBrush(alpha(color, 150));
            marker->setPen(QPen(color, 1));
            marker->setVisible(false);
        }
        m_bands << band;
    }
}

void FaultShading::feed(const RunData& data, qint64 t0Us, qint64 t1Us, double low, double high)
{
    for (Band& band : m_bands) {
        band.stretches.clear();
        const auto& lanes = band.node ? data.nodeLanes() : data.clientLanes();
        for (const TimelineLane& lane : lanes)
            collect(lane.faults, lane.name, data.nowUs(), t0Us, t1Us, band.kind, &band.stretches);
        std::sort(band.stretches.begin(), band.stretches.end(),
                  [](const Stretch& a, const Stretch& b) { return a.startUs < b.startUs; });
        // Stretches that overlap (two nodes killed together) are shaded as their union: the
        // outline of one drawn back over another's cancelled both out.
        QList<QPointF> upper;
        for (const auto& [from, to] : unions(band.stretches)) {
            const double a = from / 1e6;
            const double b = to / 1e6;
            upper << QPointF(a, low) << QPointF(a, high) << QPointF(b, high) << QPointF(b, low);
        }
        band.upper->replace(upper);
        band.lower->replace({QPointF(t0Us / 1e6, low), QPointF(t1Us / 1e6, low)});
        if (!band.stretches.isEmpty() && !band.everShown) {
            band.everShown = true;
            for (QLegendMarker* marker : m_chart->legend()->markers(band.area))
                marker->setVisible(true);
        }
    }
}

QString FaultShading::describeAt(qint64 tUs) const
{
    QStringList lines;
    for (const Band& band : m_bands) {
        if (!band.area->isVisible())
            continue;
        for (const Stretch& s : band.stretches)
            if (s.startUs <= tUs && tUs <= s.endUs)
                lines << tr("%1: %2, %3 to %4")
                             .arg(band.area->name(), s.who, TextFormat::runTime(s.startUs),
                                  TextFormat::runTime(s.endUs));
    }
    return lines.join(QLatin1Char('\n'));
}
