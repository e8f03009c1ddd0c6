// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsnapshot.h"
#include "model/resourcesnapshot.h"
#include "widgets/clientlegend.h"

#include <QList>
#include <QWidget>

// The quorum picture of each resource: for every owner, how many nodes hold its key
// against the majority line, under one big headline a class reads from the back of the
// room. The headline follows what the nodes hold and who is in a critical section:
// "free", "held by C3, 8.2 s left", "C1 believes it holds, but only 2 of 5 nodes agree",
// "C1 still believes it holds: validity expired 3.2 s ago" (paused),
// "C1 is WORKING WITHOUT THE LOCK" (careless), "split vote" (only after an attempt failed
// with the votes split), "C2 crashed: its keys stay until their TTL runs out", or the red
// "MUTUAL EXCLUSION BROKEN: C1 and C3 are both in their critical sections".
class QuorumView : public QWidget
{
    Q_OBJECT

public:
    enum class Verdict
    {
        NoResource,
        Free,           // no key on any node, nobody in a critical section
        NotHeld,        // keys on some nodes, nobody has a majority, nobody inside
        KeysLeft,       // a majority holds the keys of a client that is not inside (any more)
        Held,           // one client inside, its validity running, its keys on a majority
        MinorityHolder, // one client inside, its validity running, but a minority agrees
        SplitVote,      // an attempt just failed with the votes split
        Broken,         // two or more clients inside at once
        StaleBelief,    // one client inside, its validity over (paused, or careless)
        Unavailable     // nobody inside and no key seen, but too few nodes up to take it
    };

    explicit QuorumView(QWidget* parent = nullptr);

    void setResources(const QList<ResourceSnapshot>& resources,
                      const QList<ClientSnapshot>& clients, const ClientLegend& legend,
                      qint64 nowUs);
    // One display frame: the "s left" of a held lock counts down locally.
    bool advance(qint64 nowUs);

    // The first resource's headline as drawn now.
    QString headline() const;
    QString subline() const; // the first resource's line under it
    Verdict verdict() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Block
    {
        ResourceSnapshot resource;
        Verdict verdict = Verdict::Free;
        QStringList believers; // names, for the broken headline
        QString staleNote;     // why one of them is wrong: "C1's validity ran out while ..."
        QString holderName;
        QColor holderColor;
        qint64 holderValidUntilUs = 0;
        bool holderPaused = false;
        int holderNodes = 0;  // nodes holding the inside client's token
        int holderQuorum = 0; // how many its strategy needs (0: no lock at all)
        int holderStrategyNodes = 0;
        QString keysOwnerState; // KeysLeft: "crashed", "releasing", "stopped", "foreign"
        bool keysNoTtl = false; // KeysLeft: the key never expires
        QList<QPair<int, int>> ruleSections; // (quorum, nodes) of each strategy that counts
        QList<QString> ownerNames;           // per holder
        QList<QColor> ownerColors;           // per holder
    };

    Block makeBlock(const ResourceSnapshot& r, const QList<ClientSnapshot>& clients,
                    const ClientLegend& legend) const;
    // Held and StaleBelief differ only by the clock: re-decided every frame.
    static Verdict heldOrStale(const Block& block, qint64 nowUs);
    enum class Rule
    {
        NoLock,
        SingleNode,
        Majority,
        Master
    };
    static Rule ruleKind(const Block& b);
    static bool unavailable(const Block& b);
    static bool singleNodeOwner(const ResourceSnapshot::Holder& holder,
                                const QList<ClientSnapshot>& clients);
    QString headlineOf(const Block& block) const;
    QString ruleOf(const Block& block) const;
    QString sublineOf(const Block& block) const;
    QFont headlineFont() const;
    int slotSize() const;
    int rowsWidth(int nodeCount) const;
    int blockHeight(const Block& block) const;
    void paintBlock(QPainter& painter, const Block& block, const QRect& rect, bool dark) const;

    QList<Block> m_blocks;
    qint64 m_nowUs = 0;
};
