// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/timeaxis.h"

#include "charts/chartstyle.h"

#include <QPainter>
#include <cmath>

namespace {
constexpr double PixelsPerTick = 90;
} // namespace

QPair<qint64, qint64> TimeAxis::following(qint64 startUs, qint64 nowUs)
{
    const qint64 elapsed = nowUs - startUs;
    qint64 span = FollowSpanUs;
    for (qint64 step : {10'000'000LL, 20'000'000LL, 30'000'000LL})
        if (elapsed * 21 / 20 <= step) {
            span = step;
            break;
        }
    const qint64 end = std::max(nowUs + span / 20, startUs + span);
    return {end - span, end};
}

TimeAxis::TimeAxis(qint64 t0Us, qint64 t1Us, double x0, double x1)
    : m_t0(t0Us), m_t1(std::max(t1Us, t0Us + 1)), m_x0(x0), m_x1(std::max(x1, x0 + 1)),
      m_scale((m_x1 - m_x0) / double(m_t1 - m_t0))
{
    // The smallest 1-2-5 step that keeps ticks PixelsPerTick apart (at least 1 ms).
    const double wantUs = PixelsPerTick / m_scale;
    qint64 step = 1000;
    for (int i = 0; double(step) < wantUs; ++i)
        step = step / (i % 3 == 1 ? 2 : 1) * (i % 3 == 1 ? 5 : 2);
    m_stepUs = step;
}

QList<qint64> TimeAxis::ticks() const
{
    QList<qint64> out;
    const qint64 first = (m_t0 + m_stepUs - 1) / m_stepUs * m_stepUs;
    for (qint64 t = std::max<qint64>(0, first); t <= m_t1 && out.size() < 200; t += m_stepUs)
        out << t;
    return out;
}

QString TimeAxis::label(qint64 tUs) const
{
    const double seconds = tUs / 1e6;
    if (m_stepUs < 1'000'000)
        return QStringLiteral("%1 s").arg(seconds, 0, 'f',
                                          m_stepUs < 10'000 ? 3 : (m_stepUs < 100'000 ? 2 : 1));
    if (seconds < 60)
        return QStringLiteral("%1 s").arg(qint64(seconds));
    const qint64 whole = qint64(seconds);
    if (whole < 3600)
        return QStringLiteral("%1:%2").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2:%3")
        .arg(whole / 3600)
        .arg(whole / 60 % 60, 2, 10, QLatin1Char('0'))
        .arg(whole % 60, 2, 10, QLatin1Char('0'));
}

void TimeAxis::paint(QPainter* p, const ChartStyle& style, double top, double baseline) const
{
    p->save();
    p->setFont(style.small());
    const QFontMetricsF metrics(style.small());
    for (qint64 t : ticks()) {
        const double x = std::round(this->x(t)) + 0.5;
        p->setPen(QPen(style.grid, 1));
        p->drawLine(QPointF(x, top), QPointF(x, baseline));
        p->setPen(style.muted);
        const QString text = label(t);
        const double w = metrics.horizontalAdvance(text);
        p->drawText(QPointF(x - w / 2, baseline + metrics.ascent() + 2), text);
    }
    p->restore();
}
