// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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
    static QByteArray build(const RecordedRun& run, const RunData& data);
};
