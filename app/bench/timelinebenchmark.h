// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class RunData;

// `redlockscope --open RUN --bench-timeline`: how fast the timeline pans and zooms on a
// recorded run. A 1280 × 720 timeline window goes through a fixed tour (the whole run, zoom
// in step by step around its middle, pan across, zoom out again); each step is painted
// synchronously (repaint(): the paint and the flush to the screen) and timed. Prints the
// frame times and the frames per second they allow; 0 when that is at least 30, else 1.
class TimelineBenchmark
{
public:
    static constexpr double TargetFps = 30;
    static int run(const RunData& data);
};
