// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/runreplay.h"

#include "record/runreader.h"
#include "record/runreplayer.h"
#include "window/replaybar.h"

#include <algorithm>

namespace {

constexpr size_t LogBatch = 5000; // a jump shows the log's last events before it
// After a jump in a paused replay, the views' clock runs up to the instant over this long:
// their animations (a key appearing, a bar filling) need time to pass to play out.
constexpr qint64 SettleUs = 400'000;

} // namespace

RunReplay::RunReplay(ReplayBar* bar, QObject* parent) : QObject(parent), m_bar(bar)
{
    connect(m_bar, &ReplayBar::timeChanged, this, &RunReplay::seek);
}

RunReplay::~RunReplay() = default;

bool RunReplay::open(const QString& path, QString* error)
{
    std::shared_ptr<RecordedRun> run = RunReader::read(path, error);
    if (!run)
        return false;
    m_bar->pause();
    m_run = run;
    m_replayer = std::make_unique<RunReplayer>(m_run);
    m_logged = 0;
    return true;
}

void RunReplay::start()
{
    m_bar->setRange(m_run->startUs(), m_run->endUs());
    m_bar->seek(m_run->endUs());
}

void RunReplay::close()
{
    m_bar->pause();
    m_replayer.reset();
    m_run.reset();
}

qint64 RunReplay::nowUs() const
{
    const qint64 settling = m_settle.isValid() ? SettleUs - m_settle.nsecsElapsed() / 1000 : 0;
    return m_nowUs - std::clamp<qint64>(settling, 0, SettleUs);
}

// The log gets the events since the last instant shown, or, after a jump back or far ahead,
// the last few before this one.
void RunReplay::seek(qint64 tUs)
{
    if (!m_replayer)
        return;
    EngineSnapshot s = m_replayer->snapshotAt(tUs);
    const size_t count = m_replayer->countAt(tUs);
    if (count < m_logged || count - m_logged > LogBatch) {
        emit logReset();
        m_logged = count > LogBatch ? count - LogBatch : 0;
    }
    s.newEvents = m_replayer->eventsBetween(m_logged, count, LogBatch);
    m_logged = count;
    m_nowUs = tUs;
    if (m_bar->isPlaying())
        m_settle.invalidate(); // time moves on its own
    else
        m_settle.start();
    emit cursorMoved(tUs);
    emit pictureReady(s);
}
