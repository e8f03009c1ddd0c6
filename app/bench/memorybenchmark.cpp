// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/memorybenchmark.h"

#include "base/safetext.h"
#include "bench/benchloop.h"
#include "bench/processmemory.h"
#include "control/enginecontroller.h"
#include "interruption.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>
#include <algorithm>

namespace {
constexpr int StartTimeoutMs = 60000;
constexpr quint64 RingEvents = 100000; // History's capacity: the ring is full from here on
} // namespace

MemoryBenchmark::MemoryBenchmark(const Options& options) : m_options(options) {}

int MemoryBenchmark::run()
{
    BenchLoop::keepReportIfCut(m_options.jsonPath);
    QTextStream out(stdout);
    out << QStringLiteral("Redlock Scope memory benchmark: %1 clients on %2 nodes, not "
                          "recorded; memory read every %3 s for %4 s once the history's ring "
                          "(%5 events) is full\n")
               .arg(m_options.config.initialClients)
               .arg(m_options.config.nodeCount())
               .arg(SampleS)
               .arg(m_options.seconds)
               .arg(RingEvents);
    out.flush();
    EngineConfig config = m_options.config;
    config.recordPath.clear();
    config.recordToRunFolder = false;
    EngineController engine(config);
    quint64 events = 0;
    QObject::connect(&engine, &EngineController::snapshotReady, &engine,
                     [&events](const EngineSnapshot& s) { events = s.eventCount; });
    QString error;
    QElapsedTimer clock;
    clock.start();
    if (!BenchLoop::start(engine, StartTimeoutMs, &error)) {
        if (BenchLoop::interrupted())
            return report(true, out);
        QTextStream(stderr) << "redlockscope: " << SafeText::printable(error) << '\n';
        return 2;
    }
    while (events < RingEvents && clock.elapsed() < m_options.fillTimeoutS * 1000)
        if (!BenchLoop::runFor(200))
            return report(true, out);
    if (events < RingEvents) {
        QTextStream(stderr) << "redlockscope: the history's ring was not full after "
                            << m_options.fillTimeoutS << " s (" << events << " events)\n";
        return 2;
    }
    m_fillS = clock.elapsed() / 1000.0;
    out << QStringLiteral("the ring was full after %1 s\n     s    events   RSS MB  heap MB\n")
               .arg(m_fillS, 0, 'f', 1);
    out.flush();
    const quint64 events0 = events;
    clock.restart();
    for (;;) {
        const Sample s{clock.elapsed() / 1000.0, events, ProcessMemory::residentKb(),
                       ProcessMemory::heapInUseKb()};
        m_samples << s;
        out << QStringLiteral("%1 %2 %3 %4\n")
                   .arg(s.atS, 6, 'f', 0)
                   .arg(s.events, 9)
                   .arg(s.rssKb / 1024.0, 8, 'f', 1)
                   .arg(s.heapKb / 1024.0, 8, 'f', 1);
        out.flush();
        if (s.atS >= m_options.seconds)
            break;
        if (!BenchLoop::runFor(SampleS * 1000))
            return report(true, out);
    }
    m_eventsPerS = double(events - events0) / std::max(1.0, m_samples.last().atS);
    engine.shutdown();
    return report(false, out);
}

// Growth per minute from the first reading to the last (kB).
double MemoryBenchmark::growthKbPerMin(qint64 Sample::*field) const
{
    if (m_samples.size() < 2 || m_samples.last().atS <= 0)
        return 0;
    return double(m_samples.last().*field - m_samples.first().*field) /
           (m_samples.last().atS / 60.0);
}

int MemoryBenchmark::report(bool interrupted, QTextStream& out)
{
    QJsonArray samples;
    for (const Sample& s : std::as_const(m_samples))
        samples.append(QJsonObject{{QStringLiteral("s"), s.atS},
                                   {QStringLiteral("events"), double(s.events)},
                                   {QStringLiteral("rss_kb"), s.rssKb},
                                   {QStringLiteral("heap_kb"), s.heapKb}});
    const qint64 firstHeap = m_samples.isEmpty() ? 0 : m_samples.first().heapKb;
    const qint64 heapGrowth = m_samples.isEmpty() ? 0 : m_samples.last().heapKb - firstHeap;
    const bool flat = !m_samples.isEmpty() && heapGrowth <= MaxGrowth * double(firstHeap);
    const bool pass = !interrupted && flat && m_samples.size() >= 2;
    if (!interrupted && m_samples.size() >= 2) {
        out << QStringLiteral("%1 events/s; after the fill: heap %2 MB -> %3 MB (%4 MB/min), "
                              "RSS %5 MB -> %6 MB (%7 MB/min), peak RSS %8 MB: %9\n")
                   .arg(m_eventsPerS, 0, 'f', 0)
                   .arg(firstHeap / 1024.0, 0, 'f', 1)
                   .arg(m_samples.last().heapKb / 1024.0, 0, 'f', 1)
                   .arg(growthKbPerMin(&Sample::heapKb) / 1024.0, 0, 'f', 2)
                   .arg(m_samples.first().rssKb / 1024.0, 0, 'f', 1)
                   .arg(m_samples.last().rssKb / 1024.0, 0, 'f', 1)
                   .arg(growthKbPerMin(&Sample::rssKb) / 1024.0, 0, 'f', 2)
                   .arg(ProcessMemory::peakResidentKb() / 1024.0, 0, 'f', 1)
                   .arg(flat ? QStringLiteral("flat (heap within %1 %)").arg(MaxGrowth * 100)
                             : QStringLiteral("GROWS (heap more than %1 %)").arg(MaxGrowth * 100));
    } else if (interrupted) {
        out << QStringLiteral("%1 after %2 reading(s): no check is judged\n")
                   .arg(BenchLoop::interruptedBy())
                   .arg(m_samples.size());
    }
    out.flush();
    const QJsonObject json{{QStringLiteral("clients"), m_options.config.initialClients},
                           {QStringLiteral("fill_s"), m_fillS},
                           {QStringLiteral("events_per_s"), m_eventsPerS},
                           {QStringLiteral("heap_kb_per_min"), growthKbPerMin(&Sample::heapKb)},
                           {QStringLiteral("rss_kb_per_min"), growthKbPerMin(&Sample::rssKb)},
                           {QStringLiteral("peak_rss_kb"), ProcessMemory::peakResidentKb()},
                           {QStringLiteral("samples"), samples},
                           {QStringLiteral("interrupted"), interrupted},
                           {QStringLiteral("pass"), pass}};
    QString error;
    if (!BenchLoop::saveReport(m_options.jsonPath, json, &error)) {
        QTextStream(stderr) << "redlockscope: " << SafeText::printable(error) << '\n';
        return 2;
    }
    if (interrupted) {
        QTextStream(stderr) << "redlockscope: benchmark " << BenchLoop::interruptedBy() << '\n';
        return Interruption::ExitCode;
    }
    if (!pass)
        QTextStream(stderr) << "redlockscope: memory benchmark: the heap grew by "
                            << heapGrowth / 1024.0 << " MB after the ring was full\n";
    return pass ? 0 : 1;
}
