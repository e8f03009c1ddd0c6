// SPDX-License-Identifier: GPL-3.0-or-later
#include "slides/sliderecorder.h"

#include "base/steadyclock.h"
#include "console/captionbar.h"
#include "control/enginecontroller.h"
#include "model/enginesnapshot.h"
#include "window/mainwindow.h"

SlideRecorder::SlideRecorder(MainWindow* window, QObject* parent)
    : QObject(parent), m_window(window), m_engine(window->controller())
{
    Q_ASSERT(m_engine); // a live window: --slides plays on fresh nodes
    m_engine->holdAtSlides(true);
    m_limit.setSingleShot(true);
    m_limit.setInterval(SettleLimitMs);
    connect(&m_limit, &QTimer::timeout, this, [this] {
        if (m_pending)
            take();
    });
    // Connected after the window's own connections: the caption is on screen and the
    // snapshot applied by the time these run.
    connect(m_engine, &EngineController::narration, this,
            [this](int line, const QString&) { ask(line, {}); });
    connect(m_engine, &EngineController::snapshotRequested, this, &SlideRecorder::ask);
    connect(m_engine, &EngineController::snapshotReady, this, &SlideRecorder::onSnapshot);
    // Slide times count from the scenario's first line: the nodes are up by then.
    connect(m_engine, &EngineController::stepStarted, this, [this](const QString& origin) {
        if (m_startedUs == 0 && origin != QLatin1String("console"))
            m_startedUs = SteadyClock::instance().nowUs();
    });
}

void SlideRecorder::ask(int line, const QString& title)
{
    // The scenario holds after the line until this slide is taken: never two at once.
    m_pending = Pending{SteadyClock::instance().nowUs(), line, title};
}

void SlideRecorder::onSnapshot(const EngineSnapshot& snapshot)
{
    if (!m_pending || snapshot.tUs < m_pending->askedUs)
        return;
    if (isSettled(snapshot, m_pending->askedUs))
        take();
    else if (!m_limit.isActive())
        m_limit.start();
}

// Every part the engine polls shows a read sent after the line: the stock and each node's keys
// as they were then, not 50 ms before.
bool SlideRecorder::isSettled(const EngineSnapshot& snapshot, qint64 sinceUs)
{
    using State = NodeSnapshot::State;
    if (snapshot.storage.state == State::Up && snapshot.storage.stockActive &&
        snapshot.storage.askedUs < sinceUs)
        return false;
    return std::all_of(snapshot.nodes.cbegin(), snapshot.nodes.cend(), [sinceUs](const auto& n) {
        return n.state != State::Up || n.keysAskedUs >= sinceUs;
    });
}

void SlideRecorder::take()
{
    m_limit.stop();
    const Pending pending = *std::exchange(m_pending, std::nullopt);
    m_window->settle();
    Slide slide;
    slide.line = pending.line;
    slide.caption = m_window->caption()->text();
    slide.title = pending.title;
    slide.atS = (pending.askedUs - m_startedUs) / 1e6;
    emit slideTaken(slide, ++m_count); // drawn while the window shows that moment
    m_engine->slideTaken();
}
