// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/enginesnapshot.h"

#include <QList>
#include <QMap>
#include <QScrollArea>
#include <QSet>

class ClientLane;
class QLabel;
class QVBoxLayout;

// A lane per client, in the snapshot's order, scrolled when they do not fit. Docks and large
// type take height from the middle; the lanes give way by scrolling, but never below one
// whole lane: they must not vanish from a slide.
//
// Lanes scrolled out of view are not updated every frame: with 200 clients about two of them
// are on screen, and updating the rest was most of the window's work. They are behind the
// snapshot until shown; scrolling says so (scrolled), and the next sync brings them up to date.
class ClientLaneList : public QScrollArea
{
    Q_OBJECT

public:
    explicit ClientLaneList(QWidget* parent = nullptr);

    int count() const { return int(m_lanes.size()); }
    ClientLane* lane(int clientId) const { return m_lanes.value(clientId, nullptr); }
    // The named client's lane as it shows `snapshot`: brought up to date first if it was out
    // of view (as scrolling to it would). Null when the snapshot has no such client.
    ClientLane* lane(const QString& name, const EngineSnapshot& snapshot, qint64 nowUs);
    bool hasStaleLanes() const { return !m_stale.isEmpty(); }

    void sync(const EngineSnapshot& snapshot, qint64 nowUs);
    bool advance(qint64 nowUs);
    // Lanes say most of their words once, when made: a new language makes them again.
    void rebuild();
    void retranslate();

signals:
    void commandRequested(const QString& line);
    void settingsRequested(int clientId);
    // The view moved or grew: lanes behind the snapshot may be in view now.
    void scrolled();

protected:
    void changeEvent(QEvent* event) override;

private:
    void dropLanesNotIn(const QList<int>& ids);
    void reorder(const QList<int>& order);
    void syncLane(ClientLane* lane, const ClientSnapshot& client, const EngineSnapshot& snapshot,
                  qint64 nowUs) const;
    QRect shown() const;
    void keepInView();

    QWidget* m_area;
    QVBoxLayout* m_layout;
    QLabel* m_noClients;
    QMap<int, ClientLane*> m_lanes; // by client id
    QList<int> m_order;
    QSet<int> m_stale; // out of view at the last sync: behind the snapshot
};
