// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/engineconfig.h"
#include "model/enginesnapshot.h"
#include "model/latencystats.h"

#include <QElapsedTimer>
#include <QString>
#include <memory>
#include <optional>

class EngineController;

// One benchmark phase on a whole engine of its own (its thread, its clients, the stock on the
// storage): started, given its stock and its buyers, then measured between beginMeasuring()
// and endMeasuring() while the caller runs the event loop. What it counts comes from the
// snapshots, as the window would see it: the checker's counters, every acquire's latency, the
// hand-overs and the attempts, and the engine thread's CPU time.
class EnginePhase
{
public:
    struct Figures
    {
        double seconds = 0;
        qint64 acquisitions = 0; // by the checker, simulated and foreign clients alike
        qint64 sales = 0;
        qint64 failures = 0;
        qint64 conflicts = 0;
        qint64 splitVotes = 0;
        qint64 overlaps = 0; // of the whole run, warm-up included: a verdict, not a rate
        qint64 lostUpdates = 0;
        qint64 handOvers = 0; // acquisitions by another client than the one before
        qint64 attempts = 0;  // every round of SET NX PX, won or lost
        qint64 engineCpuUs = 0;
        qint64 longestStallMs = 0; // the longest time measured without an acquisition, to a frame
        LatencyStats acquireUs;
    };

    explicit EnginePhase(const EngineConfig& config);
    ~EnginePhase();

    // Starts the engine, sets the stock, adds `clients` buyers. False (and *error) when it
    // did not start in time, failed or a signal came.
    bool start(qint64 stock, int clients, QString* error);
    // Runs one line of the command language and waits for its answer: true when it was done,
    // false (and *error: the answer, or why none came) when refused.
    bool command(const QString& line, QString* error);
    // A whole phase of simulated buyers: start(), `warmUpMs` not counted, `seconds` measured,
    // finish(). Nothing (and *error) when it did not start or a signal cut it short.
    std::optional<Figures> measure(qint64 stock, int clients, int warmUpMs, int seconds,
                                   QString* error);
    void beginMeasuring();
    void endMeasuring();
    // Lets the last snapshot of the phase in, stops the engine and returns what was measured.
    Figures finish();

private:
    void onSnapshot(const EngineSnapshot& snapshot);
    void closeStall();

    std::unique_ptr<EngineController> m_engine;
    bool m_measuring = false;
    CheckCounters m_counters; // the newest snapshot's
    CheckCounters m_before;
    CheckCounters m_after;
    QElapsedTimer m_clock;
    qint64 m_cpu0 = 0;
    int m_lastHolder = -1;
    qint64 m_stallStartMs = 0; // the window's start, or the snapshot of its last acquisition
    Figures m_figures;
};
