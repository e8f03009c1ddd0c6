// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// What part of a run a chart shows, and how: the time window (the histogram reads the
// attempts decided in it), a replay's cursor, and the parts an export adds.
struct ChartView
{
    qint64 t0Us = 0;
    qint64 t1Us = 1;
    qint64 cursorUs = -1; // a replay's "now": a vertical line; -1 none
    bool title = false;   // exports: the chart's title and the run above it
    bool legend = true;
    bool captions = false;     // exports: the captions listed under the timeline, numbered
    bool captionLabels = true; // the captions' words over the lanes (the stage shows its own)
};
