#pragma once

#include "clientlegend.h"
#include "nodesnapshot.h"

#include <QList>
#include <QWidget>

// Each client's latest answer from one node (ok / taken / timeout / error / down) and
// how long it took, in a compact grid of two columns: a cell per client, always in the
// same place (legend order), so the eye finds "C3" where it was a second ago.
class OutcomeGrid : public QWidget
{
    Q_OBJECT

public:
    explicit OutcomeGrid(QWidget* parent = nullptr);

    void setOutcomes(const QList<NodeSnapshot::ClientOutcome>& outcomes,
                     const ClientLegend& legend);
    // "ok 0.42" (latency in ms) as drawn for that client; empty when it has none.
    QString cellText(int clientId) const;
    int cellCount() const { return int(m_cells.size()); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Cell
    {
        int client = -1;
        QString name;
        QColor color;
        NodeSnapshot::ClientOutcome outcome;
    };
    int rows() const;
    int cellWidth() const;
    int cellHeight() const;
    QRect cellRect(int index) const;
    QString tooltipFor(const Cell& cell) const;

    QList<Cell> m_cells;
};
