// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>

class LocalFleet;
class RedisConnection;
class Redlock;
class ThrowawayCa;
struct NodeAddress;

// `redlockscope --headless --bench`: the acquire/release latency of our Redlock against
// the floor any multiplexed client has (one SET NX PX to all nodes at once, then one
// DEL), over the same connections and in the same run, healthy and with nodes frozen; then,
// on local nodes, the floor and the healthy Redlock again over TLS (nodes speaking TLS only,
// with a CA made for the run), beside the plain figures.
class Benchmark : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        EngineConfig config;
        int cycles = 3000; // measured cycles per healthy phase (after a warm-up)
        int frozenCycles = 1000;
        QString jsonPath; // where to write the JSON report; empty: none
    };

    explicit Benchmark(const Options& options, QObject* parent = nullptr);
    ~Benchmark() override;

    // Runs every phase and prints a table. Returns the process exit code: 0 when every
    // check passed (and the JSON, if asked for, was written), 1 when a check failed (each
    // failed one is named on stderr), 2 when it could not run or write its JSON, 3 when a
    // signal stopped it (the phases done are reported, the JSON says "interrupted").
    int run();
    const QJsonObject& report() const { return m_report; }

private:
    struct Phase;

    bool setUp(QString* error);
    bool connectTo(const QList<NodeAddress>& nodes, QString* error);
    void disconnectNodes();
    void measureTls();
    void printTls();
    int plainPhases() const;
    void measureFloor(const QString& name);
    void measureRedlock(const QString& name, int cycles);
    void measureNoQuorum();
    void freeze(int count);
    void thaw();
    bool waitAllReady(int timeoutMs);
    bool spin(const std::function<bool()>& done, int timeoutMs);
    int printAndStore(); // the exit code, as run()
    int reportInterrupted(int planned);
    void printTable();
    bool writeJson();
    void resetPeaks();
    int peakPending(int firstNode) const;

    Options m_options;
    LocalFleet* m_fleet = nullptr;
    QList<RedisConnection*> m_connections;
    Redlock* m_redlock = nullptr;
    QList<int> m_frozen; // node indexes we SIGSTOPped (always resumed)
    QJsonObject m_report;
    QList<std::shared_ptr<Phase>> m_phases;
    int m_tlsFirstPhase = -1; // the TLS floor's index (the healthy TLS phase follows)
    QString m_tlsSkipped;     // why the TLS phases did not run
    std::unique_ptr<ThrowawayCa> m_ca;
    LocalFleet* m_tlsFleet = nullptr;
};
