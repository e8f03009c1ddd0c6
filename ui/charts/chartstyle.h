// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/attemptoutcome.h"
#include "model/fault.h"

#include <QColor>
#include <QFont>
#include <QPalette>

// The colours and type every chart paints with: the window's theme on screen, the light
// theme (which prints) in exports. Meaning colours come from UiTheme and OwnerPalette, so a
// chart says "paused" or "C3" in the same colour as the cards and lanes.
struct ChartStyle
{
    bool dark = false;
    QFont font;
    QColor background;
    QColor text;
    QColor muted;
    QColor grid;
    QColor track;

    static ChartStyle forWidget(const QPalette& palette, const QFont& font);
    static ChartStyle forExport(); // light, 10 pt

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
