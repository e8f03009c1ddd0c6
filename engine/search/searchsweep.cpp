// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/searchsweep.h"

#include "search/schedulegenerator.h"

#include <algorithm>

SearchSweep::SearchSweep(quint64 seed) : m_nextSeed(seed) {}

bool SearchSweep::canTake(int trialLimit) const
{
    return !m_setAside.empty() || trialLimit <= 0 || m_nextTrial < trialLimit;
}

int SearchSweep::take()
{
    int trial = 0;
    if (!m_setAside.empty()) {
        trial = *m_setAside.begin();
        m_setAside.erase(m_setAside.begin());
    } else {
        trial = m_nextTrial++;
        m_seedOf.insert(trial, m_nextSeed);
        m_nextSeed = ScheduleGenerator::nextSeed(m_nextSeed);
    }
    m_running.insert(trial);
    return trial;
}

bool SearchSweep::ended(int trial, const TrialResult& result, const Schedule& schedule)
{
    m_running.remove(trial);
    if (result.verdict == TrialResult::Verdict::Aborted)
        return false;
    ++m_completed;
    if (result.verdict == TrialResult::Verdict::Invalid) {
        ++m_invalid;
    } else {
        m_trialSeconds += result.seconds;
    }
    for (const ScheduleStep& step : schedule.steps)
        if (step.isFault())
            ++m_faultTally[step.faultName()];
    m_endedAhead.insert(trial);
    while (m_endedAhead.remove(m_firstUnfinished))
        ++m_firstUnfinished;
    if (result.failed())
        m_failing.insert(trial, result);
    return true;
}

int SearchSweep::firstFailure() const
{
    if (m_failing.isEmpty())
        return -1;
    const int first = m_failing.firstKey();
    const bool earlierRunning =
        std::any_of(m_running.cbegin(), m_running.cend(), [first](int t) { return t < first; });
    return earlierRunning ? -1 : first;
}

QList<TrialResult> SearchSweep::takeAllFailing()
{
    QList<TrialResult> all = m_failing.values();
    m_failing.clear();
    return all;
}

void SearchSweep::setAside()
{
    for (int t : std::as_const(m_running))
        m_setAside.insert(t);
    m_running.clear();
}

double SearchSweep::meanTrialSeconds() const
{
    const int timed = m_completed - m_invalid; // an invalid trial's time says nothing
    return timed > 0 ? m_trialSeconds / timed : 0;
}

quint64 SearchSweep::continueSeed(int unconfirmed) const
{
    const int from =
        unconfirmed >= 0 ? std::min(unconfirmed, m_firstUnfinished) : m_firstUnfinished;
    return m_seedOf.value(from, m_nextSeed);
}
