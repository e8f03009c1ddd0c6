// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/schedule.h"
#include "search/trialresult.h"

#include <QMap>
#include <QSet>
#include <set>

// The searching phase's ledger (CounterexampleSearch): which schedule each trial runs (the
// seeds are drawn in order from the search's seed), which trials run, which ended, which
// failed once and wait to be replayed, and what the ended ones add up to.
//
// Its rule is that the first failing schedule *by seed* is the one replayed, not the first to
// fail by the clock: a failure waits until every trial before it has ended (firstFailure), and
// the trials after it stop and run again later (setAside), none skipped. So the same seed and
// options find the same schedule however the jobs interleave. It runs nothing itself: the
// search submits what take() gives to its pool and tells it what ended.
class SearchSweep
{
public:
    explicit SearchSweep(quint64 seed);

    // Whether another trial may start within `trialLimit` trials (0: no limit); a trial set
    // aside always may.
    bool canTake(int trialLimit) const;
    // The next trial to run, marked running: one set aside comes first, else the next seed.
    int take();
    quint64 seedOf(int trial) const { return m_seedOf.value(trial); }

    // A trial ended. An aborted one (stopped by the pool) is not counted; false for it.
    bool ended(int trial, const TrialResult& result, const Schedule& schedule);
    // The first trial that failed once, when no trial before it still runs (-1: none, or not
    // yet decidable).
    int firstFailure() const;
    bool hasFailing() const { return !m_failing.isEmpty(); }
    int firstFailing() const { return m_failing.isEmpty() ? -1 : m_failing.firstKey(); }
    TrialResult takeFailing(int trial) { return m_failing.take(trial); }
    QList<TrialResult> takeAllFailing();
    // What runs stops (the pool cancels it): each trial runs again later, in order.
    void setAside();
    // What runs stops and is not run again (the search ends).
    void dropRunning() { m_running.clear(); }
    bool running() const { return !m_running.isEmpty(); }

    int completed() const { return m_completed; }
    int invalid() const { return m_invalid; }
    const QMap<QString, int>& faultTally() const { return m_faultTally; }
    // The mean length of the trials that ran to a verdict (0: none yet).
    double meanTrialSeconds() const;
    // Where a later search continues from: every trial before it ended, and `unconfirmed`
    // (-1: none), a trial that failed once and was not replayed, is run again.
    quint64 continueSeed(int unconfirmed) const;

private:
    quint64 m_nextSeed;               // the seed of trial m_nextTrial
    int m_nextTrial = 0;              // the next schedule to draw
    int m_completed = 0;              // trials ended (not aborted)
    int m_firstUnfinished = 0;        // every trial before it has ended
    QMap<int, quint64> m_seedOf;      // drawn trials' seeds
    QSet<int> m_endedAhead;           // trials ended after m_firstUnfinished
    QMap<int, TrialResult> m_failing; // trials that failed once, not yet replayed
    QSet<int> m_running;              // trials running
    std::set<int> m_setAside;         // trials stopped before their end, to run again
    int m_invalid = 0;
    QMap<QString, int> m_faultTally;
    double m_trialSeconds = 0; // the valid trials' time, for their mean
};
