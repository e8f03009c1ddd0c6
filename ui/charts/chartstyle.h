// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/attemptoutcome.h"
#include "model/fault.h"

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QSize>

// How an export draws a chart (--export --size --large --theme, the HTML report): its size in
// pixels (invalid: the chart's own), its type size and theme.
struct ExportLook
{
    QSize size;
    double typeScale = 1.0; // --large: 1.35
    bool dark = false;
};

// The colours and type every chart paints with: the window's theme on screen, the light
// theme (which prints) or the one asked for in exports. Meaning colours come from UiTheme and
// OwnerPalette, so a chart says "paused" or "C3" in the same colour as the cards and lanes.
struct ChartStyle
{
    bool dark = false;
    QFont font;
    // Exports: the smallest text any label is drawn in, in pixels (0: no floor, on screen).
    // The legend and the timeline's lane names shrink to fit, never below it.
    int minTextPx = 0;
    QColor background;
    QColor text;
    QColor muted;
    QColor grid;
    QColor track;

    static ChartStyle forWidget(const QPalette& palette, const QFont& font);
    static ChartStyle forExport(); // light, 10 pt
    // For a picture `size` pixels high: the smallest text max(11, height / 72) pixels, times
    // the type scale (1920 × 1080 in large type: 20 px), in the export's theme.
    static ChartStyle forExport(const ExportLook& look, const QSize& size);
    // The smallest text of a chart `height` pixels high in `look`.
    static int minTextPxFor(const ExportLook& look, int height);
    // `font` `factor` times as large, whether it is sized in points or pixels.
    static QFont scaled(const QFont& font, double factor);

    QColor owner(int client) const;
    QColor good() const;
    QColor bad() const;
    QColor warn() const;
    QColor info() const;
    QColor paused() const;
    QColor fault(Fault::Kind kind) const;
    // A round of an acquire by what became of it: the latency, histogram and quorum charts.
    QColor outcome(AttemptOutcome::Kind kind) const;
    QFont small() const;
    QFont bold() const;
};
