// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodesnapshot.h"
#include "widgets/clientlegend.h"

#include <QList>
#include <QWidget>

// Each client's latest answer from one node (ok / taken / timeout / error / down) and
// how long it took, a cell per client, always in the same place (legend order), so the
// eye finds "C3" where it was a second ago.
//
// Up to MaxTextCells clients: two columns of "C3 taken 0.42". More: a tile per client in
// its colour (solid: ok, faded: taken, crossed: timeout, error or down; the tooltip has
// the details), so fifty clients fit a card and a frame does not shape 250 strings.
class OutcomeGrid : public QWidget
{
    Q_OBJECT

public:
    explicit OutcomeGrid(QWidget* parent = nullptr);

    void setOutcomes(const QList<NodeSnapshot::ClientOutcome>& outcomes,
                     const ClientLegend& legend);
    // "ok 0.42" (latency in ms) as drawn for that client; empty when it has none.
    QString cellText(int clientId) const;
    // The outcome word as painted now for that client: the word, or its sign when the cell
    // is too narrow for it (never a word cut with "…").
    QString paintedKind(int clientId) const;
    // The clients a partition cuts off from this node: their timeouts and refusals are
    // drawn as "cut", which is what they are, while the node itself is up.
    void setCutOff(bool everyClient, const QStringList& names);
    int cellCount() const { return int(m_cells.size()); }
    bool isCompact() const { return m_cells.size() > MaxTextCells; }

    static constexpr int MaxTextCells = 8;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Cell
    {
        int client = -1;
        QString name;
        QColor color;
        NodeSnapshot::ClientOutcome outcome;
    };
    int rows() const;
    int columns() const;
    void paintText(QPainter& painter, const Cell& cell, const QRect& rect) const;
    void paintTile(QPainter& painter, const Cell& cell, const QRect& rect) const;
    static bool sameLook(const QList<Cell>& a, const QList<Cell>& b);
    bool isCut(const Cell& cell) const;
    QString kindText(const Cell& cell) const;
    QString kindSign(const Cell& cell) const;
    QString shownKind(const Cell& cell, int width) const;
    int cellWidth() const;
    int cellHeight() const;
    QRect cellRect(int index) const;
    QString tooltipFor(const Cell& cell) const;

    QList<Cell> m_cells;
    bool m_cutAll = false;
    QStringList m_cutNames;
};
