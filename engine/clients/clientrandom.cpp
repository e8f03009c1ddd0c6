// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/clientrandom.h"

#include "model/clientsettings.h"

#include <algorithm>

void ClientRandom::seed(quint64 seed)
{
    m_seed = seed;
    m_generator.seed(seed);
}

QList<int> ClientRandom::nodeOrder(int nodeCount)
{
    QList<int> order;
    for (int i = 0; i < nodeCount; ++i)
        order << i;
    std::shuffle(order.begin(), order.end(), m_generator);
    return order;
}

int ClientRandom::workTimeMs(const ClientSettings& settings)
{
    if (settings.workMaxMs <= settings.workMinMs)
        return settings.workMinMs;
    return settings.workMinMs + bounded(settings.workMaxMs - settings.workMinMs + 1);
}

QList<int> ClientRandom::networkDelays(int nodeCount, int netDelayMs) const
{
    QRandomGenerator draw(m_seed ^ 0xD1B54A32D192ED03ULL);
    QList<int> delays;
    for (int i = 0; i < nodeCount; ++i)
        delays << (netDelayMs > 0 ? int(draw.bounded(netDelayMs + 1)) : 0);
    return delays;
}
