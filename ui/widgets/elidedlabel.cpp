#include "widgets/elidedlabel.h"

#include "widgets/uitheme.h"

#include <QPainter>

ElidedLabel::ElidedLabel(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void ElidedLabel::setText(const QString& text)
{
    if (text == m_text)
        return;
    m_text = text;
    update();
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
    painter.drawText(rect(), Qt::AlignVCenter | Qt::AlignLeft,
                     fontMetrics().elidedText(m_text, Qt::ElideRight, width()));
}
