// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"
#include "widgets/clientlegend.h"

#include <QList>
#include <QWidget>

class EventLogFilter;
class EventLogModel;
class QComboBox;
class QLabel;
class QTableView;

// The event log panel: filters (client, node, kind) above a table of the latest events.
// It follows new events while the user is at the bottom and stays put once they scroll up.
class EventLogView : public QWidget
{
    Q_OBJECT

public:
    explicit EventLogView(QWidget* parent = nullptr);
    ~EventLogView() override;

    void appendEvents(const QList<HistoryEvent>& events);
    // Refreshes the filter choices and names; cheap when nothing changed.
    void setClients(const ClientLegend& legend);
    // node index -> number shown (1..N), in display order
    void setNodes(const QList<QPair<int, int>>& indexToNumber);

    EventLogModel* model() const { return m_model; }
    EventLogFilter* filter() const { return m_filter; }
    QTableView* table() const { return m_table; }
    bool isFollowing() const { return m_follow; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void fitToFont();
    void fillCombo(QComboBox* combo, const QList<QPair<QString, int>>& items);
    void applyFilters();

    EventLogModel* m_model;
    EventLogFilter* m_filter;
    QTableView* m_table;
    QComboBox* m_clientCombo;
    QComboBox* m_nodeCombo;
    QComboBox* m_kindCombo;
    QLabel* m_countLabel;
    QList<QLabel*> m_filterLabels; // Client, Node, Event
    bool m_follow = true;
    QList<QPair<QString, int>> m_clientItems;
    QList<QPair<QString, int>> m_nodeItems;
};
