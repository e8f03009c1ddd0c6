// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartstyle.h"

#include <QByteArray>
#include <QCoreApplication>

class RunData;
struct RecordedRun;

// One self-contained HTML page about a run, for a bug report or a class handout: the
// run's settings, the checker's verdict and counters, every chart inlined as SVG, and the
// violations with their evidence. No script, no font, no image from the network: it opens
// in any browser offline.
class HtmlReport
{
    // Its words are the class's, also in the helpers that build its tables, where lupdate
    // sees them as HtmlReport::tr (a file-local tr() it cannot attribute, and left English).
    Q_DECLARE_TR_FUNCTIONS(HtmlReport)

public:
    static constexpr int MaxViolationRows = 500;
    // Each chart as the page shows it, at its natural width (it shrinks only in a narrower
    // window): read at 100 % zoom, its smallest text is at least MinTextPx pixels.
    static constexpr int ChartWidth = 1200;
    static constexpr int ChartHeight = 675;
    static constexpr int MinTextPx = 14;
    // `look`: its type scale and theme (--large, --theme); the charts' size is the page's.
    static QByteArray build(const RecordedRun& run, const RunData& data,
                            const ExportLook& look = {});
};
