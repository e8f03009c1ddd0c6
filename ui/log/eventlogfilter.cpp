// SPDX-License-Identifier: GPL-3.0-or-later
#include "log/eventlogfilter.h"

#include "log/eventlogmodel.h"

EventLogFilter::EventLogFilter(QObject* parent) : QSortFilterProxyModel(parent)
{
    // Appends are filtered as they come; the log is never re-sorted.
    setDynamicSortFilter(true);
}

void EventLogFilter::setClient(int clientId)
{
    if (clientId == m_client)
        return;
    m_client = clientId;
    invalidateFilter();
}

void EventLogFilter::setNode(int nodeIndex)
{
    if (nodeIndex == m_node)
        return;
    m_node = nodeIndex;
    invalidateFilter();
}

void EventLogFilter::setKind(int kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    invalidateFilter();
}

bool EventLogFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_client != Any && index.data(EventLogModel::ClientIdRole).toInt() != m_client)
        return false;
    if (m_node != Any && index.data(EventLogModel::NodeIndexRole).toInt() != m_node)
        return false;
    if (m_kind != Any && index.data(EventLogModel::KindRole).toInt() != m_kind)
        return false;
    return true;
}
