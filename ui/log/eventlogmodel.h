// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"
#include "record/eventtext.h"
#include "widgets/clientlegend.h"

#include <QAbstractTableModel>
#include <QHash>
#include <vector>

// The event log: the last `capacity` history events in a ring buffer. A batch of events
// (one snapshot's newEvents) is appended with one beginInsertRows, and the oldest rows
// leave with one beginRemoveRows, so a burst of 10,000 events costs one view update.
class EventLogModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        TimeColumn,
        KindColumn,
        ClientColumn,
        NodeColumn,
        DetailColumn,
        ColumnCount
    };
    enum Role
    {
        ClientIdRole = Qt::UserRole + 1,
        NodeIndexRole,
        KindRole,
        TimeUsRole
    };

    static constexpr int DefaultCapacity = 20'000;

    explicit EventLogModel(int capacity = DefaultCapacity, QObject* parent = nullptr);

    void appendEvents(const QList<HistoryEvent>& events);
    void clear();
    int capacity() const { return m_capacity; }
    const HistoryEvent& eventAt(int row) const;

    // Names for the client and node columns (node index -> number shown, 1..N).
    void setLegend(const ClientLegend& legend);
    void setNodeNumbers(const QHash<int, int>& numbers) { m_nodeNumbers = numbers; }
    int nodeNumber(int nodeIndex) const { return m_nodeNumbers.value(nodeIndex, nodeIndex + 1); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    int m_capacity;
    std::vector<HistoryEvent> m_ring;
    int m_start = 0; // ring index of row 0
    int m_count = 0;
    ClientLegend m_legend;
    EventText m_text; // the words, the same as the terminal's and the reports'.
    QHash<int, int> m_nodeNumbers;
};
