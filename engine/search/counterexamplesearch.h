// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/counterexample.h"
#include "search/counterexampleteller.h"
#include "search/replayvote.h"
#include "search/schedulegenerator.h"
#include "search/searchoptions.h"
#include "search/searchprogress.h"
#include "search/searchsweep.h"
#include "search/shrinksession.h"
#include "search/trialpool.h"

#include <QElapsedTimer>
#include <QMap>
#include <QObject>
#include <QTemporaryDir>
#include <QTimer>
#include <memory>

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
// Each phase is an object it owns: the searching phase's ledger (SearchSweep), the replays
// that confirm a finding (ReplayVote), the shrinking (ShrinkSession) and the telling
// (CounterexampleTeller); this class moves between them, keeps the budget and reports.
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
    void startShrinking(const Schedule& schedule, qint64 failureMs);
    ShrinkSession::Predicate shrinkPredicate();
    void onShrunk(const Schedule& best);
    double tellSeconds(const Schedule& schedule) const;
    void onTold(const Schedule& told, const TrialResult& result);
    void tell(const Schedule& schedule, const QList<TrialResult>& failing, bool extraRun);
    void resume();
    void onBudgetSpent();
    void unconfirmed(int trial);
    bool tooLateToLaunch() const;
    void finishIfIdle();
    void finish();
    void emitProgress();

    TrialRunner::Setup setupFor(const Schedule& schedule, const QString& name) const;
    SearchProgress::Phase publicPhase() const;

    SearchOptions m_options;
    ScheduleGenerator m_generator;
    TrialPool m_pool;
    QTemporaryDir m_runs;
    QElapsedTimer m_elapsed;
    QTimer m_tick; // progress while nothing ends, and the budget's end
    Phase m_phase = Phase::Searching;

    SearchSweep m_sweep;
    int m_flaky = 0;
    int m_replays = 0;
    bool m_budgetOver = false;
    bool m_stopRequested = false; // stop(): no new run starts
    bool m_tooLate = false;       // the budget left would not confirm and tell a finding
    int m_unconfirmed = -1;       // the first trial that failed once and was not replayed

    // The finding under way (confirming, shrinking, telling).
    int m_candidate = -1;
    double m_foundAfterS = 0;
    double m_confirmedAfterS = 0;
    // Declared after the pool, so they end before it: both call it as they end. Ended from
    // their own signal, they go later (release()->deleteLater()).
    std::unique_ptr<ReplayVote> m_vote;
    std::unique_ptr<ShrinkSession> m_shrink;
    QList<TrialResult> m_bestFailing; // the failing replays of the best schedule so far ...
    int m_bestRuns = 0;               // ... of so many
    QElapsedTimer m_shrinkClock;
    double m_shrinkBudgetS = 0; // this shrinking's: what the search's budget leaves of it
    int m_voteCount = 0;
    int m_shrinkEvaluations = 0;
    bool m_stepsNeeded = false;
    Schedule m_shrunk;
    CounterexampleTeller m_teller;
    QList<Counterexample> m_found;
};
