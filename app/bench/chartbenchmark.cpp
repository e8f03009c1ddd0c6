// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/chartbenchmark.h"

#include "base/enumnames.h"
#include "charts/chartrenderer.h"
#include "charts/runchartview.h"
#include "charts/rundata.h"
#include "charts/timelineview.h"
#include "model/latencystats.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

namespace {
constexpr int Width = 1280;
constexpr int Height = 720;

QTextStream& out()
{
    static QTextStream stream(stdout);
    return stream;
}
} // namespace

double ChartBenchmark::Frames::fps() const
{
    return 1000 / std::max(meanMs, 1e-3);
}

QList<QPair<qint64, qint64>> ChartBenchmark::tour(const RunData& data)
{
    const qint64 start = data.startUs();
    const qint64 end = std::max(data.nowUs(), start + 1000);
    QList<QPair<qint64, qint64>> steps{{start, end}};
    qint64 span = end - start;
    const qint64 middle = start + span / 2;
    for (int i = 0; i < 30; ++i) { // zoom in around the middle
        span = std::max<qint64>(span * 4 / 5, 10'000);
        steps << qMakePair(middle - span / 2, middle + span / 2);
    }
    for (int i = 0; i < 60; ++i) { // pan across, 5 % of the view per frame
        const qint64 t0 = steps.last().first + span / 20;
        steps << qMakePair(t0, t0 + span);
    }
    while (span < end - start) { // and out again
        span = span * 5 / 4;
        const qint64 t0 = steps.last().first - span / 10;
        steps << qMakePair(t0, t0 + span);
    }
    return steps;
}

ChartBenchmark::Frames ChartBenchmark::pan(QWidget* view,
                                           const std::function<void(qint64, qint64)>& setRange,
                                           const QList<QPair<qint64, qint64>>& steps)
{
    view->resize(Width, Height);
    view->show();
    QApplication::processEvents();
    LatencyStats times;
    QElapsedTimer clock;
    // A frame as the event loop makes one: the new range, what it posted (layout, the scene's
    // changed items), then the paint (of the viewport, for a graphics view).
    auto* scrollArea = qobject_cast<QAbstractScrollArea*>(view);
    QWidget* painted = scrollArea ? scrollArea->viewport() : view;
    for (const auto& [t0, t1] : steps) {
        clock.start();
        setRange(t0, t1);
        QCoreApplication::sendPostedEvents();
        painted->repaint();
        times.add(clock.nsecsElapsed() / 1000);
    }
    view->hide();
    Frames f;
    f.count = qsizetype(times.count());
    f.p50Ms = times.percentile(50) / 1000.0;
    f.p99Ms = times.percentile(99) / 1000.0;
    f.maxMs = times.max() / 1000.0;
    f.meanMs = times.mean() / 1000.0;
    return f;
}

bool ChartBenchmark::printFrames(const QString& name, const Frames& f)
{
    const bool pass = f.fps() >= TargetFps;
    out() << QStringLiteral("%1  %2 frames: p50 %3 ms, p99 %4 ms, max %5 ms, mean %6 ms = %7 "
                            "frames/s (target >= %8)  %9\n")
                 .arg(name, -10)
                 .arg(f.count)
                 .arg(f.p50Ms, 0, 'f', 1)
                 .arg(f.p99Ms, 0, 'f', 1)
                 .arg(f.maxMs, 0, 'f', 1)
                 .arg(f.meanMs, 0, 'f', 1)
                 .arg(f.fps(), 0, 'f', 1)
                 .arg(TargetFps, 0, 'f', 0)
                 .arg(pass ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
    out().flush();
    return pass;
}

bool ChartBenchmark::exportChart(Chart::Kind kind, const RunData& data, const QString& path)
{
    QElapsedTimer clock;
    clock.start();
    QString error;
    const bool ok = ChartRenderer::save(kind, data, path, &error);
    const double seconds = clock.nsecsElapsed() / 1e9;
    const bool pass = ok && seconds <= TargetExportS;
    out() << QStringLiteral("%1  export %2: %3 s (target <= %4 s)  %5%6\n")
                 .arg(EnumNames::name(kind), -10)
                 .arg(path.section(QLatin1Char('.'), -1))
                 .arg(seconds, 0, 'f', 2)
                 .arg(TargetExportS, 0, 'f', 0)
                 .arg(pass ? QStringLiteral("PASS") : QStringLiteral("FAIL"),
                      ok ? QString() : QStringLiteral(": ") + error);
    out().flush();
    return pass;
}

int ChartBenchmark::timeline(const RunData& data)
{
    TimelineView view(&data);
    const Frames f = pan(
        &view, [&view](qint64 t0, qint64 t1) { view.setRange(t0, t1); }, tour(data));
    out() << QStringLiteral("Redlock Scope timeline benchmark: %1 events, %2 client and %3 node "
                            "lanes, %4 frames at %5 x %6\n")
                 .arg(data.eventCount())
                 .arg(data.clientLanes().size())
                 .arg(data.nodeCount())
                 .arg(f.count)
                 .arg(Width)
                 .arg(Height);
    return printFrames(EnumNames::name(Chart::Kind::Timeline), f) ? 0 : 1;
}

int ChartBenchmark::charts(const RunData& data)
{
    const QList<QPair<qint64, qint64>> steps = tour(data);
    out() << QStringLiteral("Redlock Scope chart benchmark: %1 events, %2 rounds of acquires, "
                            "%3 frames per chart at %4 x %5; the timeline is the reference\n")
                 .arg(data.eventCount())
                 .arg(data.series().attempts.size())
                 .arg(steps.size())
                 .arg(Width)
                 .arg(Height);
    bool pass = true;
    {
        TimelineView view(&data);
        pass &= printFrames(
            EnumNames::name(Chart::Kind::Timeline),
            pan(
                &view, [&view](qint64 t0, qint64 t1) { view.setRange(t0, t1); }, steps));
    }
    for (Chart::Kind kind : Chart::all()) {
        if (kind == Chart::Kind::Timeline)
            continue;
        RunChartView view(kind, &data);
        pass &= printFrames(
            EnumNames::name(kind),
            pan(
                &view, [&view](qint64 t0, qint64 t1) { view.setWindow(t0, t1); }, steps));
    }
    QTemporaryDir dir;
    for (Chart::Kind kind : Chart::all())
        for (const char* format : {"png", "svg"})
            pass &= exportChart(
                kind, data,
                dir.filePath(EnumNames::name(kind) + QLatin1Char('.') + QLatin1String(format)));
    out() << (pass ? QStringLiteral("every chart PASS\n")
                   : QStringLiteral("a target missed: FAIL\n"));
    return pass ? 0 : 1;
}
