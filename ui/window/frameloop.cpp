// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/frameloop.h"

#include "base/constants.h"
#include "cards/nodecardgrid.h"
#include "charts/chartspanel.h"
#include "lanes/clientlanelist.h"
#include "log/eventlogview.h"
#include "quorum/quorumview.h"
#include "quorum/sentinelpanel.h"
#include "widgets/uitheme.h"
#include "window/windowstatus.h"

#include <QWidget>

namespace {

constexpr qsizetype MaxPendingEvents = 20'000; // what the log can hold

} // namespace

FrameLoop::FrameLoop(QWidget* window, const Views& views, std::function<qint64()> clock)
    : QObject(window), m_window(window), m_views(views), m_clock(std::move(clock))
{
    m_timer.setInterval(Constants::FrameMs); // <= 60 Hz
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &FrameLoop::onFrame);
    // Lanes brought into view (scrolled to, or a taller viewport) catch up on the next frame.
    connect(m_views.lanes, &ClientLaneList::scrolled, this, [this] {
        m_dirty = m_dirty || m_views.lanes->hasStaleLanes();
        schedule();
    });
}

// Events are kept across snapshots that arrive between two frames, bounded by what the log
// can hold.
void FrameLoop::apply(const EngineSnapshot& snapshot, bool live)
{
    m_snapshot = snapshot;
    m_haveSnapshot = true;
    if (live)
        m_views.charts->appendEvents(snapshot.newEvents); // the data only: drawn in the frame
    m_pendingEvents += snapshot.newEvents;
    const qsizetype excess = m_pendingEvents.size() - MaxPendingEvents;
    if (excess > 0)
        m_pendingEvents.remove(0, excess);
    m_dirty = true;
    schedule();
}

void FrameLoop::forgetSnapshot()
{
    m_haveSnapshot = false;
    showStatus();
}

bool FrameLoop::canDraw() const
{
    return m_window->isVisible() && !m_window->isMinimized();
}

void FrameLoop::schedule()
{
    if (canDraw() && !m_timer.isActive())
        m_timer.start();
}

void FrameLoop::wake()
{
    m_dirty = m_dirty || m_haveSnapshot;
    schedule();
}

void FrameLoop::onFrame()
{
    if (!canDraw()) {
        m_timer.stop(); // wake() starts it again
        return;
    }
    const qint64 now = m_clock();
    const bool synced = m_dirty;
    if (m_dirty)
        sync(now);
    const bool moving = advance(now);
    if (synced || moving)
        emit frameDrawn(synced ? m_snapshot.lastDecisionUs : 0);
    if (!moving && !m_dirty)
        m_timer.stop(); // nothing moves: no frames until the next snapshot
}

void FrameLoop::updateNow()
{
    const qint64 now = m_clock();
    if (m_dirty)
        sync(now);
    if (advance(now))
        schedule();
}

void FrameLoop::redraw()
{
    m_dirty = m_haveSnapshot;
    updateNow();
}

void FrameLoop::sync(qint64 nowUs)
{
    m_dirty = false;
    if (!m_haveSnapshot)
        return;
    m_legend.update(m_snapshot.clients);
    if (m_views.cards->sync(m_snapshot, m_legend, nowUs))
        emit cardsChanged();
    m_views.lanes->sync(m_snapshot, nowUs);
    m_views.quorum->setResources(m_snapshot.resources, m_snapshot.clients, m_legend, nowUs);
    m_views.sentinels->setSentinels(m_snapshot.sentinels);
    EventLogView* log = m_views.log;
    log->setClients(m_legend);
    QList<QPair<int, int>> numbers;
    for (int i = 0; i < m_snapshot.nodes.size(); ++i)
        numbers.append({m_snapshot.nodes[i].index, i + 1});
    log->setNodes(numbers);
    if (!m_pendingEvents.isEmpty()) {
        log->appendEvents(m_pendingEvents); // one batch: one beginInsertRows
        m_pendingEvents.clear();
    }
    showStatus();
}

bool FrameLoop::advance(qint64 nowUs)
{
    bool moving = m_views.cards->advance(nowUs);
    moving = m_views.lanes->advance(nowUs) || moving;
    moving = m_views.quorum->advance(nowUs) || moving;
    moving = m_views.charts->refresh(nowUs) || moving;
    return moving;
}

void FrameLoop::showStatus()
{
    if (m_haveSnapshot)
        m_views.status->show(m_snapshot, m_legend, UiTheme::isDark(m_window->palette()));
    else
        m_views.status->showStarting();
}
