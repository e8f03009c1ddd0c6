// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QRectF>
#include <QString>

class QFontMetrics;
class QPainter;

// The one way a lock owner is drawn everywhere (cards, quorum view, lanes): a rounded
// chip in the owner's colour with its name. Foreign owners are grey and hatched, so
// they read as "not one of ours" even in black and white.
class OwnerChip
{
public:
    static void paint(QPainter& painter, const QRectF& rect, const QString& text,
                      const QColor& color, bool hatched = false);
    static int width(const QFontMetrics& metrics, const QString& text);
};
