// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "quorum/quorumverdict.h"

#include <QWidget>

// The quorum picture of each resource under one big headline a class reads from the back of
// the room, and beside it one square per node, coloured by the owner of the key that node
// holds (a node's key is its vote), with each owner's count against the rule of its rung: a
// majority for Redlock, one node for the single-node rungs, the master for failover. What it
// says is QuorumVerdict's (the verdict, the words, the squares); this class paints it.
class QuorumView : public QWidget
{
    Q_OBJECT

public:
    explicit QuorumView(QWidget* parent = nullptr);

    void setSnapshot(const EngineSnapshot& snapshot, const ClientLegend& legend, qint64 nowUs);
    void setHistory(const RunData* history) { m_verdict.setHistory(history); }
    void noteCaption(qint64 nowUs);
    // One display frame: repaints while the verdict moves.
    bool advance(qint64 nowUs);

    const QuorumVerdict& verdict() const { return m_verdict; }
    QString headline() const { return m_verdict.headline(); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    using Block = QuorumVerdict::Block;
    using Verdict = QuorumVerdict::Verdict;

    QFont headlineFont() const;
    QFont smallFont() const;
    int slotSize() const;
    int rowsWidth(const Block& block) const;
    int blockHeight() const;
    void paintBlock(QPainter& painter, const Block& block, const QRect& rect, bool dark) const;
    void paintHeadline(QPainter& painter, const Block& block, const QRect& head, bool dark) const;
    void paintSquares(QPainter& painter, const Block& block, const QRect& area, bool dark) const;

    QuorumVerdict m_verdict;
};
