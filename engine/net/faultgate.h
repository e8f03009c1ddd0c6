// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/faultpolicy.h"
#include "net/networkfaults.h"

#include <QList>
#include <QObject>
#include <QPointer>

class GatedLink;

// The network faults of ONE node for the app's simulated clients, made where each client's
// RedisConnection writes to and reads from the node's socket: the clients connect straight to
// the node, and their connections pass their commands and replies through a GatedLink of this
// gate. The rules are the proxy's (FaultPolicy; docs/proxy.md, "Faults"), drawn from one
// random stream per node as the proxy's local worker drew them, so a seeded run makes the
// same choices either way; the foreign clients, replication links and Sentinels keep going
// through the node's NodeProxy, which FleetNode gives the same faults.
//
// Lives in the engine thread with the connections it gates; setters are in force for the
// next command or reply when they return.
class FaultGate : public QObject, public NetworkFaults
{
    Q_OBJECT

public:
    explicit FaultGate(quint32 seed = 0, QObject* parent = nullptr);
    ~FaultGate() override; // its links pass everything from then on

    // The client left: its own delay goes with it.
    void forgetClient(int clientId) { m_policy.forgetClient(clientId); }

    FaultPolicy& policy() { return m_policy; }
    // Each connection's link joins while it lives (GatedLink does both).
    void attach(GatedLink* link);
    void detach(GatedLink* link);

protected:
    void applyPartition(bool all, const QSet<int>& clientIds) override;
    void applyLatency(int fixedMs, int jitterMs) override;
    void applyDropRate(double fraction) override;
    void applyClientDelay(int clientId, int ms) override;
    void applyHeld(const QSet<int>& clientIds) override;
    void applySeed(quint32 seed) override;

private:
    FaultPolicy m_policy;
    QList<QPointer<GatedLink>> m_links;
};
