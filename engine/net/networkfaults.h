// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/constants.h"

#include <QHash>
#include <QSet>
#include <QString>

// The network faults of one node as the user set them, checked and told in words: partition
// (from every client or chosen ones), latency with jitter, drop, a client's own delay, a
// client's bytes held. Two places make them happen, each a subclass: NodeProxy, the loopback
// proxy that foreign clients, replication links and Sentinels go through, and FaultGate, the
// gate in the simulated clients' own connections. Both take the same calls and say the same
// words, so the engine and the tests drive either the same way (docs/proxy.md).
//
// Setters check their values (refused: false and lastError()), keep the setting and hand it
// to the subclass's apply hook, which puts it in force before the setter returns.
class NetworkFaults
{
public:
    virtual ~NetworkFaults();

    // The client's name as faultDescription() says it (e.g. "C2"); a later non-empty name
    // replaces it.
    void nameClient(int clientId, const QString& name);

    void setPartitioned(bool partitioned);                  // from every client
    void setPartitionedClients(const QSet<int>& clientIds); // replaces the set
    void setClientPartitioned(int clientId, bool partitioned);
    QSet<int> partitionedClients() const { return m_partitionedClients; }
    bool isClientPartitioned(int clientId) const;
    void heal(); // ends both kinds of partition; latency and drop stay

    // 0, 0 = none. False (and lastError()) for negative values or more than kMaxDelayMs.
    bool setLatency(int fixedMs, int jitterMs = 0);
    int latencyMs() const { return m_latencyMs; }
    int jitterMs() const { return m_jitterMs; }

    // Fraction of client commands discarded, 0..1. False (and lastError()) outside that range.
    bool setDropRate(double fraction);
    double dropRate() const { return m_dropRate; }

    // The network between client `clientId` and this node, as clients on other hosts have:
    // each request from it arrives `ms` (and up to 1 ms more) later. Not a fault: a setting.
    void setClientDelay(int clientId, int ms);

    // A stop-the-world pause of a client as the network sees it: its bytes wait, both ways.
    void setClientHeld(int clientId, bool held);
    bool isClientHeld(int clientId) const { return m_heldClients.contains(clientId); }

    // Seeds the jitter and drop draws, for reproducible scenario runs.
    void setRandomSeed(quint32 seed);

    void clearFaults(); // heal() + no latency + no drop

    // "partitioned from C2, C3; latency 40±20 ms; drop 30%", or "" when there is no fault.
    QString faultDescription() const;
    // Why the last setter failed; empty after a success.
    QString lastError() const { return m_lastError; }

    static constexpr int kMaxDelayMs = Constants::MaxNetworkDelayMs;

protected:
    NetworkFaults() = default;
    NetworkFaults(const NetworkFaults&) = delete;
    NetworkFaults& operator=(const NetworkFaults&) = delete;

    // Called once a setting changed, to put it in force.
    virtual void applyPartition(bool all, const QSet<int>& clientIds) = 0;
    virtual void applyLatency(int fixedMs, int jitterMs) = 0;
    virtual void applyDropRate(double fraction) = 0;
    virtual void applyClientDelay(int clientId, int ms) = 0;
    virtual void applyHeld(const QSet<int>& clientIds) = 0;
    virtual void applySeed(quint32 seed) = 0;

    void setLastError(const QString& error) { m_lastError = error; }
    QString clientName(int clientId) const;

private:
    void applyPartition() { applyPartition(m_partitionAll, m_partitionedClients); }

    QHash<int, QString> m_names;
    QString m_lastError;
    bool m_partitionAll = false;
    QSet<int> m_partitionedClients;
    int m_latencyMs = 0;
    int m_jitterMs = 0;
    double m_dropRate = 0.0;
    QSet<int> m_heldClients;
};
