// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/faultgate.h"

#include "net/gatedlink.h"

FaultGate::FaultGate(quint32 seed, QObject* parent) : QObject(parent), m_policy(seed) {}

FaultGate::~FaultGate() = default; // each link holds a QPointer to us: it sees us gone

void FaultGate::attach(GatedLink* link)
{
    m_links.append(link);
}

void FaultGate::detach(GatedLink* link)
{
    m_links.removeIf([link](const QPointer<GatedLink>& l) { return l.isNull() || l == link; });
}

// A partition acts on the next command and reply (and on what still waits out a latency):
// nothing to do now. A connection that started while cut stays one that reached nothing; the
// client's connect deadline replaces it, as a connection the proxy held back.
void FaultGate::applyPartition(bool all, const QSet<int>& clientIds)
{
    m_policy.setPartition(all, clientIds);
}

void FaultGate::applyLatency(int fixedMs, int jitterMs)
{
    m_policy.setLatency(fixedMs, jitterMs);
}

void FaultGate::applyDropRate(double fraction)
{
    m_policy.setDropRate(fraction);
}

void FaultGate::applyClientDelay(int clientId, int ms)
{
    m_policy.setClientDelay(clientId, ms);
}

void FaultGate::applyHeld(const QSet<int>& clientIds)
{
    m_policy.setHeld(clientIds);
    // A link may go away while another one hands on what it held (a reply's callback can
    // close a connection): each is looked at through its QPointer.
    const QList<QPointer<GatedLink>> links = m_links;
    for (const QPointer<GatedLink>& link : links)
        if (link)
            link->resume();
}

void FaultGate::applySeed(quint32 seed)
{
    m_policy.seed(seed);
}
