// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bench/benchnodes.h"
#include "bench/noderedlockscript.h"
#include "bench/roundtripcost.h"
#include "bench/serialceiling.h"
#include "model/engineconfig.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

class EnginePhase;
class QTextStream;

// `redlockscope --headless --bench --vs-node-redlock`: the app's simulated clients against
// node-redlock on the same workload, the same nodes, in one run (docs/benchmarks.md, "The
// benchmark"). 8 clients contend for one lock (TTL 10 s, node-redlock's retries) and each buys from
// the stock inside it. Phases, interleaved (app, direct, exposed, one client direct, one client
// exposed, then the other way round) so a drift in the machine's load weighs on all alike:
// - app: 8 simulated clients on a whole engine (the proxies, the history, the checker);
// - direct: node-redlock's 8 workers straight on the nodes (NodeRedlockScript);
// - exposed: the same through the app's exposed ports, judged by its checker;
// - one client, direct and exposed: a single worker, no contention, so its rate is its round
//   trips: what the exposed path costs a client near the wire;
// - one client through a bare relay (BareRelay): the same worker through a process that only
//   forwards bytes, what any hop in the middle costs on this machine, beside which the exposed
//   path's own cost is told.
// First it measures what the gate and the proxy cost a round trip (RoundTripCost), and the
// serial ceiling (SerialCeiling) before and after the phases. Judged: the app's
// acquisitions/s against node-redlock's best direct phase (target >= 1.05), the single client
// through the exposed ports against it directly (target >= 0.7), and the checker safe; each
// kind's rate is also told against the ceiling.
class NodeRedlockBenchmark
{
public:
    struct Options
    {
        EngineConfig config;
        int phaseSeconds = 10;
        int warmUpMs = 1000;
        int clients = 8;
        int rounds = 2;
        QString jsonPath;
    };

    explicit NodeRedlockBenchmark(const Options& options);

    // 0: the ratio reached its target (or node-redlock could not run: not judged) and the
    // checker found nothing; 1: a check failed; 2: could not run; 3: a signal stopped it.
    int run();

private:
    enum class Who
    {
        App,
        Direct,
        Exposed,
        DirectOne, // one worker, no contention
        ExposedOne,
        RelayedOne // one worker through a BareRelay
    };
    struct Phase
    {
        Who who = Who::App;
        double seconds = 0;
        double perSecond = 0;
        qint64 acquisitions = 0;
        qint64 failures = 0;
        qint64 recorded = 0;  // exposed: acquisitions the checker saw (warm-up included)
        qint64 purchases = 0; // node-redlock's, warm-up included
        qint64 errors = 0;    // node-redlock's purchases unanswered, connections reset
        QString firstError;
        int heldBefore = 0; // node-redlock: nodes where the lock was held before its first try
        qint64 heldForMs = 0;
        qint64 longestStallMs = 0; // the longest time in the window without an acquisition
        qint64 keptMinority = 0;   // node-redlock: failed acquires that kept nodes they won
        qint64 overlaps = 0;
        qint64 lostUpdates = 0;
        double p50Us = -1; // app: acquire latency
        double p99Us = -1;
        double engineCpuUsPerAcquisition = -1;
    };

    QList<Who> plannedPhases() const;
    EngineConfig appConfig() const;
    bool measureRoundTrips(QString* error);
    bool runPhase(Phase* phase, QString* error);
    qint64 pooled(Who who, qint64 Phase::*figure) const;
    bool runApp(Phase* phase, QString* error);
    NodeRedlockScript::Run scriptRun(const QList<NodeAddress>& nodes, const NodeAddress& storage,
                                     qint64 stock, int workers) const;
    bool runDirect(Phase* phase, QString* error);
    bool runExposed(Phase* phase, QString* error);
    bool runRelayed(Phase* phase, QString* error);
    void printRelayed(QTextStream& out);
    void printAdded(QTextStream& out) const;
    static std::optional<quint16> expose(EnginePhase& engine, int ports, QString* error);
    static void takeScriptFigures(const NodeRedlockScript::Result& r, Phase* phase);
    double pooledRate(Who who) const;
    double bestRate(Who who) const;
    bool runCeiling(QString* error);
    void printHeader(QTextStream& out) const;
    void printRoundTrips(QTextStream& out) const;
    static void printRoundTrips(const QString& title, const RoundTripCost::Figures& f,
                                QTextStream& out);
    static void print(const Phase& phase, QTextStream& out);
    static QString name(Who who);
    static bool exposed(Who who) { return who == Who::Exposed || who == Who::ExposedOne; }
    int workers(Who who) const;
    bool judgeRatio(QTextStream& out, const QString& what, Who of, Who against, double target,
                    const QString& key);
    static QJsonObject toJson(const Phase& phase);
    int judge(QTextStream& out);
    int finish(int code);
    int fail(const QString& what, const QString& error);

    Options m_options;
    BenchNodes m_nodes;
    NodeRedlockScript m_script;
    RoundTripCost::Figures m_roundTrips;     // one GET to node 1
    RoundTripCost::Figures m_roundTripsFive; // a GET to each of the five nodes at once
    QList<Phase> m_phases;
    SerialCeiling::Figures m_ceiling; // its runs pooled
    QJsonObject m_report;
    int m_phaseNumber = 0;
};
