// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"
#include "charts/chartview.h"

#include <QByteArray>
#include <QSize>
#include <QString>

class RunData;

// A chart of a run as a file (PNG, SVG, PDF) or as SVG text for the HTML report: the whole
// run, in the light theme, with its title and legend. The same painters as the window's.
class ChartRenderer
{
public:
    // The picture's size in pixels: the timeline grows with its lanes.
    static QSize sizeFor(Chart::Kind kind, const RunData& data);
    static ChartView wholeRun(const RunData& data);
    static QByteArray svg(Chart::Kind kind, const RunData& data);
    // The format from the extension (.png, .svg, .pdf). False, with *error, when the file
    // cannot be written; nothing is left half written (QSaveFile).
    static bool save(Chart::Kind kind, const RunData& data, const QString& path, QString* error);
};
