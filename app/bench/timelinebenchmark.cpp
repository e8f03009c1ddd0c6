// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/timelinebenchmark.h"

#include "charts/rundata.h"
#include "charts/timelineview.h"
#include "model/latencystats.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTextStream>

int TimelineBenchmark::run(const RunData& data)
{
    TimelineView view(&data);
    view.resize(1280, 720);
    view.show();
    QApplication::processEvents();
    const qint64 start = data.startUs();
    const qint64 end = std::max(data.nowUs(), start + 1000);
    QList<QPair<qint64, qint64>> tour{{start, end}};
    qint64 span = end - start;
    const qint64 middle = start + span / 2;
    for (int i = 0; i < 30; ++i) { // zoom in around the middle
        span = std::max<qint64>(span * 4 / 5, 10'000);
        tour << qMakePair(middle - span / 2, middle + span / 2);
    }
    for (int i = 0; i < 60; ++i) { // pan across, 5 % of the view per frame
        const qint64 t0 = tour.last().first + span / 20;
        tour << qMakePair(t0, t0 + span);
    }
    while (span < end - start) { // and out again
        span = span * 5 / 4;
        const qint64 t0 = tour.last().first - span / 10;
        tour << qMakePair(t0, t0 + span);
    }
    LatencyStats frames;
    QElapsedTimer clock;
    for (const auto& [t0, t1] : std::as_const(tour)) {
        view.setRange(t0, t1);
        clock.start();
        view.repaint();
        frames.add(clock.nsecsElapsed() / 1000);
    }
    const double meanMs = frames.mean() / 1000;
    const double fps = 1000 / std::max(meanMs, 1e-3);
    QTextStream out(stdout);
    out << QStringLiteral("Redlock Scope timeline benchmark: %1 events, %2 client and %3 node "
                          "lanes, %4 frames at 1280 x 720\n")
               .arg(data.eventCount())
               .arg(data.clientLanes().size())
               .arg(data.nodeCount())
               .arg(frames.count());
    out << QStringLiteral("frame time p50 %1 ms, p99 %2 ms, max %3 ms, mean %4 ms\n")
               .arg(frames.percentile(50) / 1000.0, 0, 'f', 1)
               .arg(frames.percentile(99) / 1000.0, 0, 'f', 1)
               .arg(frames.max() / 1000.0, 0, 'f', 1)
               .arg(meanMs, 0, 'f', 1);
    out << QStringLiteral("frames per second (from the mean) %1, target >= %2  %3\n")
               .arg(fps, 0, 'f', 1)
               .arg(TargetFps, 0, 'f', 0)
               .arg(fps >= TargetFps ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
    return fps >= TargetFps ? 0 : 1;
}
