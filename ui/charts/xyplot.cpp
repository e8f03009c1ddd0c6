// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/xyplot.h"

#include "charts/rundata.h"

#include <QPainter>
#include <cmath>

namespace {
constexpr double LeftMargin = 64;
constexpr double RightMargin = 18;
constexpr double TitleHeight = 26;
constexpr double LegendHeight = 22;
constexpr double AxisHeight = 22;

QColor alpha(QColor c, int a)
{
    c.setAlpha(a);
    return c;
}
} // namespace

XyPlot::XyPlot(const QRectF& rect, const ChartStyle& style, const QString& title, const Axis& x,
               const Axis& y)
    : m_rect(rect), m_style(style), m_title(title), m_x(x), m_y(y)
{
    const double top = rect.top() + (title.isEmpty() ? 8 : TitleHeight) + LegendHeight;
    m_plot = QRectF(rect.left() + LeftMargin, top, rect.width() - LeftMargin - RightMargin,
                    std::max(10.0, rect.bottom() - AxisHeight - top));
    if (m_y.log)
        m_y.min = std::max(m_y.min, 1e-3);
    if (m_y.max <= m_y.min)
        m_y.max = m_y.min + 1;
    if (m_x.max <= m_x.min)
        m_x.max = m_x.min + 1;
}

double XyPlot::position(const Axis& axis, double value) const
{
    if (axis.log) {
        const double v = std::max(value, axis.min);
        return std::log10(v / axis.min) / std::log10(axis.max / axis.min);
    }
    return (value - axis.min) / (axis.max - axis.min);
}

double XyPlot::x(double value) const
{
    return m_plot.left() + position(m_x, value) * m_plot.width();
}

double XyPlot::y(double value) const
{
    return m_plot.bottom() - position(m_y, value) * m_plot.height();
}

QString XyPlot::number(double value)
{
    if (std::abs(value) >= 100 || value == std::floor(value))
        return QString::number(qint64(std::llround(value)));
    return QString::number(value, 'g', 3);
}

// 1-2-5 steps about 60 px apart; on a log axis, the powers of ten (and 2, 5 between them
// when there is room).
QList<double> XyPlot::ticks(const Axis& axis, double pixels)
{
    QList<double> out;
    if (axis.log) {
        const double decades = std::log10(axis.max / axis.min);
        const bool fine = pixels / std::max(decades, 1e-9) > 120;
        for (double d = std::pow(10, std::floor(std::log10(axis.min))); d <= axis.max; d *= 10)
            for (double m : fine ? QList<double>{1, 2, 5} : QList<double>{1})
                if (d * m >= axis.min && d * m <= axis.max)
                    out << d * m;
        return out;
    }
    const double want = (axis.max - axis.min) / std::max(1.0, pixels / 60);
    const double magnitude = std::pow(10, std::floor(std::log10(want)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (magnitude * m >= want) {
            step = magnitude * m;
            break;
        }
    for (double v = std::ceil(axis.min / step) * step; v <= axis.max + step * 1e-9; v += step)
        out << v;
    return out;
}

void XyPlot::paintFrame(QPainter* p) const
{
    p->fillRect(m_rect, m_style.background);
    if (!m_title.isEmpty()) {
        p->setFont(m_style.bold());
        p->setPen(m_style.text);
        p->drawText(QRectF(m_rect.left() + 8, m_rect.top() + 2, m_rect.width() - 16, TitleHeight),
                    Qt::AlignLeft | Qt::AlignVCenter, m_title);
    }
    p->fillRect(m_plot, alpha(m_style.track, 70));
    p->setFont(m_style.small());
    const QFontMetricsF metrics(m_style.small());
    for (double v : ticks(m_y, m_plot.height())) {
        const double yy = std::round(y(v)) + 0.5;
        p->setPen(QPen(m_style.grid, 1));
        p->drawLine(QPointF(m_plot.left(), yy), QPointF(m_plot.right(), yy));
        p->setPen(m_style.muted);
        p->drawText(QRectF(m_rect.left(), yy - 8, LeftMargin - 6, 16),
                    Qt::AlignRight | Qt::AlignVCenter, m_y.label ? m_y.label(v) : number(v));
    }
    for (double v : ticks(m_x, m_plot.width())) {
        const double xx = std::round(x(v)) + 0.5;
        p->setPen(QPen(m_style.grid, 1));
        p->drawLine(QPointF(xx, m_plot.top()), QPointF(xx, m_plot.bottom()));
        p->setPen(m_style.muted);
        const QString text = m_x.label ? m_x.label(v) : number(v);
        p->drawText(QPointF(xx - metrics.horizontalAdvance(text) / 2,
                            m_plot.bottom() + metrics.ascent() + 3),
                    text);
    }
    p->setPen(m_style.muted);
    if (!m_y.name.isEmpty())
        p->drawText(
            QRectF(m_rect.left(), m_plot.top() - LegendHeight, LeftMargin - 6, LegendHeight),
            Qt::AlignRight | Qt::AlignVCenter, m_y.name);
    if (!m_x.name.isEmpty())
        p->drawText(QRectF(m_plot.right() - 200, m_plot.bottom() + 2, 200, AxisHeight),
                    Qt::AlignRight | Qt::AlignBottom, m_x.name);
}

void XyPlot::shadeFaults(QPainter* p, const RunData& data) const
{
    const auto shade = [&](const TimelineSegment& s) {
        const double start = s.startUs / 1e6;
        const double end = std::min(s.endUs, data.nowUs()) / 1e6;
        if (end < m_x.min || start > m_x.max)
            return;
        const double x0 = x(std::max(start, m_x.min));
        const double x1 = std::max(x0 + 1, x(std::min(end, m_x.max)));
        p->fillRect(QRectF(x0, m_plot.top(), x1 - x0, m_plot.height()),
                    alpha(m_style.fault(Fault::Kind(s.code)), m_style.dark ? 40 : 30));
    };
    for (const TimelineLane& lane : data.nodeLanes())
        for (const TimelineSegment& s : lane.faults)
            shade(s);
    for (const TimelineLane& lane : data.clientLanes())
        for (const TimelineSegment& s : lane.faults)
            shade(s);
}

void XyPlot::paintLegend(QPainter* p, const QList<QPair<QString, QColor>>& items) const
{
    p->setFont(m_style.small());
    const QFontMetricsF metrics(m_style.small());
    double x = m_plot.left();
    const double y = m_plot.top() - LegendHeight / 2;
    for (const auto& [text, color] : items) {
        p->fillRect(QRectF(x, y - 5, 10, 10), color);
        p->setPen(m_style.text);
        p->drawText(QPointF(x + 14, y + metrics.ascent() / 2 - 1), text);
        x += 28 + metrics.horizontalAdvance(text);
    }
}

void XyPlot::paintCursor(QPainter* p, double xValue) const
{
    if (!inX(xValue))
        return;
    const double xx = std::round(x(xValue)) + 0.5;
    p->setPen(QPen(m_style.text, 2));
    p->drawLine(QPointF(xx, m_plot.top()), QPointF(xx, m_plot.bottom()));
}

void XyPlot::paintEmpty(QPainter* p, const QString& text) const
{
    p->setFont(m_style.font);
    p->setPen(m_style.muted);
    p->drawText(m_plot, Qt::AlignCenter | Qt::TextWordWrap, text);
}

XyPlot::Axis XyPlot::timeAxis(qint64 t0Us, qint64 t1Us)
{
    Axis axis;
    axis.min = t0Us / 1e6;
    axis.max = std::max(t1Us, t0Us + 1000) / 1e6;
    axis.name = QStringLiteral("run time");
    axis.label = [](double seconds) {
        if (seconds < 60)
            return number(seconds) + QStringLiteral(" s");
        const qint64 whole = qint64(seconds);
        return QStringLiteral("%1:%2").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
    };
    return axis;
}
