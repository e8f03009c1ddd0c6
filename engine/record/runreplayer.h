// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "record/recordedrun.h"
#include "record/replaystate.h"

#include <memory>
#include <vector>

// Scrubs a recorded run: the picture (EngineSnapshot) at any instant, for the window's time
// slider and its play button.
//
// The state at time t is the state after every event up to t (ReplayState). Moving forward
// applies the events in between; moving back starts again from the nearest checkpoint, a
// copy of the state kept every CheckpointEvery events on the way (so a jump anywhere in a
// run of a million events applies at most that many). See ReplayState for what a replay can
// and cannot show.
class RunReplayer
{
public:
    static constexpr size_t CheckpointEvery = 20000;

    explicit RunReplayer(std::shared_ptr<const RecordedRun> run);

    const RecordedRun& run() const { return *m_run; }
    qint64 startUs() const { return m_run->startUs(); }
    qint64 endUs() const { return m_run->endUs(); }

    // The picture at `tUs`; its newEvents are empty (see eventsBetween()).
    EngineSnapshot snapshotAt(qint64 tUs);
    // The number of events at or before `tUs`.
    size_t countAt(qint64 tUs) const;
    // Events [from, to) by index, at most `limit` of the newest.
    QList<HistoryEvent> eventsBetween(size_t from, size_t to, size_t limit) const;

private:
    void seek(size_t count);

    std::shared_ptr<const RecordedRun> m_run;
    ReplayState m_state;
    size_t m_applied = 0;                   // events applied to m_state
    std::vector<ReplayState> m_checkpoints; // [i]: the state after i * CheckpointEvery events
};
