// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bench/benchnodes.h"
#include "bench/serialceiling.h"
#include "model/engineconfig.h"
#include "model/strategy.h"

#include <QJsonObject>
#include <QList>
#include <QString>

class QTextStream;

// `redlockscope --headless --bench --strategies LIST|all` and `--bench --contention`: the
// whole engine (its thread, its clients, the stock on the storage node) run for a few
// seconds per phase with no work and no think time, first with one client, then with
// several contending for one resource, against the same nodes in one run. With --contention
// also the serial ceiling (SerialCeiling: the same purchases in a plain C loop on hiredis),
// before and after the app's phases, which the contending clients are judged against. What
// each phase measures, the retry policy of each mode and why, and what is judged:
// docs/benchmarks.md, "The benchmark".
class StrategyBenchmark
{
public:
    struct Options
    {
        EngineConfig config;
        QList<Strategy::Kind> strategies;
        int contendedClients = 8;
        int phaseSeconds = 3;
        int warmUpMs = 1000;
        bool contention = false; // --contention: judge 8 clients against one (Redlock)
        QString jsonPath;
    };

    explicit StrategyBenchmark(const Options& options);
    ~StrategyBenchmark();

    // Prints a table (and writes the JSON). 0: every phase ran (and, with contention, the
    // contending clients bought at least 0.9 of the ceiling's rate), 1: a check failed, 2:
    // could not run, 3: a signal stopped it (the phases done are printed; the JSON says
    // "interrupted").
    int run();

private:
    struct Retry
    {
        int delayMs = 1;
        int jitterMs = 1;
        bool operator==(const Retry&) const = default;
    };
    struct Phase
    {
        Strategy::Kind kind = Strategy::Kind::Redlock;
        int clients = 1;
        Retry retry;
        double seconds = 0;
        double acquisitionsPerSecond = 0;
        double purchasesPerSecond = 0;
        double releasesPerSecond = 0;
        double p50Us = -1; // -1: no acquire to measure (none, watch)
        double p99Us = -1;
        LatencyStats acquireUs;
        double engineCpuUsPerCycle = 0;
        double handOversPerSecond = 0;     // acquisitions by another client than the last one
        double attemptsPerAcquisition = 0; // every SET round, won or lost
        qint64 failures = 0;
        qint64 conflicts = 0;
        qint64 splitVotes = 0;
        qint64 overlaps = 0;
        qint64 lostUpdates = 0;
    };

    bool runPhase(Phase* phase, QString* error);
    EngineConfig phaseConfig(Strategy::Kind kind, int clients, Retry retry) const;
    QList<Phase> plannedPhases() const;
    Retry userRetry() const;
    Phase pooled(int clients, Retry retry) const;
    bool warmUp(QString* error);
    static void print(const Phase& phase, QTextStream& out);
    static QJsonObject toJson(const Phase& phase);
    int judge(QTextStream& out);
    bool runWaitPhases(QString* error);
    bool runCeiling(QString* error);
    void printCeiling(const SerialCeiling::Figures& figures, QTextStream& out) const;
    SerialCeiling::Figures pooledCeiling() const;
    bool writeJson(QString* error) const;
    int reportInterrupted(qsizetype planned);

    Options m_options;
    BenchNodes m_nodes;
    QList<Phase> m_phases;
    QList<SerialCeiling::Figures> m_ceilings;
    QJsonObject m_report;
    int m_phaseNumber = 0;
};
