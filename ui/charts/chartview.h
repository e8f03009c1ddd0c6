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
    // The stage: a client's row at least this tall (px) when room is short, the nodes' rows
    // giving way down to NodeRampFloor: a class reads the clients' bars and names, the keys
    // need only show their ramps. 0: every row alike.
    double clientLaneMin = 0;
};
