// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/quorumchart.h"

#include "base/textformat.h"
#include "charts/rundata.h"

#include <QHash>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

namespace {
using Outcome = AttemptOutcome::Kind;
// Labels on the split rounds in view: more would cover the plot (each is told on hover).
constexpr qsizetype MaxSplitLabels = 12;
} // namespace

QuorumChart::QuorumChart(const RunData* data, const Look& look)
    : RunChart(Chart::Kind::Quorum, data, look),
      m_labels(this, look.style.small(), look.style.background,
               [this](int kind, qint64) { return m_splitTexts.value(kind); })
{
    connect(this, &QChart::plotAreaChanged, this, [this] { m_labels.place(); });
    const ChartStyle& s = m_look.style;
    addTimeAxis();
    m_nodes = new QValueAxis(this);
    m_nodes->setTickType(QValueAxis::TicksDynamic);
    m_nodes->setTickAnchor(0);
    m_nodes->setTickInterval(1);
    m_nodes->setLabelFormat(QStringLiteral("%.0f"));
    addYAxis(m_nodes, tr("nodes"));
    // The setting the votes are read against, not the votes: paler, and opaque (mixed with
    // the background: Qt strokes a long translucent line as one path, a second a frame).
    const QColor info = s.info();
    const QColor back = s.background;
    const QColor pale((info.red() * 3 + back.red() * 2) / 5,
                      (info.green() * 3 + back.green() * 2) / 5,
                      (info.blue() * 3 + back.blue() * 2) / 5);
    m_holders = addLine(tr("most nodes holding one client's key"), QPen(pale, 1.5));
    m_single = addLine(tr("rule: one node decides"), QPen(s.muted, 1.5, Qt::DashDotLine));
    const int n = std::max(1, m_data->nodeCount());
    m_majority = addLine(tr("rule: a majority, %1 of %2 nodes").arg(n / 2 + 1).arg(n),
                         QPen(s.text, 1.5, Qt::DashLine));
    m_failed = addMarkers(tr("votes of a round not acquired"), s.warn(),
                          QScatterSeries::MarkerShapeTriangle, 9);
    m_acquired =
        addMarkers(tr("votes of a round acquired"), s.good(), QScatterSeries::MarkerShapeCircle, 8);
    m_split = addMarkers(tr("split vote: each client's share of the votes"), s.paused(),
                         QScatterSeries::MarkerShapeRotatedRectangle, 13);
}

// "split C1 2 · C2 2 · C3 1": whose the votes were, most first.
QString QuorumChart::splitText(const RunSeries::Attempt& a) const
{
    QStringList parts;
    for (const auto& [client, votes] : a.split)
        parts << tr("%1 %2").arg(m_data->clientName(client)).arg(votes);
    return tr("split %1").arg(parts.join(QStringLiteral(" · ")));
}

void QuorumChart::feed(int columns)
{
    // Half a node of room either side: a round with no vote sits on 0, not on the edge.
    setYRange(-0.5, std::max(1, m_data->nodeCount()) + 0.5);
    const auto& attempts = m_data->series().attempts;
    const auto before = [](const RunSeries::Attempt& a, qint64 t) { return a.tUs < t; };
    const auto first = std::lower_bound(attempts.begin(), attempts.end(), m_t0Us, before);
    const double x0 = m_t0Us / 1e6;
    const double x1 = m_t1Us / 1e6;
    Downsampler acquired(x0, x1, markerColumns(m_acquired->markerSize()),
                         Downsampler::Mode::Distinct);
    Downsampler failed(x0, x1, markerColumns(m_failed->markerSize()), Downsampler::Mode::Distinct);
    Downsampler split(x0, x1, markerColumns(m_split->markerSize()), Downsampler::Mode::Distinct);
    m_counts = Counts();
    m_splitTexts.clear();
    QList<ChartLabels::Mark> marks;
    bool majority = false;
    bool single = false;
    for (auto it = first; it != attempts.end() && it->tUs <= m_t1Us; ++it) {
        const double x = it->tUs / 1e6;
        if (it->outcome == Outcome::Acquired) {
            acquired.add(x, it->votes, it->event);
            ++m_counts.acquired;
        } else if (it->outcome == Outcome::SplitVote) {
            // A diamond at each client's share: how the round split, not its own votes alone.
            for (const auto& [client, votes] : it->split)
                split.add(x, votes, it->event);
            if (it->split.empty())
                split.add(x, it->votes, it->event);
            const int top = it->split.empty() ? it->votes : it->split.front().second;
            if (m_splitTexts.size() < MaxSplitLabels) {
                marks.append(
                    {QPointF(x, top), int(m_splitTexts.size()), 1, m_look.style.paused(), m_split});
                m_splitTexts << splitText(*it);
            }
            ++m_counts.splitVotes;
        } else {
            failed.add(x, it->votes, it->event);
            ++m_counts.failed;
        }
        (it->needed > 1 ? majority : single) = true;
    }
    if (!majority && !single) // no round in view: the rule of the fleet
        majority = m_data->nodeCount() > 1;
    setPoints(m_acquired, acquired.points());
    setPoints(m_failed, failed.points());
    setPoints(m_split, split.points());
    m_labels.setMarks(marks);
    feedRules(majority, single);
    setEmptyText(m_counts.acquired + m_counts.failed + m_counts.splitVotes == 0
                     ? tr("No acquire was decided in this stretch of the run.")
                     : QString());
    feedHolders(columns);
}

void QuorumChart::feedRules(bool majority, bool single)
{
    const double x0 = m_t0Us / 1e6;
    const double x1 = m_t1Us / 1e6;
    const double q = m_data->quorum();
    m_majority->replace(majority ? QList<QPointF>{{x0, q}, {x1, q}} : QList<QPointF>{});
    m_single->replace(single ? QList<QPointF>{{x0, 1}, {x1, 1}} : QList<QPointF>{});
    showInLegend(m_majority, majority);
    showInLegend(m_single, single);
}

// The most nodes one client held, as steps of one pixel column at least: each column shows the
// most it saw (keys change hands thousands of times a second; drawn change by change, the line
// filled the plot and hid the votes).
void QuorumChart::feedHolders(int columns)
{
    const QList<QPointF> changes = holders(*m_data, m_t0Us, m_t1Us);
    const double x0 = m_t0Us / 1e6;
    const double width = (m_t1Us - m_t0Us) / 1e6 / std::max(1, columns);
    const qint64 endUs = std::min(m_t1Us, m_data->nowUs());
    QList<QPointF> steps;
    const auto step = [&](qint64 column, double most) {
        const double left = x0 + double(column) * width;
        if (!steps.isEmpty() && steps.last().y() == most) {
            steps.last().setX(left + width); // the same level goes on
            return;
        }
        steps << QPointF(left, most) << QPointF(left + width, most);
    };
    const auto columnOf = [&](double tUs) { return qint64((tUs / 1e6 - x0) / width); };
    double level = 0;
    qint64 column = 0;
    double most = 0;
    for (const QPointF& c : changes) {
        const qint64 at = std::min<qint64>(columnOf(c.x()), columns - 1);
        for (; column < at; ++column) { // columns before this change
            step(column, most);
            most = level;
        }
        level = c.y();
        most = std::max(most, level);
    }
    for (const qint64 last = std::min<qint64>(columnOf(double(endUs)), columns - 1); column <= last;
         ++column) {
        step(column, most);
        most = level;
    }
    m_holders->replace(steps);
    showInLegend(m_holders, changes.size() > 1);
}

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
        const TimelineTrack& keys = lane.section;
        // Keys on one node follow each other: the first one still there at t0 by search.
        auto it = std::partition_point(keys.begin(), keys.end(), [&](const TimelineSegment& s) {
            return std::min(s.endUs, data.nowUs()) < t0Us;
        });
        for (; it != keys.end() && it->startUs <= t1Us; ++it) {
            const qint64 end = std::min(it->endUs, data.nowUs());
            if (end <= it->startUs)
                continue;
            changes.push_back({std::max(it->startUs, t0Us), it->client, +1});
            if (end <= t1Us)
                changes.push_back({end, it->client, -1});
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

QString QuorumChart::describePoint(const QXYSeries* series, const Downsampler::Point& point) const
{
    return tr("%1 at %2: %3 of %4 nodes said yes")
        .arg(series->name(), TextFormat::runTime(qint64(point.x * 1e6)))
        .arg(int(point.y))
        .arg(m_data->nodeCount());
}
