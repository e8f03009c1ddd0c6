// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QImage>
#include <QScatterSeries>

// A scatter series' marker as an image (Qt Charts' "light marker"): the series paints it at
// each point as an image instead of drawing a shape, which is what lets the window pan
// thousands of points at screen rate. Drawn at the device's pixel size (`size` points times
// `scale`: 2 in a PNG export), so each point is a plain copy of it, crisp, not a scaled image.
// Vector exports (SVG, PDF) keep Qt's own shapes instead, the same shapes in the same colours.
class MarkerImage
{
public:
    static QImage draw(QScatterSeries::MarkerShape shape, const QColor& color, const QColor& edge,
                       double size, double scale);
};
