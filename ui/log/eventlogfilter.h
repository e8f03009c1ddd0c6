// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

// Narrows the event log to one client, one node and/or one kind of event.
class EventLogFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    static constexpr int Any = -1000; // no filter on that column (-1 is a real value: "none")

    explicit EventLogFilter(QObject* parent = nullptr);

    void setClient(int clientId);
    void setNode(int nodeIndex);
    void setKind(int kind);
    int client() const { return m_client; }
    int node() const { return m_node; }
    int kind() const { return m_kind; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    int m_client = Any;
    int m_node = Any;
    int m_kind = Any;
};
