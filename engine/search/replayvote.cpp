// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/replayvote.h"

#include <QFile>
#include <algorithm>

ReplayVote::ReplayVote(TrialPool& pool, SetupFor setupFor, int replays, int needed, QObject* parent)
    : QObject(parent), m_pool(pool), m_setupFor(std::move(setupFor)), m_replays(replays),
      m_needed(needed)
{}

ReplayVote::~ReplayVote()
{
    if (m_group)
        m_pool.cancelGroup(m_group);
}

void ReplayVote::start()
{
    m_group = m_pool.newGroup();
    launch();
}

void ReplayVote::cancel()
{
    m_decided = true;
    if (m_group)
        m_pool.cancelGroup(m_group);
}

// As many running as failures are still missing: each could be one.
void ReplayVote::launch()
{
    const int running = m_submitted - m_failures - m_holds;
    const int wanted = std::min(m_needed - m_failures, m_replays - m_submitted) - running;
    for (int i = 0; i < wanted; ++i) {
        const int replay = m_submitted++;
        m_pool.submit(
            m_setupFor(replay), [this](const TrialResult& r) { onResult(r); }, m_group);
    }
}

// A replay that could not run counts against: a schedule that does not run as written is
// not one that fails.
void ReplayVote::onResult(const TrialResult& result)
{
    if (m_decided)
        return;
    if (result.failed()) {
        ++m_failures;
        m_failed << result;
    } else {
        ++m_holds;
        QFile::remove(result.runPath); // only the failing runs are told as stories
    }
    if (m_failures >= m_needed || m_holds > m_replays - m_needed) {
        m_decided = true;
        m_pool.cancelGroup(m_group);
        emit decided(m_failures >= m_needed);
        return;
    }
    launch();
}

qint64 ReplayVote::failureMs() const
{
    QList<qint64> times;
    for (const TrialResult& r : m_failed)
        if (r.failureMs >= 0)
            times << r.failureMs;
    if (times.isEmpty())
        return -1;
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}
