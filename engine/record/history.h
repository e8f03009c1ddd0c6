// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QList>
#include <deque>

class Clock;

// The append-only record of a run, stamped on the monotonic clock.
//
// Memory stays flat on long runs: the newest `capacity` events are kept (older ones are
// counted in droppedCount()); exports and the checker read what is kept.
class History
{
public:
    explicit History(const Clock& clock, size_t capacity = 100000);

    // Stamps the event (unless it has a time already) and keeps it.
    void append(HistoryEvent event);
    // The events appended since the previous call: one batch per published snapshot.
    QList<HistoryEvent> takeNew();

    const std::deque<HistoryEvent>& events() const { return m_events; }
    quint64 totalCount() const { return m_total; }
    quint64 droppedCount() const { return m_total - m_events.size(); }
    // Events per second over the last second or so.
    double ratePerSecond(qint64 nowUs) const;

private:
    const Clock& m_clock;
    size_t m_capacity;
    std::deque<HistoryEvent> m_events;
    QList<HistoryEvent> m_new;
    quint64 m_total = 0;
    // A one-second sliding window in quarter-second buckets.
    static constexpr int Buckets = 4;
    static constexpr qint64 BucketUs = 250000;
    mutable qint64 m_bucketStart[Buckets] = {};
    mutable quint64 m_bucketCount[Buckets] = {};
};
