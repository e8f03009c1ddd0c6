// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/recordbenchmark.h"

#include "base/safetext.h"
#include "bench/benchloop.h"
#include "bench/threadcpu.h"
#include "control/enginecontroller.h"
#include "interruption.h"
#include "record/runreader.h"
#include "record/runwriter.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTextStream>
#include <algorithm>
#include <ctime>
#include <unistd.h>

namespace {
constexpr int StartTimeoutMs = 30000;

} // namespace

RecordBenchmark::RecordBenchmark(const Options& options) : m_options(options) {}

bool RecordBenchmark::runPhase(bool recording, const QString& path, Phase* phase, QString* error)
{
    EngineConfig config = m_options.config;
    config.recordPath = recording ? path : QString();
    config.recordToRunFolder = false;
    EngineController engine(config);
    quint64 events = 0;
    QObject::connect(&engine, &EngineController::snapshotReady, &engine,
                     [&](const EngineSnapshot& s) { events = s.eventCount; });
    if (!BenchLoop::start(engine, StartTimeoutMs, error))
        return false;
    const bool warm = BenchLoop::runFor(m_options.warmUpSeconds * 1000);
    const quint64 events0 = events;
    const qint64 cpu0 = ThreadCpu::us("engine");
    const qint64 writer0 = ThreadCpu::us("runwriter");
    QElapsedTimer clock;
    clock.start();
    if (!warm || !BenchLoop::runFor(m_options.phaseSeconds * 1000)) {
        *error = BenchLoop::interruptedBy(); // a phase cut short is not reported
        return false;
    }
    const double seconds = clock.elapsed() / 1000.0;
    const quint64 counted = events - events0;
    phase->recording = recording;
    phase->eventsPerSecond = counted / seconds;
    phase->engineCpuUsPerEvent =
        double(ThreadCpu::us("engine") - cpu0) / std::max<quint64>(1, counted);
    if (recording)
        phase->writerCpuShare = (ThreadCpu::us("runwriter") - writer0) / 1e6 / seconds;
    engine.shutdown();
    phase->reportedEvents = events;
    if (recording) {
        const auto run = RunReader::read(path, error);
        if (!run)
            return false;
        phase->fileEvents = run->events.size() + run->skippedLines;
        phase->fileBytes = QFileInfo(path).size();
    }
    return true;
}

double RecordBenchmark::handOffNs(const QString& path)
{
    constexpr int Count = 200'000;
    RunWriter writer(path, RunHeader());
    QString error;
    if (!writer.open(&error))
        return -1;
    // A typical event: a node's answer naming the holder's token.
    HistoryEvent e = HistoryEvent::forClient(HistoryEvent::Kind::NodeAnswer, 7,
                                             HistoryEvent::Operation::Acquire, 30064771081);
    e.node = 3;
    e.code = 2;
    e.latencyUs = 812;
    e.token = QByteArray(40, 'f');
    e.resource = "stock-lock";
    // This thread's CPU time, not the wall clock: on a loaded machine the wall clock also
    // counts the time other processes had the core.
    timespec start{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    for (int i = 0; i < Count; ++i) {
        e.tUs = i;
        writer.take(e);
    }
    timespec end{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end);
    const double ns =
        (double(end.tv_sec - start.tv_sec) * 1e9 + double(end.tv_nsec - start.tv_nsec)) / Count;
    writer.finish();
    return ns;
}

void RecordBenchmark::print(const Phase& phase, QTextStream& out)
{
    out << QStringLiteral("  %1  %2 events/s  engine %3 µs CPU/event")
               .arg(phase.recording ? QStringLiteral("recording") : QStringLiteral("not recorded"),
                    -12)
               .arg(phase.eventsPerSecond, 8, 'f', 0)
               .arg(phase.engineCpuUsPerEvent, 6, 'f', 2);
    if (phase.recording)
        out << QStringLiteral("  writer %1 % of a core  file %2 events, %3 MB (engine "
                              "reported %4)")
                   .arg(phase.writerCpuShare * 100, 0, 'f', 1)
                   .arg(phase.fileEvents)
                   .arg(phase.fileBytes / 1e6, 0, 'f', 1)
                   .arg(phase.reportedEvents);
    out << '\n';
    out.flush();
}

int RecordBenchmark::run()
{
    QTemporaryDir dir;
    QTextStream out(stdout);
    out << QStringLiteral("Redlock Scope recording benchmark: %1 clients without work or think "
                          "time, %2 s per phase after %3 s warm-up, phases off/on x %4\n")
               .arg(m_options.config.initialClients)
               .arg(m_options.phaseSeconds)
               .arg(m_options.warmUpSeconds)
               .arg(m_options.rounds);
    out.flush();
    for (int round = 0; round < m_options.rounds; ++round) {
        for (bool recording : {false, true}) {
            Phase phase;
            QString error;
            const QString path = dir.filePath(QStringLiteral("run-%1.jsonl").arg(round));
            if (!runPhase(recording, path, &phase, &error)) {
                if (BenchLoop::interrupted()) {
                    out << QStringLiteral("%1 after %2 of %3 phases: no verdict\n")
                               .arg(BenchLoop::interruptedBy())
                               .arg(m_phases.size())
                               .arg(m_options.rounds * 2);
                    out.flush();
                    QTextStream(stderr)
                        << "redlockscope: benchmark " << BenchLoop::interruptedBy() << '\n';
                    return Interruption::ExitCode;
                }
                QTextStream(stderr) << "redlockscope: " << SafeText::printable(error) << '\n';
                return 2;
            }
            print(phase, out);
            m_phases << phase;
        }
    }
    return verdict(dir.filePath(QStringLiteral("handoff.jsonl")), out);
}

// Two measures of one cost. The A/B ratio of events per second is what the target names,
// but on a shared machine identical phases alone can differ by more than 5 %; it decides
// only when the phases without recording agree within the target. The direct measure
// always counts: what the engine thread does per event to hand it over (timed in a loop)
// against its CPU time per event, plus the writer thread's share of a core.
int RecordBenchmark::verdict(const QString& scratch, QTextStream& out) const
{
    QList<double> ratios; // per round: recording / not
    QList<double> offRates;
    double cpuOff = 0, writer = 0;
    bool complete = true;
    for (qsizetype i = 0; i + 1 < m_phases.size(); i += 2) {
        const Phase& off = m_phases[i];
        const Phase& on = m_phases[i + 1];
        ratios << on.eventsPerSecond / std::max(1.0, off.eventsPerSecond);
        offRates << off.eventsPerSecond;
        cpuOff += off.engineCpuUsPerEvent / m_options.rounds;
        writer += on.writerCpuShare / m_options.rounds;
        complete = complete && on.fileEvents >= on.reportedEvents;
    }
    std::sort(ratios.begin(), ratios.end());
    std::sort(offRates.begin(), offRates.end());
    const double median = ratios.value(ratios.size() / 2, 0);
    const double noise = 1 - offRates.first() / std::max(1.0, offRates.last());
    const bool quiet = noise <= m_options.maxCost;
    const double abCost = 1 - median;
    const auto verdictWord = [](bool ok) {
        return ok ? QStringLiteral("PASS") : QStringLiteral("FAIL");
    };
    out << QStringLiteral("A/B: median of the rounds' ratios (recording / not) %1, rounds from %2 "
                          "to %3; the phases without recording differ by up to %4 % among "
                          "themselves\n")
               .arg(median, 0, 'f', 3)
               .arg(ratios.first(), 0, 'f', 3)
               .arg(ratios.last(), 0, 'f', 3)
               .arg(noise * 100, 0, 'f', 0);
    if (quiet)
        out << QStringLiteral("  cost %1 %, target <= %2 %  %3\n")
                   .arg(abCost * 100, 0, 'f', 1)
                   .arg(m_options.maxCost * 100, 0, 'f', 0)
                   .arg(verdictWord(abCost <= m_options.maxCost));
    else
        out << QStringLiteral("  too noisy here to judge %1 % (information only)\n")
                   .arg(m_options.maxCost * 100, 0, 'f', 0);
    const double handOff = handOffNs(scratch);
    const double direct = handOff / 1000 / std::max(1e-9, cpuOff) + writer;
    out << QStringLiteral("direct: hand-off on the engine thread %1 ns per event = %2 % of its "
                          "%3 µs CPU per event; writer thread %4 % of a core; together %5 %, "
                          "target <= %6 %  %7\n")
               .arg(handOff, 0, 'f', 0)
               .arg(handOff / 1000 / std::max(1e-9, cpuOff) * 100, 0, 'f', 2)
               .arg(cpuOff, 0, 'f', 1)
               .arg(writer * 100, 0, 'f', 2)
               .arg(direct * 100, 0, 'f', 2)
               .arg(m_options.maxCost * 100, 0, 'f', 0)
               .arg(verdictWord(direct <= m_options.maxCost));
    out << QStringLiteral("every event reported by the engine is in the file: %1\n")
               .arg(complete ? QStringLiteral("yes") : QStringLiteral("NO"));
    const bool pass =
        complete && direct <= m_options.maxCost && (!quiet || abCost <= m_options.maxCost);
    return pass ? 0 : 1;
}
