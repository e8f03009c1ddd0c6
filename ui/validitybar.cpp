#include "validitybar.h"

#include "textformat.h"
#include "uitheme.h"

#include <QPainter>
#include <QPainterPath>

ValidityBar::ValidityBar(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(tr("How long this client believes its lock is still valid (TTL minus the time "
                  "the acquisition took minus drift)."));
}

void ValidityBar::setValidity(bool active, qint64 validUntilUs, qint64 totalMs, const QColor& color,
                              qint64 nowUs)
{
    m_nowUs = nowUs;
    if (active == m_active && validUntilUs == m_validUntilUs && totalMs == m_totalMs &&
        color == m_color)
        return;
    m_active = active;
    m_validUntilUs = validUntilUs;
    m_totalMs = qMax<qint64>(1, totalMs);
    m_color = color;
    update();
}

bool ValidityBar::advance(qint64 nowUs)
{
    m_nowUs = nowUs;
    const bool counting = m_active && m_validUntilUs > nowUs;
    if (counting)
        update();
    return counting;
}

qint64 ValidityBar::displayedMs() const
{
    return m_active ? qMax<qint64>(0, (m_validUntilUs - m_nowUs) / 1000) : -1;
}

QSize ValidityBar::sizeHint() const
{
    return {180, fontMetrics().height() + 8};
}

QSize ValidityBar::minimumSizeHint() const
{
    return {90, fontMetrics().height() + 8};
}

void ValidityBar::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const bool dark = UiTheme::isDark(palette());
    const QFontMetrics metrics = fontMetrics();
    const int textW = metrics.horizontalAdvance(QStringLiteral("00.0 s")) + 8;
    const qreal barH = qMax(8, metrics.height() / 2);
    const QRectF track(0, (height() - barH) / 2.0, qMax(10, width() - textW), barH);
    QPainterPath trackPath;
    trackPath.addRoundedRect(track, barH / 2, barH / 2);
    painter.fillPath(trackPath, UiTheme::track(dark));
    const qint64 left = displayedMs();
    if (left > 0) {
        const double share = qBound(0.0, double(left) / double(m_totalMs), 1.0);
        QPainterPath bar;
        bar.addRoundedRect(QRectF(track.left(), track.top(), track.width() * share, barH), barH / 2,
                           barH / 2);
        painter.fillPath(bar, m_color);
    }
    const QRectF textRect(track.right() + 6, 0, textW, height());
    QFont bold = font();
    bold.setBold(left > 0);
    painter.setFont(bold);
    painter.setPen(left > 0 ? palette().color(QPalette::WindowText) : UiTheme::muted(dark));
    painter.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                     left >= 0 ? TextFormat::seconds(left) : QStringLiteral("–"));
}
