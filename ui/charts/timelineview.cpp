// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/timelineview.h"

#include "charts/rundata.h"
#include "charts/timeaxis.h"
#include "charts/timelinepainter.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

namespace {
constexpr qint64 MinSpanUs = 1000; // 1 ms across the whole width
constexpr double WheelZoom = 1.25; // per notch
constexpr double KeyPan = 0.1;     // of the width
constexpr int DragThreshold = 4;   // pixels before a press becomes a drag
} // namespace

TimelineView::TimelineView(const RunData* data, QWidget* parent) : QWidget(parent), m_data(data)
{
    setObjectName(QStringLiteral("timeline"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMinimumHeight(MinimumHeight);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setToolTip(tr("Wheel: zoom · drag: pan · Home: the whole run · F: follow"));
    follow();
}

void TimelineView::refresh()
{
    if (m_follow)
        follow();
    if (isVisible())
        update();
}

void TimelineView::setCursorUs(qint64 tUs)
{
    if (m_view.cursorUs == tUs)
        return;
    m_view.cursorUs = tUs;
    if (isVisible())
        update();
}

void TimelineView::setRange(qint64 t0Us, qint64 t1Us)
{
    m_follow = false;
    m_view.t0Us = t0Us;
    m_view.t1Us = std::max(t1Us, t0Us + MinSpanUs);
    update();
}

void TimelineView::showAll()
{
    setRange(m_data->startUs(), std::max(m_data->nowUs(), m_data->startUs() + MinSpanUs));
}

void TimelineView::setFollowing(bool followIt)
{
    m_follow = followIt;
    if (m_follow)
        follow();
    update();
}

// Live: the window every chart follows (TimeAxis::following).
void TimelineView::follow()
{
    const auto [t0, t1] = TimeAxis::following(m_data->startUs(), m_data->nowUs());
    m_view.t0Us = t0;
    m_view.t1Us = t1;
}

qint64 TimelineView::timeAtX(double x) const
{
    const TimelinePainter painter(*m_data, ChartStyle());
    const auto layout = painter.layout(QRectF(rect()), m_view);
    const double f = (x - layout.lanes.left()) / std::max(1.0, layout.lanes.width());
    return m_view.t0Us + qint64(f * double(m_view.t1Us - m_view.t0Us));
}

void TimelineView::zoom(double factor, double atX)
{
    const qint64 at = std::clamp(timeAtX(atX), m_view.t0Us, m_view.t1Us);
    const double span = std::max<double>(MinSpanUs, double(m_view.t1Us - m_view.t0Us) * factor);
    const double left = double(at - m_view.t0Us) / double(m_view.t1Us - m_view.t0Us);
    const qint64 t0 = at - qint64(span * left);
    setRange(t0, t0 + qint64(span));
}

void TimelineView::pan(double fraction)
{
    const qint64 shift = qint64(double(m_view.t1Us - m_view.t0Us) * fraction);
    setRange(m_view.t0Us + shift, m_view.t1Us + shift);
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    TimelinePainter(*m_data, ChartStyle::forWidget(palette(), font())).paint(&p, rect(), m_view);
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const double notches = event->angleDelta().y() / 120.0;
    if (notches != 0)
        zoom(std::pow(WheelZoom, -notches), event->position().x());
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    m_dragging = true;
    m_dragged = false;
    m_dragFrom = event->position().toPoint();
    m_dragView = m_view;
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return;
    const int dx = event->position().toPoint().x() - m_dragFrom.x();
    if (!m_dragged && std::abs(dx) < DragThreshold)
        return;
    m_dragged = true;
    const qint64 shift = timeAtX(m_dragFrom.x()) - timeAtX(m_dragFrom.x() + dx);
    setRange(m_dragView.t0Us + shift, m_dragView.t1Us + shift);
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_dragging)
        return;
    m_dragging = false;
    if (!m_dragged)
        emit timeClicked(timeAtX(event->position().x()));
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoom(1 / WheelZoom, width() / 2.0);
        break;
    case Qt::Key_Minus:
        zoom(WheelZoom, width() / 2.0);
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
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = TimelinePainter(*m_data, ChartStyle::forWidget(palette(), font()))
                                 .describeAt(QRectF(rect()), m_view, help->pos());
        if (text.isEmpty())
            QToolTip::showText(help->globalPos(), toolTip(), this);
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}
