// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/enginesnapshot.h"
#include "widgets/clientlegend.h"

#include <QObject>
#include <QTimer>
#include <functional>

class ChartsPanel;
class ClientLaneList;
class EventLogView;
class NodeCardGrid;
class QuorumView;
class SentinelPanel;
class WindowStatus;

// The window's frames (kcachegrind's protocol): a snapshot is stored and the views marked
// dirty; one timer (<= 60 Hz) then pushes the latest snapshot into every view at once, so the
// quorum headline, the cards and the lanes always change in the same frame, and drives the
// local animations (TTL bars counting down) between snapshots. The timer runs only while
// something changed or moves, and never while the window is hidden.
class FrameLoop : public QObject
{
    Q_OBJECT

public:
    struct Views
    {
        NodeCardGrid* cards;
        ClientLaneList* lanes;
        QuorumView* quorum;
        SentinelPanel* sentinels;
        EventLogView* log;
        ChartsPanel* charts;
        WindowStatus* status;
    };

    // clock: the views' time now (the engine's clock, or a recorded run's instant).
    FrameLoop(QWidget* window, const Views& views, std::function<qint64()> clock);

    // The latest snapshot: all the window knows of the engine.
    const EngineSnapshot& snapshot() const { return m_snapshot; }
    bool hasSnapshot() const { return m_haveSnapshot; }
    // live: the charts take its events now (a recorded run gives them the whole run at once).
    void apply(const EngineSnapshot& snapshot, bool live);
    // No engine speaks until the next snapshot: nothing is taken from the last one any more.
    void forgetSnapshot();
    // Events not yet in the log are dropped (the log starts again).
    void dropPendingEvents() { m_pendingEvents.clear(); }
    // The forced synchronous path (tests, screenshots): pending data into the views now.
    void updateNow();
    // Every view again from the latest snapshot (after they were made anew).
    void redraw();
    // The window was shown or changed its state: frames resume if there is anything to draw.
    void wake();
    // One step of every animation to `nowUs`; true while something moves.
    bool advance(qint64 nowUs);
    bool isRunning() const { return m_timer.isActive(); }
    void showStatus();

signals:
    // One frame pushed into the views (their repaint follows in the same event loop pass);
    // shownDecisionUs: the engine's last decision time in the snapshot now shown, 0 when the
    // frame only animated. For the UI benchmark.
    void frameDrawn(qint64 shownDecisionUs);
    // Node cards came or went.
    void cardsChanged();

private:
    bool canDraw() const;
    void schedule();
    void onFrame();
    void sync(qint64 nowUs);

    QWidget* m_window;
    Views m_views;
    std::function<qint64()> m_clock;
    EngineSnapshot m_snapshot;
    bool m_haveSnapshot = false;
    bool m_dirty = false;
    QList<HistoryEvent> m_pendingEvents;
    ClientLegend m_legend;
    QTimer m_timer;
};
