// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/lockstrategy.h"

#include <QRandomGenerator>

LockStrategy::LockStrategy(QObject* parent)
    : QObject(parent),
      m_random([](int bound) { return int(QRandomGenerator::global()->bounded(bound)); })
{}

QList<int> LockStrategy::nodeOrder(int count) const
{
    if (m_nodeOrder.size() == count)
        return m_nodeOrder;
    QList<int> order;
    for (int i = 0; i < count; ++i)
        order << i;
    return order;
}

QList<int> LockStrategy::nodesUsed() const
{
    QList<int> nodes;
    for (int i = 0; i < nodeCount(); ++i)
        nodes << i;
    return nodes;
}

void LockStrategy::atHazard(Hazard hazard, std::function<void()> proceed)
{
    if (m_hazard)
        m_hazard(hazard, std::move(proceed));
    else
        proceed();
}
