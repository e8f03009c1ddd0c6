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
