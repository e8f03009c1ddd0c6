// SPDX-License-Identifier: GPL-3.0-or-later
#include "lanes/validitybar.h"

#include "base/textformat.h"
#include "model/lock.h"
#include "widgets/uitheme.h"

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
    m_drawnText = shownText();
    update();
}

void ValidityBar::setAlarmWording(const QString& wording)
{
    if (wording == m_alarmWording)
        return;
    m_alarmWording = wording;
    m_drawnText = shownText();
    update();
}

void ValidityBar::setUnboundedText(const QString& text)
{
    if (text == m_unboundedText)
        return;
    m_unboundedText = text;
    m_drawnText = shownText();
    update();
}

bool ValidityBar::isUnbounded() const
{
    return m_active && !Lock::expires(m_validUntilUs, m_nowUs);
}

void ValidityBar::setLeftover(qint64 untilUs)
{
    if (untilUs == m_leftoverUntilUs)
        return;
    m_leftoverUntilUs = untilUs;
    m_drawnText = shownText();
    update();
}

bool ValidityBar::advance(qint64 nowUs)
{
    m_nowUs = nowUs;
    if (isUnbounded())
        return false; // nothing counts down
    const bool counting = (m_active && (m_validUntilUs > nowUs || isAlarm())) ||
                          (!m_active && m_leftoverUntilUs > nowUs);
    if (m_active && m_validUntilUs > nowUs) {
        update(); // the bar itself shrinks smoothly
    } else {
        // Only text moves: repaint when it changes (a tenth of a second).
        const QString text = shownText();
        if (text != m_drawnText) {
            m_drawnText = text;
            update();
        }
    }
    return counting;
}

qint64 ValidityBar::displayedMs() const
{
    return m_active ? qMax<qint64>(0, (m_validUntilUs - m_nowUs) / 1000) : -1;
}

bool ValidityBar::isAlarm() const
{
    // 0: no validity at all (the engine's "none")
    return m_active && m_validUntilUs != 0 && m_nowUs - m_validUntilUs > AlarmGraceUs;
}

QString ValidityBar::alarmText() const
{
    if (!isAlarm())
        return {};
    const QString wording = m_alarmWording.isEmpty()
                                ? tr("BELIEVES IT HOLDS — validity expired %1 ago")
                                : m_alarmWording;
    return wording.arg(TextFormat::seconds((m_nowUs - m_validUntilUs) / 1000));
}

qint64 ValidityBar::leftoverMs() const
{
    if (m_active || m_leftoverUntilUs <= m_nowUs)
        return -1;
    return (m_leftoverUntilUs - m_nowUs) / 1000;
}

QString ValidityBar::shownText() const
{
    if (isAlarm())
        return alarmText();
    if (isUnbounded())
        return m_unboundedText;
    if (m_active)
        return TextFormat::seconds(displayedMs());
    const qint64 leftover = leftoverMs();
    return leftover >= 0 ? TextFormat::seconds(leftover) : QString();
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
    QFont bold = font();
    bold.setBold(true);
    if (isAlarm()) {
        // The one state of a client that breaks the lock's promise: loud, in words.
        QPainterPath banner;
        banner.addRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
        painter.fillPath(banner, UiTheme::bad(false));
        painter.setFont(bold);
        painter.setPen(Qt::white);
        const QRect text = rect().adjusted(8, 0, -6, 0);
        painter.drawText(text, Qt::AlignVCenter | Qt::AlignLeft,
                         QFontMetrics(bold).elidedText(alarmText(), Qt::ElideRight, text.width()));
        return;
    }
    const int textW = qMax(metrics.horizontalAdvance(QStringLiteral("00.0 s")),
                           QFontMetrics(bold).horizontalAdvance(m_unboundedText)) +
                      8;
    const qreal barH = qMax(8, metrics.height() / 2);
    const QRectF track(0, (height() - barH) / 2.0, qMax(10, width() - textW), barH);
    QPainterPath trackPath;
    trackPath.addRoundedRect(track, barH / 2, barH / 2);
    painter.fillPath(trackPath, UiTheme::track(dark));
    if (isUnbounded()) {
        // Held with nothing to count down: the whole track, hatched as the cards draw a key
        // without a TTL, and the words.
        painter.fillPath(trackPath, m_color.lighter(dark ? 100 : 130));
        painter.fillPath(trackPath, QBrush(m_color.darker(150), Qt::BDiagPattern));
        painter.setFont(bold);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRectF(track.right() + 6, 0, textW, height()),
                         Qt::AlignVCenter | Qt::AlignLeft, m_unboundedText);
        return;
    }
    const qint64 left = displayedMs();
    const qint64 leftover = leftoverMs();
    const qint64 shown = left >= 0 ? left : leftover;
    if (shown > 0) {
        const double share = qBound(0.0, double(shown) / double(m_totalMs), 1.0);
        QPainterPath bar;
        bar.addRoundedRect(QRectF(track.left(), track.top(), track.width() * share, barH), barH / 2,
                           barH / 2);
        if (left >= 0) {
            painter.fillPath(bar, m_color);
        } else {
            // Keys nobody believes in any more: the owner's colour, hatched and faded.
            QColor faded = m_color;
            faded.setAlpha(90);
            painter.fillPath(bar, faded);
            painter.fillPath(bar, QBrush(m_color.darker(130), Qt::BDiagPattern));
        }
    }
    const QRectF textRect(track.right() + 6, 0, textW, height());
    bold.setBold(left > 0);
    painter.setFont(bold);
    painter.setPen(left > 0 ? palette().color(QPalette::WindowText) : UiTheme::muted(dark));
    painter.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                     left >= 0       ? TextFormat::seconds(left)
                     : leftover >= 0 ? TextFormat::seconds(leftover)
                                     : QStringLiteral("–"));
}
