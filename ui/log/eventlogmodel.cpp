// SPDX-License-Identifier: GPL-3.0-or-later
#include "log/eventlogmodel.h"

#include "widgets/enumtext.h"

#include <QColor>

EventLogModel::EventLogModel(int capacity, QObject* parent)
    : QAbstractTableModel(parent), m_capacity(qMax(1, capacity))
{
    m_ring.resize(size_t(m_capacity));
}

void EventLogModel::appendEvents(const QList<HistoryEvent>& events)
{
    if (events.isEmpty())
        return;
    for (const HistoryEvent& e : events)
        m_text.learn(e);
    if (events.size() >= m_capacity) {
        // More than the log holds: keep the newest; a reset is cheaper than two batches.
        beginResetModel();
        const qsizetype first = events.size() - m_capacity;
        for (int i = 0; i < m_capacity; ++i)
            m_ring[size_t(i)] = events[first + i];
        m_start = 0;
        m_count = m_capacity;
        endResetModel();
        return;
    }
    const int n = int(events.size());
    const int overflow = m_count + n - m_capacity;
    if (overflow > 0) {
        beginRemoveRows({}, 0, overflow - 1);
        m_start = (m_start + overflow) % m_capacity;
        m_count -= overflow;
        endRemoveRows();
    }
    beginInsertRows({}, m_count, m_count + n - 1);
    for (int i = 0; i < n; ++i)
        m_ring[size_t((m_start + m_count + i) % m_capacity)] = events[i];
    m_count += n;
    endInsertRows();
}

void EventLogModel::clear()
{
    beginResetModel();
    m_start = 0;
    m_count = 0;
    endResetModel();
}

const HistoryEvent& EventLogModel::eventAt(int row) const
{
    return m_ring[size_t((m_start + row) % m_capacity)];
}

int EventLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_count;
}

int EventLogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void EventLogModel::setLegend(const ClientLegend& legend)
{
    m_legend = legend;
    for (int id : legend.ids())
        m_text.setClientName(id, legend.name(id));
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_count)
        return {};
    const HistoryEvent& e = eventAt(index.row());
    switch (role) {
    case ClientIdRole:
        return e.client;
    case NodeIndexRole:
        return e.node;
    case KindRole:
        return int(e.kind);
    case TimeUsRole:
        return e.tUs;
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return QString::number(e.tUs / 1e6, 'f', 3);
        case KindColumn:
            return EnumText::event(e); // in the reader's language, not the history's names
        case ClientColumn:
            return e.client < 0 ? QString() : m_legend.name(e.client);
        case NodeColumn:
            if (e.node == HistoryEvent::StorageNode)
                return tr("storage");
            return e.node < 0 ? QString() : QString::number(nodeNumber(e.node));
        case DetailColumn:
            return m_text.describe(e);
        }
        break;
    case Qt::DecorationRole:
        if (index.column() == ClientColumn && e.client >= 0)
            return m_legend.color(e.client);
        break;
    case Qt::ForegroundRole:
        if (index.column() == KindColumn &&
            (e.kind == HistoryEvent::Kind::Error || e.kind == HistoryEvent::Kind::FaultStart ||
             e.kind == HistoryEvent::Kind::Violation || e.kind == HistoryEvent::Kind::LockLost))
            return QColor(0xd1, 0x35, 0x3b);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == TimeColumn || index.column() == NodeColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time (s)");
    case KindColumn:
        return tr("Event");
    case ClientColumn:
        return tr("Client");
    case NodeColumn:
        return tr("Node");
    case DetailColumn:
        return tr("Detail");
    }
    return {};
}
