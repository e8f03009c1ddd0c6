// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/runchartview.h"

#include "base/enumnames.h"
#include "charts/runchart.h"
#include "charts/rundata.h"
#include "charts/timeaxis.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

namespace {
constexpr qint64 MinSpanUs = 1000;
constexpr double WheelZoom = 1.25;
constexpr double KeyPan = 0.1;
constexpr int FadedAlpha = 70; // a hidden series' legend entry
} // namespace

RunChartView::RunChartView(Chart::Kind kind, const RunData* data, QWidget* parent)
    : QChartView(parent), m_kind(kind), m_data(data)
{
    setObjectName(EnumNames::name(kind) + QStringLiteral("Chart"));
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::HorizontalRubberBand);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumHeight(MinimumHeight);
    setToolTip(tr("Drag: zoom into a stretch · right click: zoom out · Home: the whole run · F: "
                  "follow · click a legend entry to hide or show it"));
    rebuild();
}

void RunChartView::rebuild()
{
    RunChart::Look look;
    look.style = ChartStyle::forWidget(palette(), font());
    look.pixelRatio = devicePixelRatioF();
    RunChart* old = m_chart;
    m_chart = RunChart::create(m_kind, m_data, look);
    if (old)
        m_chart->showWindow(old->windowStartUs(), old->windowEndUs());
    m_chart->setCursorUs(m_cursorUs);
    connect(m_chart, &RunChart::windowChosen, this, [this] { m_follow = false; });
    // QChartView releases the chart it showed without deleting it (its documentation): its
    // own empty one at first, then ours, which each theme, type size or language change
    // leaked with every series.
    QChart* shown = chart();
    setChart(m_chart);
    delete shown;
    connectLegend();
    refresh();
}

// A click on a legend entry hides or shows its series; the entry stays, faded.
void RunChartView::connectLegend()
{
    for (QLegendMarker* marker : m_chart->legend()->markers()) {
        connect(marker, &QLegendMarker::clicked, this, [marker] {
            QAbstractSeries* series = marker->series();
            const bool shown = !series->isVisible();
            const bool listed = marker->isVisible();
            series->setVisible(shown);
            marker->setVisible(listed); // Qt hides the entry with its series otherwise
            QColor label = marker->labelBrush().color();
            label.setAlpha(shown ? 255 : FadedAlpha);
            marker->setLabelBrush(label);
            QBrush brush = marker->brush();
            QColor color = brush.color();
            color.setAlpha(shown ? 255 : FadedAlpha);
            brush.setColor(color);
            marker->setBrush(brush);
        });
    }
}

void RunChartView::refresh()
{
    if (m_follow) {
        const auto [t0, t1] = m_data->isLive()
                                  ? TimeAxis::following(m_data->startUs(), m_data->nowUs())
                                  : qMakePair(m_data->startUs(), m_data->nowUs());
        m_chart->showWindow(t0, t1);
    } else if (isVisible()) {
        m_chart->refresh();
    }
}

void RunChartView::setCursorUs(qint64 tUs)
{
    m_cursorUs = tUs;
    m_chart->setCursorUs(tUs);
}

void RunChartView::setWindow(qint64 t0Us, qint64 t1Us)
{
    m_follow = false;
    m_chart->showWindow(t0Us, std::max(t1Us, t0Us + MinSpanUs));
}

void RunChartView::showAll()
{
    m_chart->resetZoom();
    setWindow(m_data->startUs(), std::max(m_data->nowUs(), m_data->startUs() + MinSpanUs));
}

void RunChartView::setFollowing(bool follow)
{
    m_follow = follow;
    if (follow)
        refresh();
}

QString RunChartView::describeAt(const QPoint& pos) const
{
    return m_chart->describeAt(m_chart->mapFromScene(mapToScene(pos)));
}

void RunChartView::zoom(double factor, double atFraction)
{
    const qint64 t0 = m_chart->windowStartUs();
    const qint64 t1 = m_chart->windowEndUs();
    const double span = std::max<double>(MinSpanUs, double(t1 - t0) * factor);
    const qint64 at = t0 + qint64(double(t1 - t0) * atFraction);
    const qint64 start = at - qint64(span * atFraction);
    setWindow(start, start + qint64(span));
}

void RunChartView::pan(double fraction)
{
    const qint64 t0 = m_chart->windowStartUs();
    const qint64 t1 = m_chart->windowEndUs();
    const qint64 shift = qint64(double(t1 - t0) * fraction);
    setWindow(t0 + shift, t1 + shift);
}

void RunChartView::wheelEvent(QWheelEvent* event)
{
    const double notches = event->angleDelta().y() / 120.0;
    const QRectF plot = m_chart->plotArea();
    const double x = m_chart->mapFromScene(mapToScene(event->position().toPoint())).x();
    if (notches != 0 && m_kind != Chart::Kind::Histogram)
        zoom(std::pow(WheelZoom, -notches),
             std::clamp((x - plot.left()) / std::max(1.0, plot.width()), 0.0, 1.0));
    event->accept();
}

void RunChartView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoom(1 / WheelZoom, 0.5);
        break;
    case Qt::Key_Minus:
        zoom(WheelZoom, 0.5);
        break;
    case Qt::Key_Left:
        pan(-KeyPan);
        break;
    case Qt::Key_Right:
        pan(KeyPan);
        break;
    case Qt::Key_Home:
        showAll();
        break;
    case Qt::Key_End:
    case Qt::Key_F:
        setFollowing(true);
        break;
    default:
        QChartView::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool RunChartView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = describeAt(help->pos());
        QToolTip::showText(help->globalPos(), text.isEmpty() ? toolTip() : text, this);
        return true;
    }
    return QChartView::viewportEvent(event);
}

// The window's theme, type size or language changed: the chart is made again in the new look
// and words.
void RunChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    const QEvent::Type type = event->type();
    if (type == QEvent::PaletteChange || type == QEvent::FontChange ||
        type == QEvent::LanguageChange)
        rebuild();
}
