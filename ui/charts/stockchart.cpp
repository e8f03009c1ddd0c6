// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/stockchart.h"

#include "base/textformat.h"
#include "charts/rundata.h"

#include <QGraphicsLayout>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

namespace {
using V = HistoryEvent::ViolationKind;
} // namespace

StockChart::StockChart(const RunData* data, const Look& look)
    : RunChart(Chart::Kind::Stock, data, look),
      m_labels(this, look.style.bold(), look.style.background, [](int kind, qint64 amount) {
          if (V(kind) == V::Oversold)
              return amount == 1 ? tr("oversold: 1 item") : tr("oversold: %1 items").arg(amount);
          if (V(kind) == V::ResetOverwritten)
              return tr("reset overwritten: the stock %1 set was written over").arg(amount);
          return amount == 1 ? tr("lost update: 1 sale erased")
                             : tr("lost update: %1 sales erased").arg(amount);
      })
{
    const ChartStyle& s = m_look.style;
    addTimeAxis();
    m_items = new QValueAxis(this);
    m_items->setLabelFormat(QStringLiteral("%.0f"));
    addYAxis(m_items, tr("items"));
    m_initial = addLine(tr("stock put on the storage (stock N)"), QPen(s.muted, 1.5, Qt::DashLine));
    m_sold = addLine(tr("items sold since then"), QPen(s.good(), 2.5));
    m_expected = addLine(tr("stock there should be: stock N minus the sales"),
                         QPen(s.info(), 2, Qt::DotLine));
    m_stock = addLine(tr("stock on the storage"), QPen(s.info(), 2.5));
    m_lost = addMarkers(tr("lost update: a write erased sales"), s.bad(),
                        QScatterSeries::MarkerShapeRotatedRectangle, 13);
    m_oversold = addMarkers(tr("oversold: sold what was not there"), s.bad(),
                            QScatterSeries::MarkerShapeStar, 16);
    // The labels follow the plot when it moves (resize, legend, axis labels).
    connect(this, &QChart::plotAreaChanged, this, [this] { m_labels.place(); });
}

void StockChart::feed(int columns)
{
    double low = 0;
    double high = 1;
    feedLines(columns, &low, &high);
    setYRange(low - (low < 0 ? 1 : 0), high + 1, true);
    feedDamage();
}

// Steps: each value holds until the next one, the last one until now (or the window's end).
void StockChart::feedLines(int columns, double* low, double* high)
{
    const auto& stock = m_data->series().stock;
    const double x0 = m_t0Us / 1e6;
    const double x1 = m_t1Us / 1e6;
    Downsampler stockLine(x0, x1, columns, Downsampler::Mode::M4);
    Downsampler soldLine(x0, x1, columns, Downsampler::Mode::M4);
    Downsampler initialLine(x0, x1, columns, Downsampler::Mode::M4);
    Downsampler expectedLine(x0, x1, columns, Downsampler::Mode::M4);
    const auto add = [&](double x, const RunSeries::StockPoint& p) {
        stockLine.add(x, double(p.value), p.event);
        soldLine.add(x, double(p.sold), p.event);
        if (p.initial >= 0) {
            initialLine.add(x, double(p.initial), p.event);
            expectedLine.add(x, double(p.initial - p.sold), p.event);
        }
    };
    auto it = std::lower_bound(stock.begin(), stock.end(), m_t0Us,
                               [](const RunSeries::StockPoint& p, qint64 t) { return p.tUs < t; });
    if (it != stock.begin())
        --it; // the level the window opens with
    m_counts.sales = 0;
    // Lost updates as the checker counts them and the storage card shows them: in each stretch
    // after a `stock N`, the sales minus the drop of the stock; a write that put erased sales
    // back takes them off again. Counted up to the window's end, less what was lost before it.
    qint64 lostBefore = 0; // in the stretches a later `stock N` closed
    qint64 lostAtStart = 0;
    const auto lostAt = [&lostBefore](const RunSeries::StockPoint& p) {
        return lostBefore + (p.initial >= 0 ? p.sold - (p.initial - p.value) : 0);
    };
    const RunSeries::StockPoint* previous = nullptr;
    for (; it != stock.end() && it->tUs <= m_t1Us; ++it) {
        const double x = std::max(it->tUs, m_t0Us) / 1e6;
        if (previous && !it->sale)
            lostBefore = lostAt(*previous); // a `stock N`: its stretch's count is kept
        if (it->tUs < m_t0Us)
            lostAtStart = lostAt(*it);
        if (previous)
            add(x, *previous);
        add(x, *it);
        if (it->tUs >= m_t0Us && it->sale)
            ++m_counts.sales;
        *low = std::min(
            {*low, double(it->value), it->initial >= 0 ? double(it->initial - it->sold) : 0.0});
        *high = std::max({*high, double(it->value), double(it->sold), double(it->initial)});
        previous = &*it;
    }
    if (previous)
        add(std::min(m_t1Us, m_data->nowUs()) / 1e6, *previous);
    m_counts.lostUpdates = previous ? lostAt(*previous) - lostAtStart : 0;
    setEmptyText(stock.empty() ? tr("No stock in this run: `stock N` puts N items on the storage "
                                    "and the clients start buying.")
                               : QString());
    setPoints(m_stock, stockLine.points());
    setPoints(m_expected, expectedLine.points());
    setPoints(m_sold, soldLine.points());
    setPoints(m_initial, initialLine.points());
}

void StockChart::feedDamage()
{
    std::vector<Downsampler::Point> lost;
    std::vector<Downsampler::Point> oversold;
    QList<ChartLabels::Mark> marks;
    m_counts.oversold = 0;
    const QColor red = m_look.style.bad();
    for (const RunSeries::Damage& d : m_data->series().damage) {
        if (d.tUs < m_t0Us || d.tUs > m_t1Us)
            continue;
        const double x = d.tUs / 1e6;
        if (V(d.kind) == V::Oversold) {
            oversold.push_back({x, double(d.sold), d.event});
            marks.append({QPointF(x, double(d.sold)), d.kind, d.amount, red, m_oversold});
            m_counts.oversold += d.amount;
        } else {
            lost.push_back({x, double(d.stock), d.event});
            marks.append({QPointF(x, double(d.stock)), d.kind, d.amount, red, m_lost});
        }
    }
    setPoints(m_lost, lost);
    setPoints(m_oversold, oversold);
    m_labels.setMarks(marks);
}

QString StockChart::describePoint(const QXYSeries* series, const Downsampler::Point& point) const
{
    return tr("%1 at %2: %3 items")
        .arg(series->name(), TextFormat::runTime(qint64(point.x * 1e6)))
        .arg(qint64(point.y));
}
