// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QRandomGenerator>
#include <QSet>

// The network faults of one node as rules, and the random stream they draw from: who is cut
// off, how long a request waits, which command is lost, whose bytes are held. Both places
// where those faults act on traffic ask it: the per-node proxy (ProxyWorker, for foreign
// clients and replication links) and the fault gate in a simulated client's own connection
// (FaultGate). What each rule means on the wire: docs/proxy.md, "Faults".
//
// Draws happen in the order the traffic asks: per command for a drop (none at 0% or 100%),
// per chunk for a delay (the jitter, then a client's own delay). So one seed gives one
// sequence of choices, whichever of the two places applies them.
class FaultPolicy
{
public:
    explicit FaultPolicy(quint32 seed = 0) : m_random(seed) {}

    void setPartition(bool all, const QSet<int>& clientIds)
    {
        m_partitionAll = all;
        m_partitionedClients = clientIds;
    }
    bool isCut(int clientId) const
    {
        return m_partitionAll || m_partitionedClients.contains(clientId);
    }

    void setLatency(int fixedMs, int jitterMs)
    {
        m_latencyMs = fixedMs;
        m_jitterMs = jitterMs;
    }
    int latencyMs() const { return m_latencyMs; }

    // The network between one client and this node (netdelay): its own delay, 0 for none.
    void setClientDelay(int clientId, int ms);
    void forgetClient(int clientId) { m_clientDelayMs.remove(clientId); }

    void setDropRate(double fraction) { m_dropRate = fraction; }
    double dropRate() const { return m_dropRate; }

    // A stop-the-world pause of these clients as the network sees it: their bytes wait, both
    // ways. Client ids above 0 only (0 is "nobody's yet").
    void setHeld(const QSet<int>& clientIds) { m_heldClients = clientIds; }
    bool isHeld(int clientId) const { return clientId > 0 && m_heldClients.contains(clientId); }

    void seed(quint32 seed) { m_random.seed(seed); }

    // Whether the next command is lost (a draw only while 0 < rate < 1).
    bool drawDrop();
    // How much later the next chunk of `clientId`'s requests reaches the node, in µs: the
    // latency, a uniform 0..jitter ms, and the client's own delay with up to 1 ms more.
    qint64 drawDelayUs(int clientId);

private:
    bool m_partitionAll = false;
    QSet<int> m_partitionedClients;
    int m_latencyMs = 0;
    int m_jitterMs = 0;
    QHash<int, int> m_clientDelayMs;
    double m_dropRate = 0.0;
    QSet<int> m_heldClients;
    QRandomGenerator m_random;
};
