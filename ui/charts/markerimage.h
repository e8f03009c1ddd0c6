// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QImage>
#include <QScatterSeries>

// A scatter series' marker as an image (Qt Charts' "light marker"): the series paints it at
// each point instead of making a graphics item per point, which is what lets the window pan
// thousands of points at screen rate. Drawn at 4x, so it stays crisp in a 2x PNG; vector
// exports (SVG, PDF) keep Qt's own shapes instead, the same shapes in the same colours.
class MarkerImage
{
public:
    static QImage draw(QScatterSeries::MarkerShape shape, const QColor& color, const QColor& edge);
};
