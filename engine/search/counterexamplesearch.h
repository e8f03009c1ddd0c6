// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/counterexample.h"
#include "search/schedulegenerator.h"
#include "search/searchoptions.h"
#include "search/searchprogress.h"
#include "search/trialpool.h"

#include <QElapsedTimer>
#include <QMap>
#include <QObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTimer>
#include <memory>
#include <set>

class ReplayVote;
class ShrinkSession;

// The counterexample search (docs/guide.md, "Searching for a counterexample"): random schedules
// from the seed, each run on fresh nodes with the checker, up to `jobs` at once; the first
// that breaks the property is replayed (it counts when it fails in 3 of 4 runs), shrunk while
// it still does, told as a story from a run of it, saved as a scenario, and reported.
//
// "First" is by the order of the seeds, not of the clock: when trial k fails, the trials
// before it that are still running finish first, and the lowest failing one is taken, so the
// same seed and options find the same first schedule however the jobs interleave (a trial's
// outcome itself depends on timing, which is why a finding must be replayed).
//
// Lives in the caller's thread (the app's main thread or the window's); the engines run in
// their own threads.
class CounterexampleSearch : public QObject
{
    Q_OBJECT

public:
    explicit CounterexampleSearch(const SearchOptions& options, QObject* parent = nullptr);
    ~CounterexampleSearch() override;

    void start();
    // finished() follows once what runs has stopped; a counterexample being shrunk or told is
    // told from what it has and saved first (counterexampleFound()).
    void stop();
    const SearchOptions& options() const { return m_options; }
    SearchProgress progress() const;
    const QList<Counterexample>& found() const { return m_found; }
    // The schedule trial k runs (the generator's, from the search's seed).
    Schedule scheduleOf(int trial) const;
    // How long shrinking may take when it starts `elapsedS` into the search: its own bound,
    // within what the search's budget leaves once the story's run (`tellS`) is set aside.
    static double shrinkBudget(const SearchOptions& options, double elapsedS, double tellS);

    // Shrinking's bound on candidates tried (its time: SearchOptions::shrinkBudgetS).
    static constexpr int MaxShrinkEvaluations = 100;

signals:
    void progressed(const SearchProgress& progress);
    void trialFinished(int trial, const TrialResult& result);
    void note(const QString& text); // what the search is doing, for a log
    void counterexampleFound(const Counterexample& counterexample);
    void finished(const SearchProgress& progress);

private:
    enum class Phase
    {
        Searching,
        Confirming,
        Shrinking,
        Telling,
        Stopping,
        Done
    };

    void setPhase(Phase phase);
    void launch();
    bool canLaunch() const;
    void onTrial(int trial, const TrialResult& result);
    void afterSearchTrial();
    void confirmNext();
    void onConfirmed(bool reproduced);
    void onShrunk(const Schedule& best);
    double tellSeconds(const Schedule& schedule) const;
    void onTold(const Schedule& told, const TrialResult& result);
    void tell(const Schedule& schedule, const QList<TrialResult>& failing, int evaluations);
    void resume();
    void onBudgetSpent();
    void unconfirmed(int trial);
    bool tooLateToLaunch() const;
    void finishIfIdle();
    void emitProgress();

    TrialRunner::Setup setupFor(const Schedule& schedule, const QString& name) const;
    QStringList propertyLines() const;
    QStringList expectLines(const TrialResult& narrated) const;
    QString save(Counterexample* c, const QString& runPath);
    SearchProgress::Phase publicPhase() const;

    SearchOptions m_options;
    ScheduleGenerator m_generator;
    TrialPool m_pool;
    QTemporaryDir m_runs;
    QElapsedTimer m_elapsed;
    QTimer m_tick; // progress while nothing ends, and the budget's end
    Phase m_phase = Phase::Searching;

    quint64 m_nextSeed = 0;      // the seed of trial m_nextTrial
    int m_nextTrial = 0;         // the next schedule to launch
    int m_completed = 0;         // trials ended (not aborted)
    int m_firstUnfinished = 0;   // every trial before it has ended: the place to continue from
    QMap<int, quint64> m_seedOf; // launched trials' seeds
    QMap<int, TrialResult> m_finishedTrials; // trials ended after m_firstUnfinished
    QMap<int, TrialResult> m_failing;        // trials that failed once, not yet replayed
    QSet<int> m_searchRunning;               // trials running
    std::set<int> m_redo;                    // trials stopped before their end, to run again
    int m_invalid = 0;
    int m_flaky = 0;
    int m_replays = 0;
    QMap<QString, int> m_faultTally;
    bool m_budgetOver = false;
    bool m_stopRequested = false; // stop(): no new run starts
    bool m_tooLate = false;       // the budget left would not confirm and tell a finding
    int m_unconfirmed = -1;       // the first trial that failed once and was not replayed
    double m_trialSeconds = 0;    // the trials' time, for their mean
    int m_timedTrials = 0;

    int m_candidate = -1; // the trial being confirmed and shrunk
    double m_foundAfterS = 0;
    double m_confirmedAfterS = 0;
    ReplayVote* m_vote = nullptr;
    ShrinkSession* m_shrink = nullptr;
    QList<TrialResult> m_bestFailing; // the failing replays of the best schedule so far ...
    int m_bestRuns = 0;               // ... of so many
    QElapsedTimer m_shrinkClock;
    double m_shrinkBudgetS = 0; // this shrinking's: what the search's budget leaves of it
    int m_voteCount = 0;
    int m_shrinkEvaluations = 0;
    bool m_stepsNeeded = false;
    Schedule m_shrunk;
    QList<Counterexample> m_found;
};
