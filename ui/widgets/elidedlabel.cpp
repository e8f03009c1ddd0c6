// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/elidedlabel.h"

#include "widgets/uitheme.h"

#include <QPainter>

ElidedLabel::ElidedLabel(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void ElidedLabel::setText(const QString& text)
{
    setTexts({text});
}

void ElidedLabel::setTexts(const QStringList& longestFirst)
{
    const QString text = longestFirst.value(0);
    const QStringList shorter = longestFirst.mid(1);
    if (text == m_text && shorter == m_shorter)
        return;
    m_text = text;
    m_shorter = shorter;
    update();
}

QString ElidedLabel::shownText() const
{
    const QFontMetrics metrics = fontMetrics();
    if (metrics.horizontalAdvance(m_text) <= width())
        return m_text;
    for (const QString& form : m_shorter) {
        if (metrics.horizontalAdvance(form) <= width())
            return form;
    }
    return metrics.elidedText(m_shorter.isEmpty() ? m_text : m_shorter.last(), Qt::ElideRight,
                              width());
}

bool ElidedLabel::isElided() const
{
    const QString shown = shownText();
    return shown != m_text && !m_shorter.contains(shown);
}

void ElidedLabel::setMuted(bool muted)
{
    m_muted = muted;
    update();
}

void ElidedLabel::setAlert(bool alert)
{
    if (alert == m_alert)
        return;
    m_alert = alert;
    update();
}

QSize ElidedLabel::sizeHint() const
{
    return {fontMetrics().horizontalAdvance(m_text) + 4, fontMetrics().height() + 4};
}

QSize ElidedLabel::minimumSizeHint() const
{
    return {40, fontMetrics().height() + 4};
}

void ElidedLabel::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const bool dark = UiTheme::isDark(palette());
    painter.setPen(m_alert   ? UiTheme::bad(dark)
                   : m_muted ? UiTheme::muted(dark)
                             : palette().color(QPalette::WindowText));
    painter.drawText(rect(), Qt::AlignVCenter | Qt::AlignLeft, shownText());
}
