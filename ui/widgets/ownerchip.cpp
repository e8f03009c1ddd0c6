// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/ownerchip.h"

#include "widgets/ownerpalette.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

void OwnerChip::paint(QPainter& painter, const QRectF& rect, const QString& text,
                      const QColor& color, bool hatched)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    const qreal radius = qMin(rect.height() / 2.0, 6.0);
    QPainterPath path;
    path.addRoundedRect(rect, radius, radius);
    painter.fillPath(path, color);
    if (hatched) {
        QColor stripes = OwnerPalette::textOn(color);
        stripes.setAlpha(70);
        painter.fillPath(path, QBrush(stripes, Qt::BDiagPattern));
    }
    painter.setPen(OwnerPalette::textOn(color));
    QFont font = painter.font();
    font.setBold(true);
    painter.setFont(font);
    const QFontMetrics metrics(font);
    painter.drawText(rect, Qt::AlignCenter,
                     metrics.elidedText(text, Qt::ElideRight, int(rect.width()) - 4));
    painter.restore();
}

int OwnerChip::width(const QFontMetrics& metrics, const QString& text)
{
    // Bold text is a little wider than the metrics of the regular font say.
    return int(metrics.horizontalAdvance(text) * 1.12) + metrics.height();
}
