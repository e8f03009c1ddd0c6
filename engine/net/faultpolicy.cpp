// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/faultpolicy.h"

void FaultPolicy::setClientDelay(int clientId, int ms)
{
    if (ms > 0)
        m_clientDelayMs.insert(clientId, ms);
    else
        m_clientDelayMs.remove(clientId);
}

bool FaultPolicy::drawDrop()
{
    if (m_dropRate <= 0.0)
        return false;
    return m_dropRate >= 1.0 || m_random.generateDouble() < m_dropRate;
}

qint64 FaultPolicy::drawDelayUs(int clientId)
{
    qint64 delayUs = qint64(m_latencyMs) * 1000;
    if (m_jitterMs > 0)
        delayUs += qint64(m_random.bounded(quint32(m_jitterMs) * 1000u + 1u));
    // A client on another host: its own distance to this node, varying a little per packet
    // (up to a millisecond), as real networks do.
    if (const int clientMs = m_clientDelayMs.value(clientId); clientMs > 0)
        delayUs += qint64(clientMs) * 1000 + qint64(m_random.bounded(1001u));
    return delayUs;
}
