// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/runreplayer.h"

#include <algorithm>

RunReplayer::RunReplayer(std::shared_ptr<const RecordedRun> run)
    : m_run(std::move(run)), m_state(m_run->header)
{
    m_checkpoints.push_back(m_state);
}

size_t RunReplayer::countAt(qint64 tUs) const
{
    const auto& events = m_run->events;
    const auto it = std::upper_bound(events.begin(), events.end(), tUs,
                                     [](qint64 t, const HistoryEvent& e) { return t < e.tUs; });
    return size_t(it - events.begin());
}

void RunReplayer::seek(size_t count)
{
    if (count < m_applied || count - m_applied > CheckpointEvery) {
        const size_t checkpoint = std::min(count / CheckpointEvery, m_checkpoints.size() - 1);
        if (checkpoint * CheckpointEvery > m_applied || count < m_applied) {
            m_state = m_checkpoints[checkpoint];
            m_applied = checkpoint * CheckpointEvery;
        }
    }
    const auto& events = m_run->events;
    for (; m_applied < count; ++m_applied) {
        m_state.apply(events[m_applied]);
        const size_t done = m_applied + 1;
        if (done % CheckpointEvery == 0 && done / CheckpointEvery == m_checkpoints.size())
            m_checkpoints.push_back(m_state);
    }
}

EngineSnapshot RunReplayer::snapshotAt(qint64 tUs)
{
    const size_t count = countAt(tUs);
    seek(count);
    EngineSnapshot s = m_state.snapshot(tUs);
    // Events per second: those of the second before t, exactly.
    s.eventsPerSecond = double(count - countAt(tUs - 1'000'000));
    return s;
}

QList<HistoryEvent> RunReplayer::eventsBetween(size_t from, size_t to, size_t limit) const
{
    to = std::min(to, m_run->events.size());
    from = std::max(from, to > limit ? to - limit : 0);
    QList<HistoryEvent> events;
    events.reserve(qsizetype(to > from ? to - from : 0));
    for (size_t i = from; i < to; ++i)
        events << m_run->events[i];
    return events;
}
