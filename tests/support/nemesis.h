// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QMap>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>
#include <QVector>

class EngineRunner;
struct NodeSnapshot;

// A seeded random nemesis for the soak (issue 7): it injects and heals faults through the
// command language, one action per step, and logs each with its time.
//
// It only injects faults under which Redlock's safety holds, so any overlap the checker
// reports is a real bug:
// - node faults: kill, restart (now or delayed), pause (until resumed or timed), latency,
//   drop, partition (from every client or some). Nodes must run with AOF always (the soak
//   sets it first): a node restarted without persistence forgets the keys it granted, which
//   breaks safety by design.
// - never a clock jump: a node whose keys expire early can give its vote to a second client
//   while the first still holds, with one jumped node enough for an overlap.
// - client faults: crash and restart only. A crashed client stops believing it holds; its
//   keys expire by their TTL. Never a client pause: a pause longer than the validity breaks
//   mutual exclusion by design (Kleppmann's GC pause) and the checker would rightly say so.
// - latency stays small (maxLatencyMs, fixed + jitter) next to the node timeout and the
//   validity, and at most maxFaultyNodes nodes are faulty at once (a node restarting or not
//   yet seen healthy counts as faulty), so a majority can always grant the lock.
class Nemesis
{
public:
    struct Options
    {
        quint64 seed = 1;
        int maxFaultyNodes = 2;
        int maxCrashedClients = 3;
        int maxLatencyMs = 20;
        int maxDropPercent = 40;
        int maxPauseMs = 1500;
        int maxRestartDelayMs = 3000;
        int minStepMs = 200;
        int maxStepMs = 1200;
    };

    explicit Nemesis(EngineRunner& engine, const Options& options);

    // One action: heal a fault, inject one, or crash / restart a client. False, with the
    // engine's answer, when the engine refused the command.
    bool step(QString* error);
    // How long to wait before the next step (from the seed).
    int nextPauseMs();
    // Ends every fault (restarts killed nodes, resumes paused ones, heals the network,
    // restarts crashed clients) and waits until the snapshot shows every node up, no fault
    // in force and no client crashed. False, with what is still wrong, after timeoutMs.
    bool healAll(int timeoutMs, QString* error);

    // Actions taken so far, by kind ("kill", "latency", "client crash", "heal", ...).
    const QMap<QString, int>& tally() const { return m_tally; }
    int injected() const { return m_injected; }

private:
    // What the nemesis did to a node and has not undone yet.
    struct NodeRecord
    {
        bool killed = false;    // needs a restart
        bool paused = false;    // needs a resume
        bool network = false;   // needs a heal
        qint64 busyUntilMs = 0; // a timed fault (pause MS, restart delayed MS) ends by itself
    };

    bool injectStep(QString* error);
    bool healStep(QString* error);
    bool clientStep(QString* error);
    bool injectProcessFault(int node, QString* error);
    bool injectNetworkFault(int node, QString* error);
    bool run(const QString& kind, const QString& line, QString* error);

    bool isFaulty(int node) const;
    bool needsHeal(int node) const;
    bool processFree(int node) const;
    int faultyCount() const;
    const NodeSnapshot* nodeSnapshot(int node) const;
    QStringList runningClients() const;
    QString unhealed() const;
    qint64 nowMs() const { return m_clock.elapsed(); }
    int pick(int count) { return int(m_random.bounded(count)); }
    int between(int low, int high) { return low + int(m_random.bounded(high - low + 1)); }

    EngineRunner& m_engine;
    Options m_options;
    QRandomGenerator m_random;
    QElapsedTimer m_clock;
    QVector<NodeRecord> m_nodes;
    QStringList m_crashed;
    QMap<QString, int> m_tally;
    int m_injected = 0;
};
