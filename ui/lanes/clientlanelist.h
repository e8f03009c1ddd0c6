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
// type take height from the middle; the lanes give way by scrolling, but not below every
// lane when there are three clients at most (as in every built-in scenario) and at most one
// dock is open, and not below two otherwise: they must not vanish from a slide. The lanes of the
// clients in the current violation (both in their sections at once), or named by the caption, are
// scrolled into view when they change.
//
// Lanes scrolled out of view are not updated every frame: with 200 clients about two of them
// are on screen, and updating the rest was most of the window's work. They are behind the
// snapshot until shown; scrolling says so (scrolled), and the next sync brings them up to date.
class ClientLaneList : public QScrollArea
{
    Q_OBJECT

public:
    // How long a lane tells its moment at least (a refused write, a wrong release).
    static constexpr qint64 MomentHoldUs = 5'000'000;
    // Up to this many clients, every lane stays in view however short the window.
    static constexpr int AllLanesUpTo = 3;

    explicit ClientLaneList(QWidget* parent = nullptr);

    int count() const { return int(m_lanes.size()); }
    ClientLane* lane(int clientId) const { return m_lanes.value(clientId, nullptr); }
    // The named client's lane as it shows `snapshot`: brought up to date first if it was out
    // of view (as scrolling to it would). Null when the snapshot has no such client.
    ClientLane* lane(const QString& name, const EngineSnapshot& snapshot, qint64 nowUs);
    bool hasStaleLanes() const { return !m_stale.isEmpty(); }

    void sync(const EngineSnapshot& snapshot, qint64 nowUs);
    // The caption shown: the clients it names ("C2 takes the lock") are kept in view with
    // the violators.
    void setCaption(const QString& text, qint64 nowUs = -1);
    // The clients whose lanes are kept in view now, in lane order.
    QList<int> focusClients() const { return m_focus; }
    bool advance(qint64 nowUs);
    // Whether every lane (up to AllLanesUpTo) must stay in view, or two are enough: with
    // several docks open under tabs, on 720 lines in large type, three do not fit.
    void setAllLanesInView(bool all);
    // The stage for a class (View → Present, slides): lanes without the presenter's buttons
    // and no key hints.
    void setStage(bool stage);
    // A recorded run (ClientLane::setRecorded): lanes without controls.
    void setRecorded(bool recorded);
    QSize sizeHint() const override;
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
    void resizeEvent(QResizeEvent* event) override;

private:
    void dropLanesNotIn(const QList<int>& ids);
    void reorder(const QList<int>& order);
    void syncLane(ClientLane* lane, const ClientSnapshot& client, const EngineSnapshot& snapshot,
                  qint64 nowUs) const;
    // The moment the checker judged that `client` was in, as the lane says it (longest form
    // first), while it has not begun a critical section since; empty otherwise.
    QStringList momentOf(const ClientSnapshot& client, const EngineSnapshot& snapshot) const;
    QRect shown() const;
    void keepInView();
    QList<int> focusOf(const EngineSnapshot& snapshot) const;
    void scrollToFocus();

    QWidget* m_area;
    QVBoxLayout* m_layout;
    QLabel* m_noClients;
    QMap<int, ClientLane*> m_lanes; // by client id
    QList<int> m_order;
    bool m_allLanesInView = true;
    bool m_stage = false;
    bool m_recorded = false;
    QSet<int> m_stale; // out of view at the last sync: behind the snapshot
    QString m_caption;
    QList<qint64> m_captionsUs; // when each caption was shown (a moment stays while the first
                                // caption after it, the one telling it, is shown)
    QList<int> m_focus;         // the lanes kept in view
};
