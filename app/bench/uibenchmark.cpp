// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/uibenchmark.h"

#include "base/outputfile.h"
#include "base/safetext.h"
#include "base/steadyclock.h"
#include "bench/benchloop.h"
#include "bench/processmemory.h"
#include "control/enginecontroller.h"
#include "interruption.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QEvent>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <cstdio>
#include <ctime>

UiBenchmark::UiBenchmark(MainWindow* window, const Options& options, QObject* parent)
    : QObject(parent), m_window(window), m_options(options)
{
    connect(&m_memoryTimer, &QTimer::timeout, this, &UiBenchmark::sampleMemory);
    m_end.setSingleShot(true);
    connect(&m_end, &QTimer::timeout, this, &UiBenchmark::finish);
}

void UiBenchmark::interrupt()
{
    if (m_interrupted)
        return;
    m_interrupted = true;
    if (m_measuring) {
        m_end.stop();
        finish();
        return;
    }
    QTextStream(stdout) << QStringLiteral("Redlock Scope UI benchmark: %1 during the warm-up: "
                                          "nothing was measured\n")
                               .arg(BenchLoop::interruptedBy());
    fprintf(stderr, "redlockscope: UI benchmark %s\n", qPrintable(BenchLoop::interruptedBy()));
    const bool written =
        writeJson({{QStringLiteral("interrupted"), true}, {QStringLiteral("pass"), false}});
    emit finished(written ? Interruption::ExitCode : 2);
}

void UiBenchmark::start()
{
    BenchLoop::keepReportIfCut(m_options.jsonPath);
    connect(m_window->controller(), &EngineController::snapshotReady, this,
            &UiBenchmark::onSnapshot);
    connect(m_window, &MainWindow::frameDrawn, this, &UiBenchmark::onFrame);
    QTimer::singleShot(m_options.warmUpS * 1000, this, &UiBenchmark::beginMeasuring);
}

void UiBenchmark::beginMeasuring()
{
    m_measuring = true;
    m_wall.start();
    m_cpuStartUs = threadCpuUs();
    m_eventsStart = m_eventsLast;
    // Every widget's paint events pass here: the first one after a frame that showed a
    // new decision is the repaint that shows it.
    qApp->installEventFilter(this);
    sampleMemory();
    m_memoryTimer.start(1000);
    m_end.start(m_options.durationS * 1000);
}

void UiBenchmark::onSnapshot(const EngineSnapshot& snapshot)
{
    m_eventsLast = snapshot.eventCount;
    m_clients = int(snapshot.clients.size());
    if (m_measuring)
        ++m_snapshots;
}

void UiBenchmark::onFrame(qint64 shownDecisionUs)
{
    if (!m_measuring)
        return;
    ++m_frames;
    if (shownDecisionUs > m_lastShownDecisionUs) {
        m_lastShownDecisionUs = shownDecisionUs;
        m_pendingDecisionUs = shownDecisionUs;
    }
}

bool UiBenchmark::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Paint && m_pendingDecisionUs > 0 && watched->isWidgetType()) {
        m_lagUs.add(SteadyClock::instance().nowUs() - m_pendingDecisionUs);
        m_pendingDecisionUs = 0;
    }
    return false;
}

void UiBenchmark::sampleMemory()
{
    m_memory << qMakePair(m_wall.elapsed() / 1000.0, ProcessMemory::residentKb());
}

void UiBenchmark::finish()
{
    qApp->removeEventFilter(this);
    m_memoryTimer.stop();
    sampleMemory();
    const double seconds = m_wall.elapsed() / 1000.0;
    const double cpuShare = (threadCpuUs() - m_cpuStartUs) / 1e6 / seconds;
    const double eventsPerS = (m_eventsLast - m_eventsStart) / seconds;
    const double fps = m_frames / seconds;
    const qint64 peakKb = ProcessMemory::peakResidentKb();
    // Flat: from the first minute on the resident size grows by less than 5 % (or 2 MB).
    // The history and the event log are bounded rings that fill during the first minute,
    // so a shorter run shows the filling, not a leak: it is reported, not judged.
    const bool judged = m_options.durationS >= 90;
    const int referenceS = judged ? 60 : m_options.durationS / 2;
    const qint64 midKb = m_memory.value(qMin<qsizetype>(referenceS, m_memory.size() - 1)).second;
    const qint64 endKb = m_memory.last().second;
    const double growth = midKb > 0 ? double(endKb - midKb) / midKb : 0;
    const bool flat = endKb - midKb < 2048 || growth < 0.05;

    QTextStream out(stdout);
    out << QStringLiteral(
               "Redlock Scope UI benchmark: %1 clients, %2 s measured after %3 s warm-up%4\n")
               .arg(m_clients)
               .arg(seconds, 0, 'f', 1)
               .arg(m_options.warmUpS)
               .arg(m_interrupted
                        ? QStringLiteral(" (%1: nothing is judged)").arg(BenchLoop::interruptedBy())
                        : QString());
    const auto line = [&](const QString& what, const QString& value, const QString& target,
                          bool ok) {
        out << QStringLiteral("%1 %2  %3 %4\n")
                   .arg(what, -40)
                   .arg(value, 12)
                   .arg(target, -14)
                   .arg(target.isEmpty() ? QString()
                        : ok             ? QStringLiteral("PASS")
                                         : QStringLiteral("FAIL"));
    };
    line(QStringLiteral("engine events per second"), QString::number(eventsPerS, 'f', 0), {}, true);
    // The engine publishes at most one snapshot per frame (60/s): fewer means it fell behind.
    const double snapshotsPerS = m_snapshots / seconds;
    line(QStringLiteral("snapshots per second"), QString::number(snapshotsPerS, 'f', 1),
         QStringLiteral(">= 50"), snapshotsPerS >= 50);
    line(QStringLiteral("UI frames per second"), QString::number(fps, 'f', 1),
         QStringLiteral(">= 30"), fps >= 30);
    line(QStringLiteral("GUI thread CPU, share of one core"),
         QStringLiteral("%1 %").arg(cpuShare * 100, 0, 'f', 1), QStringLiteral("<= 30 %"),
         cpuShare <= 0.30);
    line(QStringLiteral("decision to repaint, p50 (ms)"),
         QString::number(m_lagUs.percentile(50) / 1000.0, 'f', 1), {}, true);
    line(QStringLiteral("decision to repaint, p99 (ms)"),
         QString::number(m_lagUs.percentile(99) / 1000.0, 'f', 1), QStringLiteral("<= 50"),
         m_lagUs.percentile(99) <= 50000);
    line(QStringLiteral("decisions measured"), QString::number(m_lagUs.count()), {}, true);
    line(QStringLiteral("peak memory (MB)"), QString::number(peakKb / 1024.0, 'f', 1), {}, true);
    line(QStringLiteral("memory, %1 s -> end (MB)").arg(referenceS),
         QStringLiteral("%1 -> %2").arg(midKb / 1024.0, 0, 'f', 1).arg(endKb / 1024.0, 0, 'f', 1),
         judged ? QStringLiteral("flat") : QString(), flat);
    if (!judged)
        out << QStringLiteral(
            "(memory is judged from the first minute on: --duration 90 or more)\n");
    out.flush();

    const bool pass = !m_interrupted && fps >= 30 && snapshotsPerS >= 50 && cpuShare <= 0.30 &&
                      m_lagUs.percentile(99) <= 50000 && (flat || !judged) && !m_lagUs.isEmpty();
    {
        QJsonArray memory;
        for (const auto& sample : std::as_const(m_memory))
            memory.append(QJsonArray{sample.first, sample.second});
        const QJsonObject report{{QStringLiteral("clients"), m_clients},
                                 {QStringLiteral("seconds"), seconds},
                                 {QStringLiteral("engine_events_per_s"), eventsPerS},
                                 {QStringLiteral("snapshots_per_s"), snapshotsPerS},
                                 {QStringLiteral("frames_per_s"), fps},
                                 {QStringLiteral("gui_cpu_share"), cpuShare},
                                 {QStringLiteral("lag_p50_ms"), m_lagUs.percentile(50) / 1000.0},
                                 {QStringLiteral("lag_p99_ms"), m_lagUs.percentile(99) / 1000.0},
                                 {QStringLiteral("peak_rss_kb"), peakKb},
                                 {QStringLiteral("rss_kb_over_time"), memory},
                                 {QStringLiteral("interrupted"), m_interrupted},
                                 {QStringLiteral("pass"), pass}};
        if (!writeJson(report)) {
            emit finished(2);
            return;
        }
    }
    if (m_interrupted) {
        fprintf(stderr, "redlockscope: UI benchmark %s\n", qPrintable(BenchLoop::interruptedBy()));
        emit finished(Interruption::ExitCode);
        return;
    }
    // As --bench: the exit code says whether every check passed.
    if (!pass)
        fprintf(stderr, "redlockscope: UI benchmark: a check failed%s\n",
                m_lagUs.isEmpty() ? " (no decision was measured)" : "");
    emit finished(pass ? 0 : 1);
}

bool UiBenchmark::writeJson(const QJsonObject& report)
{
    if (m_options.jsonPath.isEmpty())
        return true;
    QString error;
    if (BenchLoop::saveReport(m_options.jsonPath, report, &error))
        return true;
    fprintf(stderr, "redlockscope: %s\n", qPrintable(SafeText::printable(error)));
    return false;
}

qint64 UiBenchmark::threadCpuUs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}
