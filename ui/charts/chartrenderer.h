// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"
#include "charts/chartstyle.h"
#include "charts/chartview.h"

#include <QByteArray>
#include <QSize>
#include <QString>

class QGraphicsScene;
class QPainter;
class RunChart;
class RunData;

// A chart of a run as a file (PNG, SVG, PDF) or as SVG text for the HTML report: the whole
// run, with its title and legend, in the app's language, at the size, type and theme an
// ExportLook asks for (--export --size 1920x1080 --large --theme dark): a picture of that
// many pixels whose smallest text is ChartStyle::minTextPxFor(look, height) pixels. Without
// a size, each chart's own (the timeline 16:9, its captions listed under it) and a PNG twice
// as many pixels. The timeline is painted by TimelinePainter; the other charts are the
// window's Qt Charts charts (RunChart), laid out in a scene of their own and rendered
// headless (QGraphicsScene::render).
class ChartRenderer
{
public:
    static constexpr int PngScale = 2; // without a size: crisp on a slide, 2800 pixels wide

    // The picture's size in pixels (before PngScale when the look has no size): the look's,
    // else 1400 × 700, and the timeline 16:9 (1600 × 900, taller for many lanes).
    static QSize sizeFor(Chart::Kind kind, const RunData& data, const ExportLook& look = {});
    static ChartView wholeRun(const RunData& data);
    // Paints the chart into `size` on `painter`. `vector`: for SVG and PDF (markers as shapes).
    static void render(Chart::Kind kind, const RunData& data, QPainter* painter, const QSize& size,
                       bool vector, const ExportLook& look = {});
    // An XY chart as an export draws it: in `scene`, laid out at `size`, the whole run fed.
    static RunChart* exportChart(Chart::Kind kind, const RunData& data, QGraphicsScene* scene,
                                 const QSize& size, bool vector, const ExportLook& look = {});
    static QByteArray svg(Chart::Kind kind, const RunData& data, const ExportLook& look = {});
    // The format from the extension (.png, .svg, .pdf). False, with *error, when the file
    // cannot be written; nothing is left half written (QSaveFile).
    static bool save(Chart::Kind kind, const RunData& data, const QString& path, QString* error,
                     const ExportLook& look = {});
    // The sentence an export prints: "smallest text 20 px at 1920 × 1080".
    static QString sizeNote(Chart::Kind kind, const RunData& data, const ExportLook& look);
};
