// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"

#include <QList>
#include <QString>

// `redlockscope --headless --bench-record`: what recording a run to disk costs the engine.
//
// The same load runs in alternating phases without and with recording (off, on, off, on:
// drift on a shared machine falls on both sides), each with a fresh engine and fresh local
// nodes: many clients with no work and no think time, so the engine thread is busy all the
// time and any cost of recording shows as fewer events per second. Measured per phase: the
// engine's events per second, and the engine thread's CPU time per event (from
// /proc/self/task, steadier than a rate on a machine others use). Recorded phases also read
// their file back: it must hold every event the engine reported. On a machine others use,
// rates swing by tens of percent between identical phases, so the engine thread's share is
// also measured directly: the hand-off (take()) timed in a loop, against the engine's CPU
// time per event, plus the writer thread's CPU. See verdict().
class RecordBenchmark
{
public:
    struct Options
    {
        EngineConfig config;
        int phaseSeconds = 8;
        int warmUpSeconds = 3;
        int rounds = 5;
        double maxCost = 0.05; // recording may cost at most 5 % of the events per second
    };

    explicit RecordBenchmark(const Options& options);

    // Prints the figures; 0 when recording cost at most maxCost and lost nothing, 1 when
    // not, 2 when it could not run, 3 when a signal stopped it (the phases done printed).
    int run();

private:
    struct Phase
    {
        bool recording = false;
        double eventsPerSecond = 0;
        double engineCpuUsPerEvent = 0;
        double writerCpuShare = 0;  // of one core
        quint64 reportedEvents = 0; // the engine's count at its last snapshot
        quint64 fileEvents = 0;     // what the file holds
        qint64 fileBytes = 0;
    };

    bool runPhase(bool recording, const QString& path, Phase* phase, QString* error);
    // What the engine thread pays per event: RunWriter::take() timed in a tight loop.
    static double handOffNs(const QString& path);
    int verdict(const QString& scratch, class QTextStream& out) const;
    static void print(const Phase& phase, QTextStream& out);

    Options m_options;
    QList<Phase> m_phases;
};
