// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/networkfaults.h"

#include <QList>
#include <QStringList>
#include <algorithm>

NetworkFaults::~NetworkFaults() = default;

void NetworkFaults::nameClient(int clientId, const QString& name)
{
    if (!name.isEmpty())
        m_names.insert(clientId, name);
}

QString NetworkFaults::clientName(int clientId) const
{
    const QString name = m_names.value(clientId);
    return name.isEmpty() ? QStringLiteral("client %1").arg(clientId) : name;
}

bool NetworkFaults::isClientPartitioned(int clientId) const
{
    return m_partitionAll || m_partitionedClients.contains(clientId);
}

void NetworkFaults::setPartitioned(bool partitioned)
{
    if (m_partitionAll == partitioned)
        return;
    m_partitionAll = partitioned;
    applyPartition();
}

void NetworkFaults::setPartitionedClients(const QSet<int>& clientIds)
{
    if (m_partitionedClients == clientIds)
        return;
    m_partitionedClients = clientIds;
    applyPartition();
}

void NetworkFaults::setClientPartitioned(int clientId, bool partitioned)
{
    QSet<int> clientIds = m_partitionedClients;
    if (partitioned)
        clientIds.insert(clientId);
    else
        clientIds.remove(clientId);
    setPartitionedClients(clientIds);
}

void NetworkFaults::heal()
{
    if (!m_partitionAll && m_partitionedClients.isEmpty())
        return;
    m_partitionAll = false;
    m_partitionedClients.clear();
    applyPartition();
}

bool NetworkFaults::setLatency(int fixedMs, int jitterMs)
{
    if (fixedMs < 0 || jitterMs < 0 || qint64(fixedMs) + jitterMs > kMaxDelayMs) {
        m_lastError = QStringLiteral("latency must be 0 or more ms and at most %1 ms in all "
                                     "(fixed + jitter), got %2 + %3 ms")
                          .arg(kMaxDelayMs)
                          .arg(fixedMs)
                          .arg(jitterMs);
        return false;
    }
    m_lastError.clear();
    if (fixedMs == m_latencyMs && jitterMs == m_jitterMs)
        return true;
    m_latencyMs = fixedMs;
    m_jitterMs = jitterMs;
    applyLatency(fixedMs, jitterMs);
    return true;
}

bool NetworkFaults::setDropRate(double fraction)
{
    if (!(fraction >= 0.0 && fraction <= 1.0)) { // also refuses NaN
        m_lastError = QStringLiteral("drop rate must be between 0 and 1, got %1").arg(fraction);
        return false;
    }
    m_lastError.clear();
    if (fraction == m_dropRate)
        return true;
    m_dropRate = fraction;
    applyDropRate(fraction);
    return true;
}

void NetworkFaults::setClientDelay(int clientId, int ms)
{
    applyClientDelay(clientId, ms);
}

void NetworkFaults::setClientHeld(int clientId, bool held)
{
    if (held)
        m_heldClients.insert(clientId);
    else
        m_heldClients.remove(clientId);
    applyHeld(m_heldClients);
}

void NetworkFaults::setRandomSeed(quint32 seed)
{
    applySeed(seed);
}

void NetworkFaults::clearFaults()
{
    heal();
    setLatency(0, 0);
    setDropRate(0.0);
}

QString NetworkFaults::faultDescription() const
{
    QStringList parts;
    if (m_partitionAll) {
        parts << QStringLiteral("partitioned from all clients");
    } else if (!m_partitionedClients.isEmpty()) {
        QList<int> ids(m_partitionedClients.cbegin(), m_partitionedClients.cend());
        std::sort(ids.begin(), ids.end());
        QStringList names;
        for (int id : ids)
            names << clientName(id);
        parts << QStringLiteral("partitioned from ") + names.join(QStringLiteral(", "));
    }
    if (m_jitterMs > 0)
        parts << QStringLiteral("latency %1\u00b1%2 ms").arg(m_latencyMs).arg(m_jitterMs);
    else if (m_latencyMs > 0)
        parts << QStringLiteral("latency %1 ms").arg(m_latencyMs);
    if (m_dropRate > 0.0)
        parts << QStringLiteral("drop %1%").arg(QString::number(m_dropRate * 100.0, 'g', 3));
    return parts.join(QStringLiteral("; "));
}
