// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/counterexamplesearch.h"

#include "base/logcategories.h"
#include "model/clientsettings.h"

#include <QDir>
#include <QFile>
#include <QPointer>
#include <QRegularExpression>
#include <algorithm>

namespace {

constexpr int TickMs = 250;
// A trial's time beyond its schedule before it is given up: nodes to start (a replicated
// fleet waits for its Sentinels), the property's own waits, the nodes to stop.
constexpr int TrialSlackMs = 60'000;
// The story's run is longer than the schedule (a lock and its work after it) and starts and
// stops its nodes: set aside on top of the trials' mean length (CounterexampleSearch::
// tooLateToLaunch).
constexpr double StoryTailS = 6.0;
// The removals of a shrunk schedule (2 clients and a fault: 2) asked at the end of shrinking,
// in replays of the failing schedule's length: each rejected in one round of 2 jobs.
constexpr double RemovalRounds = 3.0;

void removeRuns(const QList<TrialResult>& results)
{
    for (const TrialResult& r : results)
        QFile::remove(r.runPath);
}

} // namespace

CounterexampleSearch::CounterexampleSearch(const SearchOptions& options, QObject* parent)
    : QObject(parent), m_options(options), m_generator(options), m_pool(options.jobs),
      m_runs(QDir::temp().filePath(QStringLiteral("redlock-search-XXXXXX"))), m_sweep(options.seed),
      m_teller(m_options)
{
    qRegisterMetaType<SearchProgress>();
    qRegisterMetaType<Counterexample>();
    m_tick.setInterval(TickMs);
    connect(&m_tick, &QTimer::timeout, this, [this] {
        if (!m_budgetOver && m_options.budgetS > 0 &&
            m_elapsed.elapsed() / 1000.0 >= m_options.budgetS) {
            m_budgetOver = true;
            emit note(tr("the budget of %1 s is spent").arg(m_options.budgetS));
            onBudgetSpent();
        }
        emitProgress();
    });
}

// The shrinking session and the votes call the pool when they end (a session cancels its
// candidates' votes, a vote its group): they end before the pool, a member, is gone. The
// session and the finding's vote are members declared after it; the candidates' votes are
// children, which would end after it (~QObject runs after the members' destructors): a
// signal while shrinking once crashed the heap so (issue 32).
CounterexampleSearch::~CounterexampleSearch()
{
    m_shrink.reset();
    qDeleteAll(findChildren<ReplayVote*>(Qt::FindDirectChildrenOnly));
}

void CounterexampleSearch::start()
{
    m_elapsed.start();
    setPhase(Phase::Searching);
    m_tick.start();
    emit note(tr("searching: %1, faults %2, %3 client(s), at most %4 node(s) faulty at once, "
                 "seed %5")
                  .arg(Strategy::name(m_options.strategy),
                       m_options.faults.isEmpty()
                           ? tr("none")
                           : [this] {
                                 QStringList names;
                                 for (auto k : m_options.faults)
                                     names << SearchOptions::faultName(k);
                                 return names.join(QLatin1Char(','));
                             }())
                  .arg(m_options.clients)
                  .arg(m_options.faultyBound())
                  .arg(m_options.seed));
    launch();
}

// A confirmed counterexample is a finding, however far its shrinking got: stopped while
// shrinking or telling, the best schedule so far is told from its failing replays and saved
// before finished() (onShrunk, onTold). Otherwise what runs stops and nothing is told.
void CounterexampleSearch::stop()
{
    if (m_phase == Phase::Done || m_stopRequested)
        return;
    m_stopRequested = true;
    if (m_phase == Phase::Shrinking && m_shrink) {
        m_shrink->stop(); // onShrunk() tells the best so far without another run
        return;
    }
    if (m_phase == Phase::Telling) {
        m_pool.cancelAll();
        onTold(m_shrunk, TrialResult());
        return;
    }
    setPhase(Phase::Stopping);
    m_vote.reset();
    m_shrink.reset();
    m_pool.cancelAll();
    m_sweep.dropRunning();
    finishIfIdle();
}

Schedule CounterexampleSearch::scheduleOf(int trial) const
{
    quint64 seed = m_options.seed;
    for (int k = 0; k < trial; ++k)
        seed = ScheduleGenerator::nextSeed(seed);
    return m_generator.generate(seed);
}

bool CounterexampleSearch::canLaunch() const
{
    return m_phase == Phase::Searching && !m_budgetOver && !m_tooLate && !m_sweep.hasFailing() &&
           m_sweep.canTake(m_options.trials) && m_pool.running() + m_pool.waiting() < m_pool.jobs();
}

// The budget is the whole wait: a schedule that fails must still be replayed and told within
// it. Once what is left would not do for that (by the trials' mean length), no new one starts.
bool CounterexampleSearch::tooLateToLaunch() const
{
    const double trialS = m_sweep.meanTrialSeconds();
    if (m_options.budgetS <= 0 || trialS <= 0)
        return false;
    const int rounds = (m_options.needed + m_options.jobs - 1) / m_options.jobs;
    // The trial itself, the replays that confirm it, the story's run and its longer end.
    const double needS = trialS * (rounds + 2) + StoryTailS;
    return m_elapsed.elapsed() / 1000.0 + needS > m_options.budgetS;
}

void CounterexampleSearch::launch()
{
    if (m_phase == Phase::Searching && !m_tooLate && !m_budgetOver && tooLateToLaunch()) {
        m_tooLate = true;
        emit note(tr("no new schedule from %1 s on: the budget left would not replay and tell "
                     "one that fails")
                      .arg(m_elapsed.elapsed() / 1000.0, 0, 'f', 1));
    }
    while (canLaunch()) {
        const int trial = m_sweep.take();
        const Schedule schedule = m_generator.generate(m_sweep.seedOf(trial));
        m_pool.submit(setupFor(schedule, QStringLiteral("trial-%1").arg(trial)),
                      [this, trial](const TrialResult& r) { onTrial(trial, r); });
    }
}

void CounterexampleSearch::onTrial(int trial, const TrialResult& result)
{
    const bool counted = m_sweep.ended(trial, result, m_generator.generate(m_sweep.seedOf(trial)));
    if (!result.failed() || !counted)
        QFile::remove(result.runPath); // a failing one's run is kept for its replays' story
    if (!counted)
        return;
    emit trialFinished(trial, result);
    afterSearchTrial();
}

// A failure waits for the trials before it: the first failing schedule by seed is replayed.
void CounterexampleSearch::afterSearchTrial()
{
    if (m_phase != Phase::Searching)
        return;
    if (m_sweep.hasFailing()) {
        if (m_sweep.firstFailure() < 0)
            return; // a trial before it still runs
        // Later ones are not needed to decide which comes first: they stop, to run again
        // once this one is told (when the search goes on).
        m_pool.cancelAll();
        m_sweep.setAside();
        confirmNext();
        return;
    }
    launch();
    finishIfIdle();
}

void CounterexampleSearch::confirmNext()
{
    if (!m_sweep.hasFailing()) {
        resume();
        return;
    }
    const int trial = m_sweep.firstFailing();
    const TrialResult once = m_sweep.takeFailing(trial);
    QFile::remove(once.runPath);
    setPhase(Phase::Confirming);
    m_candidate = trial;
    m_foundAfterS = m_elapsed.elapsed() / 1000.0;
    emit note(tr("trial %1 broke the property (%2): replaying it %3 times")
                  .arg(trial)
                  .arg(once.why)
                  .arg(m_options.replays));
    const Schedule schedule = m_generator.generate(m_sweep.seedOf(trial));
    m_vote = std::make_unique<ReplayVote>(
        m_pool,
        [this, schedule, trial](int replay) {
            return setupFor(schedule, QStringLiteral("trial-%1-replay-%2").arg(trial).arg(replay));
        },
        m_options.replays, m_options.needed);
    connect(m_vote.get(), &ReplayVote::decided, this, &CounterexampleSearch::onConfirmed);
    m_vote->start();
    emitProgress();
}

void CounterexampleSearch::onConfirmed(bool reproduced)
{
    ReplayVote* vote = m_vote.release(); // in its own signal: it goes later
    vote->deleteLater();
    m_replays += vote->runs();
    emit note(tr("trial %1 failed in %2 of %3 replays")
                  .arg(m_candidate)
                  .arg(vote->failures())
                  .arg(vote->runs()));
    if (!reproduced) {
        ++m_flaky;
        removeRuns(vote->failed());
        confirmNext();
        return;
    }
    m_confirmedAfterS = m_elapsed.elapsed() / 1000.0;
    m_bestFailing = vote->failed();
    m_bestRuns = vote->runs();
    startShrinking(m_generator.generate(m_sweep.seedOf(m_candidate)), vote->failureMs());
}

void CounterexampleSearch::startShrinking(const Schedule& schedule, qint64 failureMs)
{
    setPhase(Phase::Shrinking);
    m_shrinkClock.start();
    m_shrinkBudgetS = shrinkBudget(m_options, m_elapsed.elapsed() / 1000.0, tellSeconds(schedule));
    Shrinker::Limits limits;
    for (const QString& client : schedule.clients())
        if (QRegularExpression(QStringLiteral("\\b%1\\b").arg(client))
                .match(m_options.property)
                .hasMatch())
            limits.keepClients << client;
    for (const QString& a : m_options.pinned)
        limits.pinnedKeys << a.section(QLatin1Char('='), 0, 0).trimmed().toLower();
    // Candidates asked at once: as many as trials run at once. The pool runs the earliest
    // candidate's replays first (its group is the oldest); the next ones only take the slots
    // it leaves idle (2 jobs and 3 replays to agree: one slot of two, a whole trial long).
    const int parallel = std::max(1, m_options.jobs);
    m_shrink = std::make_unique<ShrinkSession>(Shrinker(limits), shrinkPredicate(),
                                               MaxShrinkEvaluations, parallel);
    ShrinkSession* shrink = m_shrink.get();
    connect(shrink, &ShrinkSession::improved, this,
            [this, shrink](const Schedule& best, const QString& what, int evaluations) {
                emit note(
                    tr("shrunk, %1: %n step(s), %2 s (candidate %3)", nullptr, best.commandCount())
                        .arg(what)
                        .arg(best.endMs / 1000.0, 0, 'f', 1)
                        .arg(evaluations));
                if (m_shrinkClock.elapsed() / 1000.0 > m_shrinkBudgetS)
                    shrink->stop();
            });
    connect(shrink, &ShrinkSession::finished, this, &CounterexampleSearch::onShrunk);
    emit note(tr("trial %1 counts: shrinking it from %n step(s)", nullptr, schedule.commandCount())
                  .arg(m_candidate));
    shrink->start(schedule, failureMs);
    // The last part of the time goes to the best's removals: a result whose every step was
    // tried away and held is a story with nothing to spare (token-get-del, watchdog and
    // careless Redlock had ended at 3 steps on a rounding, their removals never asked).
    double replayS = 0;
    for (const TrialResult& r : m_bestFailing)
        replayS = std::max(replayS, r.seconds);
    const double removalsS = std::min(m_shrinkBudgetS / 2, RemovalRounds * replayS);
    QTimer::singleShot(int((m_shrinkBudgetS - removalsS) * 1000), shrink,
                       [shrink] { shrink->onlyRemovals(); });
    QTimer::singleShot(int(m_shrinkBudgetS * 1000), shrink, [shrink] { shrink->stop(); });
    emitProgress();
}

// Whether a candidate still fails: replayed as the finding was (3 of 4), the best's failing
// replays kept for the story.
ShrinkSession::Predicate CounterexampleSearch::shrinkPredicate()
{
    return [this](const Schedule& candidate,
                  const ShrinkSession::Answer& answer) -> ShrinkSession::Cancel {
        const int serial = ++m_voteCount;
        auto* vote = new ReplayVote(
            m_pool,
            [this, candidate, serial](int replay) {
                return setupFor(candidate,
                                QStringLiteral("shrink-%1-replay-%2").arg(serial).arg(replay));
            },
            m_options.replays, m_options.needed, this);
        connect(vote, &ReplayVote::decided, this, [this, vote, answer](bool fails) {
            vote->deleteLater();
            m_replays += vote->runs();
            if (fails) {
                removeRuns(m_bestFailing);
                m_bestFailing = vote->failed();
                m_bestRuns = vote->runs();
            } else {
                removeRuns(vote->failed());
            }
            answer(fails, vote->failureMs());
            emitProgress();
        });
        vote->start();
        return [vote = QPointer<ReplayVote>(vote)] {
            if (vote) {
                vote->cancel();
                removeRuns(vote->failed());
                vote->deleteLater();
            }
        };
    };
}

double CounterexampleSearch::shrinkBudget(const SearchOptions& options, double elapsedS,
                                          double tellS)
{
    if (options.budgetS <= 0) // a number of trials: shrinking has its own bound only
        return options.shrinkBudgetS;
    return std::clamp(options.budgetS - elapsedS - tellS, 0.0, options.shrinkBudgetS);
}

// The story's run, set aside before shrinking starts: as long as the longest failing replay of
// the schedule (the shrunk one is no longer) and the time a lock and its work take after it.
double CounterexampleSearch::tellSeconds(const Schedule& schedule) const
{
    double longest = 0;
    for (const TrialResult& r : m_bestFailing)
        longest = std::max(longest, r.seconds);
    ClientSettings settings;
    QString error;
    settings = settings.withAssignments(schedule.defaults, &error).value_or(settings);
    // The story's run also starts and stops its nodes (measured: failover-kill and
    // redlock-clock ended 0.3 s past a 180 s budget without this margin).
    constexpr double NodesStartAndStopS = 2.0;
    return longest + std::min(8000, settings.lock.ttlMs + settings.workMaxMs + 500) / 1000.0 +
           NodesStartAndStopS;
}

// The story needs what the failure led to (the stale write, the lost update), which the
// shrunk schedule may end before: one more run of it, not stopped at the first violation and
// given the time a lock and its work take, is told instead when it fails too.
void CounterexampleSearch::onShrunk(const Schedule& best)
{
    ShrinkSession* shrink = m_shrink.release(); // in its own signal: it goes later
    shrink->deleteLater();
    m_shrinkEvaluations = shrink->evaluations();
    m_stepsNeeded = shrink->stepsNeeded();
    emit note(m_stepsNeeded ? tr("every step is needed: without any one fault or client it held")
                            : tr("shrinking stopped before every step was tried without"));
    setPhase(Phase::Telling);
    m_shrunk = best;
    emitProgress();
    if (m_budgetOver || m_stopRequested) { // no time for one more run: told from its replays
        onTold(best, TrialResult());
        return;
    }
    ClientSettings settings;
    QString error;
    settings = settings.withAssignments(best.defaults, &error).value_or(settings);
    Schedule told = best;
    told.endMs += std::min(8000, settings.lock.ttlMs + settings.workMaxMs + 500);
    TrialRunner::Setup setup = setupFor(told, QStringLiteral("told-%1").arg(m_candidate));
    setup.stopAtViolation = false;
    emit note(tr("telling the story from one more run, %1 s longer")
                  .arg((told.endMs - best.endMs) / 1000.0, 0, 'f', 1));
    m_pool.submit(setup, [this, told](const TrialResult& r) { onTold(told, r); });
}

void CounterexampleSearch::onTold(const Schedule& told, const TrialResult& result)
{
    if (!result.runPath.isEmpty()) // not when the budget left no time for the run
        ++m_replays;
    if (result.failed()) {
        tell(told, QList<TrialResult>{result} + m_bestFailing, true);
    } else {
        QFile::remove(result.runPath);
        tell(m_shrunk, m_bestFailing, false);
    }
    m_bestFailing.clear();
    if (m_options.stopAtFirst || m_phase == Phase::Stopping || m_stopRequested) {
        setPhase(Phase::Done); // before the pool's cancelled trials report
        m_pool.cancelAll();
        finish();
        return;
    }
    resume();
}

// The story, told and saved by the teller, is a finding (CounterexampleTeller). `schedule` is
// the shrunk one, or the one the story's own run played (the shrunk one, longer) when that run
// failed too and is narrated.
void CounterexampleSearch::tell(const Schedule& schedule, const QList<TrialResult>& failing,
                                bool extraRun)
{
    CounterexampleTeller::Finding f;
    f.trial = m_candidate;
    f.trialSeed = m_sweep.seedOf(m_candidate);
    f.original = m_generator.generate(f.trialSeed);
    f.shrunk = schedule;
    f.failing = failing;
    f.extraRun = extraRun;
    f.replayRuns = m_bestRuns;
    f.evaluations = m_shrinkEvaluations;
    f.stepsNeeded = m_stepsNeeded;
    f.trialsBefore = m_sweep.completed();
    f.foundAfterS = m_foundAfterS;
    f.confirmedAfterS = m_confirmedAfterS;
    f.shrunkAfterS = m_elapsed.elapsed() / 1000.0;
    QStringList notes;
    const Counterexample c = m_teller.tell(f, &notes);
    for (const QString& n : std::as_const(notes))
        emit note(n);
    removeRuns(failing);
    m_found << c;
    emit counterexampleFound(c);
}

// The budget is the user's whole wait: what runs stops. A trial that failed once and was not
// replayed is no finding, but said, and the seed to continue from begins with it; a shrinking
// ends with its best; a story's run still going is dropped for the failing replay at hand.
void CounterexampleSearch::onBudgetSpent()
{
    switch (m_phase) {
    case Phase::Searching:
        m_pool.cancelAll();
        m_sweep.dropRunning();
        if (m_sweep.hasFailing())
            unconfirmed(m_sweep.firstFailing());
        removeRuns(m_sweep.takeAllFailing());
        finishIfIdle();
        break;
    case Phase::Confirming:
        m_vote.reset();
        unconfirmed(m_candidate);
        removeRuns(m_sweep.takeAllFailing());
        resume();
        break;
    case Phase::Shrinking:
        if (m_shrink)
            m_shrink->stop(); // onShrunk() tells it from what it has
        break;
    case Phase::Telling:
        m_pool.cancelAll();
        onTold(m_shrunk, TrialResult());
        break;
    case Phase::Stopping:
    case Phase::Done:
        break;
    }
}

void CounterexampleSearch::unconfirmed(int trial)
{
    if (m_unconfirmed < 0 || trial < m_unconfirmed)
        m_unconfirmed = trial;
    emit note(tr("trial %1 failed once, but the budget ended before its replays: continue with "
                 "seed %2 to replay it first")
                  .arg(trial)
                  .arg(m_sweep.seedOf(trial)));
}

void CounterexampleSearch::resume()
{
    setPhase(Phase::Searching);
    m_candidate = -1;
    if (m_sweep.hasFailing()) {
        confirmNext();
        return;
    }
    launch();
    finishIfIdle();
}

void CounterexampleSearch::finishIfIdle()
{
    if (m_phase == Phase::Done)
        return;
    const bool searchingDone =
        m_phase == Phase::Searching && !m_sweep.running() && !m_sweep.hasFailing() && !canLaunch();
    if (searchingDone || m_phase == Phase::Stopping)
        finish();
}

void CounterexampleSearch::finish()
{
    if (m_phase != Phase::Done)
        setPhase(Phase::Done);
    m_tick.stop();
    emit finished(progress());
}

SearchProgress::Phase CounterexampleSearch::publicPhase() const
{
    switch (m_phase) {
    case Phase::Searching:
        return SearchProgress::Phase::Searching;
    case Phase::Confirming:
        return SearchProgress::Phase::Confirming;
    case Phase::Shrinking:
        return SearchProgress::Phase::Shrinking;
    case Phase::Telling:
        return SearchProgress::Phase::Telling;
    case Phase::Stopping:
    case Phase::Done:
        break;
    }
    return SearchProgress::Phase::Finished;
}

SearchProgress CounterexampleSearch::progress() const
{
    SearchProgress p;
    p.phase = publicPhase();
    p.trials = m_sweep.completed();
    p.invalid = m_sweep.invalid();
    p.flaky = m_flaky;
    p.found = int(m_found.size());
    p.replays = m_replays;
    p.elapsedS = m_elapsed.isValid() ? m_elapsed.elapsed() / 1000.0 : 0;
    p.budgetS = m_options.trials > 0
                    ? 0
                    : (m_options.budgetS > 0 ? m_options.budgetS : SearchOptions::DefaultBudgetS);
    p.trialBudget = m_options.trials;
    p.trialsPerSecond = p.elapsedS > 0 ? p.trials / p.elapsedS : 0;
    if (p.trialBudget > 0 && p.trialsPerSecond > 0)
        p.secondsLeft = std::max(0.0, (p.trialBudget - p.trials) / p.trialsPerSecond);
    else if (p.budgetS > 0)
        p.secondsLeft = std::max(0.0, p.budgetS - p.elapsedS);
    p.shrinkEvaluations = m_shrink ? m_shrink->evaluations() : 0;
    p.bestSteps = m_shrink ? m_shrink->best().commandCount() : -1;
    p.continueSeed = m_sweep.continueSeed(m_unconfirmed);
    p.faults = m_sweep.faultTally();
    return p;
}

// Every change of phase goes through here: redlock.search traces them.
void CounterexampleSearch::setPhase(Phase phase)
{
    static constexpr const char* Names[] = {"searching", "confirming", "shrinking",
                                            "telling",   "stopping",   "done"};
    qCDebug(lcSearch) << "phase" << Names[int(m_phase)] << "->" << Names[int(phase)];
    m_phase = phase;
}

void CounterexampleSearch::emitProgress()
{
    emit progressed(progress());
}

TrialRunner::Setup CounterexampleSearch::setupFor(const Schedule& schedule,
                                                  const QString& name) const
{
    TrialRunner::Setup s;
    s.config = m_options.trialConfig();
    s.config.recordPath = m_runs.filePath(name + QStringLiteral(".jsonl"));
    s.text = schedule.toScenario({}, {}, CounterexampleTeller::propertyLines(m_options));
    s.origin = QStringLiteral("search:") + name;
    s.propertyFirstLine = schedule.propertyFirstLine();
    s.stopAtViolation = !m_options.hasProperty();
    s.timeoutMs = schedule.endMs + TrialSlackMs;
    return s;
}
