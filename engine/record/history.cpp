// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/history.h"

#include "base/clock.h"

namespace {
// If nobody takes the new events (no UI attached), keep the batch from growing forever.
constexpr qsizetype MaxPendingNew = 50000;
} // namespace

History::History(const Clock& clock, size_t capacity) : m_clock(clock), m_capacity(capacity) {}

void History::append(HistoryEvent event)
{
    if (event.tUs == 0)
        event.tUs = m_clock.nowUs();
    const qint64 bucket = event.tUs / BucketUs;
    const int slot = int(bucket % Buckets);
    if (m_bucketStart[slot] != bucket) {
        m_bucketStart[slot] = bucket;
        m_bucketCount[slot] = 0;
    }
    ++m_bucketCount[slot];
    ++m_total;
    if (m_new.size() < MaxPendingNew)
        m_new.append(event);
    m_events.push_back(std::move(event));
    if (m_events.size() > m_capacity)
        m_events.pop_front();
}

QList<HistoryEvent> History::takeNew()
{
    QList<HistoryEvent> taken;
    taken.swap(m_new);
    // The next batch is about as big as this one: room for it now, or the list would grow
    // by doubling, each time into fresh pages (a sixth of the engine thread's time with a
    // foreign client through the exposed ports: docs/benchmarks.md).
    m_new.reserve(taken.size()); // never over MaxPendingNew: append() stops there
    return taken;
}

double History::ratePerSecond(qint64 nowUs) const
{
    const qint64 current = nowUs / BucketUs;
    quint64 count = 0;
    for (int i = 0; i < Buckets; ++i) {
        // the buckets of the last second, the current (partial) one excluded
        if (m_bucketStart[i] < current && m_bucketStart[i] >= current - (Buckets - 1))
            count += m_bucketCount[i];
    }
    return count * (1e6 / (BucketUs * (Buckets - 1)));
}
