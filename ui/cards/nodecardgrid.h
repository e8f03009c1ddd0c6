// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/enginesnapshot.h"

#include <QMap>
#include <QWidget>

class ClientLegend;
class NodeCard;
class QGridLayout;
class StorageCard;

// The row of cards over the lock: one per node, numbered by its place in the snapshot (the
// numbers commands use, 1..N), then the storage card, then in the replicated topology the
// Sentinels' panel (a card beside the two nodes, not a band across the window: on 720 lines
// the lanes of the story need that height). Up to six in a row (six fit a 1280 x 720 screen);
// more make two rows. One node may be selected for the keyboard's faults.
class NodeCardGrid : public QWidget
{
    Q_OBJECT

public:
    explicit NodeCardGrid(QWidget* parent = nullptr);
    // The Sentinels' panel, shown as the last card while the snapshot has Sentinels.
    void setSentinelCard(QWidget* card);

    int count() const { return int(m_cards.size()); }
    NodeCard* card(int number) const; // 1..N; null when there is none
    const QMap<int, NodeCard*>& cards() const { return m_cards; }

    // The cards follow the snapshot (made or dropped as nodes come and go, reused otherwise).
    // True when cards came or went.
    bool sync(const EngineSnapshot& snapshot, const ClientLegend& legend, qint64 nowUs);
    bool advance(qint64 nowUs);
    // A picture shows a settled state: no key half grown in or half faded out.
    void settle();
    // Cards say most of their words once, when made: a new language makes them again (the
    // next sync fills them).
    void rebuild();

    // The stage for a class (View → Present, slides): the cards without the presenter's
    // buttons, addresses and command hints.
    void setStage(bool stage);
    // A recorded run (NodeCard::setRecorded): cards without buttons.
    void setRecorded(bool recorded);

    int selected() const { return m_selected; }
    void select(int number); // 0: none; a number without a card changes nothing
    // The command line for `verb` on the selected node ("node kill 3"), only when its card
    // offers it now (P resumes a paused node); empty, with *why, otherwise.
    QString lineForSelected(const QString& verb, QString* why) const;

signals:
    void commandRequested(const QString& line);

private:
    bool dropCardsAbove(int count);
    void relayout();

    QMap<int, NodeCard*> m_cards; // by number
    QGridLayout* m_layout;
    StorageCard* m_storage;
    QWidget* m_sentinels = nullptr;
    bool m_withSentinels = false;
    int m_selected = 0;
    bool m_stage = false;
    bool m_recorded = false;
};
