// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/markerimage.h"

#include <QPainter>
#include <QPolygonF>
#include <cmath>

namespace {
constexpr double Edge = 1; // the outline, in points

QPolygonF regular(double size, int corners, double inner, double r, double offset)
{
    QPolygonF polygon;
    const double c = size / 2.0;
    for (int i = 0; i < corners * (inner > 0 ? 2 : 1); ++i) {
        const double radius = inner > 0 && i % 2 ? inner : r;
        const double angle = offset + i * M_PI / (inner > 0 ? corners : corners / 2.0) - M_PI / 2;
        polygon << QPointF(c + radius * std::cos(angle), c + radius * std::sin(angle));
    }
    return polygon;
}
} // namespace

QImage MarkerImage::draw(QScatterSeries::MarkerShape shape, const QColor& color, const QColor& edge,
                         double size, double scale)
{
    const int pixels = std::max(1, int(std::ceil(size * scale)));
    QImage image(pixels, pixels, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(color);
    p.setPen(QPen(edge, Edge));
    const double Size = pixels / scale; // in points
    const double r = Size / 2.0 - Edge;
    const QRectF box(Edge, Edge, Size - 2 * Edge, Size - 2 * Edge);
    switch (shape) {
    case QScatterSeries::MarkerShapeCircle:
        p.drawEllipse(box);
        break;
    case QScatterSeries::MarkerShapeRectangle:
        p.drawRect(box.adjusted(Size * 0.08, Size * 0.08, -Size * 0.08, -Size * 0.08));
        break;
    case QScatterSeries::MarkerShapeRotatedRectangle:
        p.drawPolygon(regular(Size, 4, 0, r, 0));
        break;
    case QScatterSeries::MarkerShapeTriangle:
        p.drawPolygon(regular(Size, 3, 0, r, 0));
        break;
    case QScatterSeries::MarkerShapeStar:
        p.drawPolygon(regular(Size, 5, r * 0.45, r, 0));
        break;
    case QScatterSeries::MarkerShapePentagon:
        p.drawPolygon(regular(Size, 5, 0, r, 0));
        break;
    }
    p.end();
    return image;
}
