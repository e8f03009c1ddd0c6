// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"

#include <QList>
#include <QString>

class QTextStream;

// `redlockscope --headless --bench-memory`: whether the engine's memory stays flat on a long
// run with many clients (issue 32: with 200 clients it rose for as long as the run went on).
//
// 200 clients (--clients) buy on five local nodes, the run not recorded (a run file is the
// disk's, not the memory's). The history keeps its newest 100,000 events by design, so the
// memory rises until that ring is full; from then on RSS and the heap in use (malloc's own
// count: a leak grows it, fragmentation does not) are read every SampleS seconds for
// --duration seconds (default 600). The figures: each reading, and the growth from the first
// to the last in MB per minute. The check: the heap grew by at most MaxGrowth of the first
// reading (the rounds under way, the sockets' buffers and the tokens kept vary with timing;
// a leak of a few bytes per event grows without end, at thousands of events a second).
class MemoryBenchmark
{
public:
    struct Options
    {
        EngineConfig config;
        int seconds = 600;      // measured after the ring is full
        int fillTimeoutS = 600; // the ring must fill within this
        QString jsonPath;
    };

    static constexpr int SampleS = 10;
    static constexpr double MaxGrowth = 0.05;

    explicit MemoryBenchmark(const Options& options);

    // Prints the figures; 0 when the heap stayed flat, 1 when it grew, 2 when it could not
    // run, 3 when a signal stopped it (the readings so far printed, no check judged).
    int run();

private:
    struct Sample
    {
        double atS = 0; // since the ring was full
        quint64 events = 0;
        qint64 rssKb = 0;
        qint64 heapKb = 0;
    };

    int report(bool interrupted, QTextStream& out);
    double growthKbPerMin(qint64 Sample::*field) const;

    Options m_options;
    QList<Sample> m_samples;
    double m_fillS = 0;
    double m_eventsPerS = 0;
};
