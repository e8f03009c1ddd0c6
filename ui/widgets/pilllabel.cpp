// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pilllabel.h"

#include "widgets/ownerchip.h"

#include <QEvent>
#include <QPainter>

PillLabel::PillLabel(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void PillLabel::set(const QString& text, const QColor& color, bool hatched)
{
    if (text == m_text && color == m_color && hatched == m_hatched)
        return;
    const bool wider = text.size() != m_text.size();
    m_text = text;
    m_color = color;
    m_hatched = hatched;
    if (wider)
        updateGeometry();
    update();
}

void PillLabel::setMinimumText(const QString& text)
{
    m_minimumText = text;
    updateGeometry();
}

QSize PillLabel::sizeHint() const
{
    const QFontMetrics metrics = fontMetrics();
    const int w = qMax(OwnerChip::width(metrics, m_text), OwnerChip::width(metrics, m_minimumText));
    return {w, metrics.height() + 8};
}

void PillLabel::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setFont(font());
    const QSize hint = sizeHint();
    const QRectF chip(0, (height() - hint.height()) / 2.0, width(), hint.height());
    OwnerChip::paint(painter, chip, m_text, m_color, m_hatched);
}

void PillLabel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        updateGeometry();
    QWidget::changeEvent(event);
}
