// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"
#include "charts/chartview.h"

#include <QByteArray>
#include <QSize>
#include <QString>

class QGraphicsScene;
class QPainter;
class RunChart;
class RunData;

// A chart of a run as a file (PNG, SVG, PDF) or as SVG text for the HTML report: the whole
// run, in the light theme, with its title and legend, in the app's language. The timeline is
// painted by TimelinePainter; the other charts are the window's Qt Charts charts (RunChart),
// laid out in a scene of their own and rendered headless (QGraphicsScene::render).
class ChartRenderer
{
public:
    static constexpr int PngScale = 2; // crisp on a slide: 2800 pixels wide

    // The picture's size in pixels (before PngScale): the timeline grows with its lanes.
    static QSize sizeFor(Chart::Kind kind, const RunData& data);
    static ChartView wholeRun(const RunData& data);
    // Paints the chart into `size` on `painter`. `vector`: for SVG and PDF (markers as shapes).
    static void render(Chart::Kind kind, const RunData& data, QPainter* painter, const QSize& size,
                       bool vector);
    // An XY chart as an export draws it: in `scene`, laid out at `size`, the whole run fed.
    static RunChart* exportChart(Chart::Kind kind, const RunData& data, QGraphicsScene* scene,
                                 const QSize& size, bool vector);
    static QByteArray svg(Chart::Kind kind, const RunData& data);
    // The format from the extension (.png, .svg, .pdf). False, with *error, when the file
    // cannot be written; nothing is left half written (QSaveFile).
    static bool save(Chart::Kind kind, const RunData& data, const QString& path, QString* error);
};
