// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/runchart.h"

#include "base/textformat.h"
#include "charts/histogramchart.h"
#include "charts/latencychart.h"
#include "charts/markerimage.h"
#include "charts/quorumchart.h"
#include "charts/rundata.h"
#include "charts/stockchart.h"
#include "charts/throughputchart.h"
#include "charts/timeaxis.h"

#include <QCategoryAxis>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <cmath>

namespace {

constexpr double HoverPixels = 10;   // a point this close to the pointer is the one meant
constexpr int DefaultColumns = 1000; // before the first layout
constexpr double PixelsPerTick = 50; // between the labels of a linear y axis

QColor alpha(QColor c, int a)
{
    c.setAlpha(a);
    return c;
}

} // namespace

RunChart* RunChart::create(Chart::Kind kind, const RunData* data, const Look& look)
{
    switch (kind) {
    case Chart::Kind::Latency:
        return new LatencyChart(data, look);
    case Chart::Kind::Histogram:
        return new HistogramChart(data, look);
    case Chart::Kind::Quorum:
        return new QuorumChart(data, look);
    case Chart::Kind::Throughput:
        return new ThroughputChart(data, look);
    case Chart::Kind::Stock:
        return new StockChart(data, look);
    case Chart::Kind::Timeline:
        break; // the timeline is painted by TimelinePainter
    }
    return nullptr;
}

RunChart::RunChart(Chart::Kind kind, const RunData* data, const Look& look)
    : m_data(data), m_look(look), m_kind(kind)
{
    const ChartStyle& s = m_look.style;
    setAnimationOptions(QChart::NoAnimation); // live data: a frame shows the data as it is
    setLocalizeNumbers(true);                 // 1,000,000 items, in the app's language
    setBackgroundRoundness(0);
    setBackgroundBrush(s.background);
    setBackgroundPen(Qt::NoPen);
    setPlotAreaBackgroundBrush(alpha(s.track, 70));
    setPlotAreaBackgroundVisible(true);
    setMargins(QMargins(4, 4, 8, 4));
    setFont(s.font);
    if (m_look.title) {
        setTitle(Chart::title(kind));
        setTitleFont(s.bold());
        setTitleBrush(s.text);
    }
    QLegend* l = legend();
    l->setAlignment(Qt::AlignRight);
    l->setMarkerShape(QLegend::MarkerShapeFromSeries);
    l->setReverseMarkers(true); // series stack bottom-up; the legend reads top-down
    l->setFont(s.small());
    l->setLabelColor(s.text);
    l->setBackgroundVisible(false);
    l->setShowToolTips(true);
    m_empty = new QGraphicsSimpleTextItem(this);
    m_empty->setFont(s.font);
    m_empty->setBrush(s.muted);
    m_empty->setZValue(1000);
    m_empty->setVisible(false);
    connect(this, &QChart::plotAreaChanged, this, [this](const QRectF& area) {
        if (m_time && !m_feeding)
            updateTimeAxis(int(area.width()));
        placeEmptyText();
    });
}

void RunChart::showWindow(qint64 t0Us, qint64 t1Us)
{
    m_t0Us = t0Us;
    m_t1Us = std::max(t1Us, t0Us + 1000);
    refresh();
}

void RunChart::setCursorUs(qint64 tUs)
{
    if (m_cursorUs == tUs)
        return;
    m_cursorUs = tUs;
    updateCursor();
}

int RunChart::columns() const
{
    const int width = int(plotArea().width());
    return width > 10 ? width : DefaultColumns;
}

int RunChart::markerColumns(double markerSize) const
{
    return std::max(1, int(columns() / std::max(1.0, markerSize / 2)));
}

void RunChart::refresh()
{
    m_feeding = true;
    const int n = columns();
    if (m_time) {
        static_cast<QValueAxis*>(m_x)->setRange(m_t0Us / 1e6, m_t1Us / 1e6);
        updateTimeAxis(n);
    }
    feed(n);
    updateCursor();
    if (m_legendChanged) { // an entry joined: the legend (and so the plot) is laid out again
        legend()->layout()->invalidate();
        layout()->invalidate();
        m_legendChanged = false;
    }
    fitLegend();
    m_feeding = false;
    m_fed = true;
}

// --- building blocks ------------------------------------------------------------------------

void RunChart::styleAxis(QAbstractAxis* axis, const QString& title) const
{
    const ChartStyle& s = m_look.style;
    axis->setTitleText(title);
    axis->setTitleFont(s.small());
    axis->setTitleBrush(s.text);
    axis->setLabelsFont(s.small());
    axis->setLabelsBrush(s.muted);
    axis->setGridLineColor(s.grid);
    axis->setMinorGridLineColor(alpha(s.grid, 110));
    axis->setLinePenColor(s.grid);
    axis->setShadesVisible(false);
}

QCategoryAxis* RunChart::addTimeAxis()
{
    m_time = new QCategoryAxis(this);
    m_time->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    addXAxis(m_time, tr("run time"));
    connect(m_time, &QValueAxis::rangeChanged, this, &RunChart::onXRangeChanged);
    return m_time;
}

void RunChart::addXAxis(QAbstractAxis* axis, const QString& title)
{
    styleAxis(axis, title);
    addAxis(axis, Qt::AlignBottom);
    m_x = axis;
}

void RunChart::addYAxis(QAbstractAxis* axis, const QString& title)
{
    styleAxis(axis, title);
    addAxis(axis, Qt::AlignLeft);
    m_y = axis;
    if (m_time && !m_faultsAttached) { // beneath everything the chart adds next
        m_faults.attach(this, m_x, m_y, m_look.style);
        m_faultsAttached = true;
    }
    if (m_time && !m_cursor) {
        m_cursor = new QLineSeries(this);
        m_cursor->setPen(QPen(m_look.style.text, 2));
        attach(m_cursor);
        hideFromLegend(m_cursor);
    }
}

void RunChart::attach(QAbstractSeries* series)
{
    addSeries(series);
    series->attachAxis(m_x);
    series->attachAxis(m_y);
}

QScatterSeries* RunChart::addMarkers(const QString& name, const QColor& color,
                                     QScatterSeries::MarkerShape shape, double size)
{
    auto* series = new QScatterSeries(this);
    series->setName(name);
    series->setMarkerShape(shape);
    series->setMarkerSize(size);
    // Edged in a darker tone of its colour: where points crowd they merge into a band of it
    // (a background-coloured edge cut them into slivers).
    const QColor edge = color.darker(135);
    series->setColor(color);
    series->setBorderColor(edge);
    if (!m_look.vectorMarkers)
        series->setLightMarker(MarkerImage::draw(shape, color, edge, size, m_look.pixelRatio));
    attach(series);
    for (QLegendMarker* marker : legend()->markers(series))
        marker->setBrush(color);
    showInLegend(series, false);
    return series;
}

QLineSeries* RunChart::addLine(const QString& name, const QPen& pen)
{
    auto* series = new QLineSeries(this);
    series->setName(name);
    series->setPen(pen);
    attach(series);
    showInLegend(series, false);
    return series;
}

void RunChart::setPoints(QXYSeries* series, const std::vector<Downsampler::Point>& points)
{
    series->replace(Downsampler::values(points));
    m_shown.insert(series, points);
    showInLegend(series, !points.empty());
}

void RunChart::showInLegend(QAbstractSeries* series, bool hasData)
{
    Legend& state = m_inLegend[series];
    if (state != Legend::NotYet)
        return; // once in, it stays; and what is never listed never is
    if (hasData)
        state = Legend::Listed;
    for (QLegendMarker* marker : legend()->markers(series))
        marker->setVisible(hasData);
    m_legendChanged = m_legendChanged || hasData;
}

void RunChart::hideFromLegend(QAbstractSeries* series)
{
    m_inLegend[series] = Legend::Never;
    for (QLegendMarker* marker : legend()->markers(series))
        marker->setVisible(false);
}

void RunChart::shadeFaults(double low, double high)
{
    if (m_faultsAttached)
        m_faults.feed(*m_data, m_t0Us, m_t1Us, low, high);
}

void RunChart::setYRange(double low, double high, bool nice)
{
    high = std::max(high, low + 1e-9);
    auto* linear = qobject_cast<QValueAxis*>(m_y);
    if (linear && nice) {
        const double ticks = std::max(2.0, plotArea().height() / PixelsPerTick);
        const double want = (high - low) / ticks;
        const double magnitude = std::pow(10, std::floor(std::log10(want)));
        double step = magnitude * 10;
        for (double m : {1.0, 2.0, 5.0, 10.0})
            if (magnitude * m >= want) {
                step = std::max(1.0, magnitude * m); // counts: whole numbers
                break;
            }
        low = std::floor(low / step) * step;
        high = std::ceil(high / step) * step;
        linear->setTickType(QValueAxis::TicksDynamic);
        linear->setTickAnchor(0);
        linear->setTickInterval(step);
    }
    m_y->setRange(low, high);
    if (linear) {
        m_yLow = linear->min();
        m_yHigh = linear->max();
    } else {
        m_yLow = low;
        m_yHigh = std::max(high, low + 1e-9);
    }
    shadeFaults(m_yLow, m_yHigh);
}

void RunChart::setLogRange(QLogValueAxis* axis, double low, double high, double pixels)
{
    low = std::max(low, 1e-4);
    high = std::max(high, low * 1.01);
    const double doublings = std::ceil(std::log2(high / low)) + 1;
    const double room = QFontMetricsF(axis->labelsFont()).height() * 2.5; // a label and a gap
    const int base = doublings * room <= pixels ? 2 : 10;
    const double lb = std::log(low) / std::log(base);
    const double hb = std::log(high) / std::log(base);
    axis->setBase(base);
    axis->setMinorTickCount(base == 10 ? -1 : 0);
    // A hair beyond the powers, so that rounding never drops the first or the last label.
    axis->setRange(std::pow(base, std::floor(lb + 1e-9)) * 0.999,
                   std::pow(base, std::max(std::ceil(hb - 1e-9), std::floor(lb + 1e-9) + 1)) *
                       1.001);
}

void RunChart::setSwatch(QAbstractSeries* series, const QColor& color)
{
    for (QLegendMarker* marker : legend()->markers(series)) {
        marker->setShape(QLegend::MarkerShapeRectangle); // "from the series" ignores the brush
        marker->setBrush(color);
        marker->setPen(QPen(color.darker(120), 1));
    }
}

void RunChart::resizeEvent(QGraphicsSceneResizeEvent* event)
{
    QChart::resizeEvent(event);
    // Once Qt has laid the chart out at its new size (the next turn of the event loop).
    QMetaObject::invokeMethod(this, &RunChart::fitLegend, Qt::QueuedConnection);
}

// The legend goes right of the plot in the chart's type, one entry a line; if something does
// not fit (an entry cut off at the legend's foot, a label Qt shortened to "...", which it
// does without saying), in a smaller type (down to 80 %), then as a row under the plot. Each
// arrangement is laid out and looked at, not estimated: Qt's own margins decide what fits.
// Tried again only when the size or the entries change.
void RunChart::fitLegend()
{
    QStringList entries;
    for (QLegendMarker* marker : legend()->markers())
        if (marker->isVisible())
            entries << marker->label();
    const QString key = QStringLiteral("%1x%2|").arg(size().width()).arg(size().height()) +
                        entries.join(QLatin1Char('|'));
    if (key == m_legendFitted)
        return;
    m_legendFitted = key;
    if (entries.isEmpty())
        return;
    const QFont full = m_look.style.small();
    for (Qt::Alignment side : {Qt::AlignRight, Qt::AlignBottom})
        for (double scale : {1.0, 0.9, 0.8}) {
            QFont font = ChartStyle::scaled(full, scale);
            if (m_look.style.minTextPx > 0 && font.pixelSize() < m_look.style.minTextPx)
                continue; // an export's words stay at its smallest size at least
            if (legend()->font() != font)
                legend()->setFont(font);
            if (legend()->alignment() != side)
                legend()->setAlignment(side);
            legend()->layout()->activate();
            layout()->activate();
            if (wordsFit())
                return;
        }
    legend()->setAlignment(Qt::AlignRight); // nothing fits: the entries at least in a column
}

// Every word of the chart whole (not shortened to "...") and inside the chart, and each legend
// entry inside the legend.
bool RunChart::wordsFit() const
{
    const QRectF whole = rect().adjusted(-0.5, -0.5, 0.5, 0.5);
    const QRectF legendArea = legend()->geometry().adjusted(-0.5, -0.5, 0.5, 0.5);
    QList<QGraphicsItem*> items = childItems();
    while (!items.isEmpty()) {
        QGraphicsItem* item = items.takeLast();
        items << item->childItems();
        const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
        if (!text || !text->isVisible() || text->toPlainText().trimmed().isEmpty())
            continue;
        if (text->toPlainText().contains(QLatin1String("...")))
            return false;
        const QRectF at = text->mapRectToItem(this, text->boundingRect());
        if (!whole.contains(at) || (legend()->isAncestorOf(text) && !legendArea.contains(at)))
            return false;
    }
    return true;
}

void RunChart::setEmptyText(const QString& text)
{
    m_empty->setText(text);
    m_empty->setVisible(!text.isEmpty());
    placeEmptyText();
}

void RunChart::placeEmptyText()
{
    if (!m_empty->isVisible())
        return;
    const QRectF box = m_empty->boundingRect();
    const QRectF plot = plotArea();
    m_empty->setPos(plot.center().x() - box.width() / 2, plot.center().y() - box.height() / 2);
}

// --- the time axis --------------------------------------------------------------------------

void RunChart::updateTimeAxis(int columns)
{
    const bool feeding = m_feeding;
    m_feeding = true;
    const TimeAxis axis(m_t0Us, m_t1Us, 0, columns);
    for (const QString& label : m_time->categoriesLabels())
        m_time->remove(label);
    m_time->setStartValue(m_t0Us / 1e6);
    for (qint64 t : axis.ticks())
        if (t > m_t0Us)
            m_time->append(axis.label(t), t / 1e6);
    m_feeding = feeding;
}

void RunChart::onXRangeChanged(qreal min, qreal max)
{
    if (!userZoom())
        return;
    m_t0Us = qint64(min * 1e6);
    m_t1Us = std::max(qint64(max * 1e6), m_t0Us + 1000);
    emit windowChosen(m_t0Us, m_t1Us);
    refresh();
}

void RunChart::updateCursor()
{
    if (!m_cursor)
        return;
    // Emptied, not hidden: Qt shows a series' legend entry again when the series is shown.
    const bool shown = m_cursorUs >= m_t0Us && m_cursorUs <= m_t1Us;
    m_cursor->replace(shown ? QList<QPointF>{QPointF(m_cursorUs / 1e6, m_yLow),
                                             QPointF(m_cursorUs / 1e6, m_yHigh)}
                            : QList<QPointF>{});
}

// --- hover ----------------------------------------------------------------------------------

QString RunChart::describeAt(const QPointF& pos) const
{
    if (!plotArea().contains(pos))
        return {};
    auto* self = const_cast<RunChart*>(this); // QChart's mapping functions are not const
    const QXYSeries* best = nullptr;
    const Downsampler::Point* bestPoint = nullptr;
    double bestDistance = HoverPixels;
    for (auto it = m_shown.cbegin(); it != m_shown.cend(); ++it) {
        if (!it.key()->isVisible())
            continue;
        auto* series = const_cast<QXYSeries*>(it.key());
        for (const Downsampler::Point& p : it.value()) {
            const QPointF at = self->mapToPosition(QPointF(p.x, p.y), series);
            const double distance = std::hypot(at.x() - pos.x(), at.y() - pos.y());
            if (distance < bestDistance) {
                bestDistance = distance;
                best = it.key();
                bestPoint = &p;
            }
        }
    }
    const QPointF value = self->mapToValue(pos);
    QStringList lines;
    if (bestPoint) {
        lines << describePoint(best, *bestPoint);
        const QString event = m_data->describe(bestPoint->event);
        if (!event.isEmpty())
            lines << event;
    } else if (const QString text = describeValue(value); !text.isEmpty()) {
        lines << text;
    }
    if (m_faultsAttached)
        if (const QString faults = m_faults.describeAt(qint64(value.x() * 1e6)); !faults.isEmpty())
            lines << faults;
    return lines.join(QLatin1Char('\n'));
}

QString RunChart::describeValue(const QPointF&) const
{
    return {};
}

QString RunChart::describePoint(const QXYSeries* series, const Downsampler::Point& point) const
{
    return tr("%1 at %2: %3")
        .arg(series->name(), TextFormat::runTime(qint64(point.x * 1e6)))
        .arg(point.y);
}
