// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"

#include <QList>
#include <QPair>
#include <QtGlobal>
#include <functional>

class QWidget;
class RunData;

// How fast the charts draw a recorded run (`redlockscope --open RUN --bench-timeline` or
// `--bench-charts`). A 1280 × 720 view goes through a fixed tour (the whole run, zoom in step by
// step around its middle, pan across, zoom out again); each step is fed and painted
// synchronously (repaint(): the paint and the flush to the screen) and timed.
//
// --bench-timeline tours the timeline alone. --bench-charts tours every chart in one run, the
// timeline first (the reference: its own painter, measured beside the others on the same
// machine at the same moment), then exports each chart as PNG and SVG as `--export` does.
// Prints the frame times and the frames per second they allow, and each export's time; exit
// 0 when every chart makes at least 30 frames/s and every export at most 1 s, else 1.
class ChartBenchmark
{
public:
    static constexpr double TargetFps = 30;
    static constexpr double TargetExportS = 1.0;

    static int timeline(const RunData& data);
    static int charts(const RunData& data);

private:
    struct Frames
    {
        qsizetype count = 0;
        double p50Ms = 0;
        double p99Ms = 0;
        double maxMs = 0;
        double meanMs = 0;
        double fps() const;
    };

    static QList<QPair<qint64, qint64>> tour(const RunData& data);
    // Each step of the tour: setRange, then a synchronous repaint of `view`, timed.
    static Frames pan(QWidget* view, const std::function<void(qint64, qint64)>& setRange,
                      const QList<QPair<qint64, qint64>>& steps);
    static bool printFrames(const QString& name, const Frames& frames);
    static bool exportChart(Chart::Kind kind, const RunData& data, const QString& path);
};
