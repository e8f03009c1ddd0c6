// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/counterexamplesearch.h"

#include "base/logcategories.h"
#include "base/outputfile.h"
#include "commands/commandparser.h"
#include "model/clientsettings.h"
#include "record/recordedrun.h"
#include "record/runreader.h"
#include "record/runselfcheck.h"
#include "scenario/scenarioparser.h"
#include "search/replayvote.h"
#include "search/shrinksession.h"
#include "search/storywriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
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
      m_runs(QDir::temp().filePath(QStringLiteral("redlock-search-XXXXXX")))
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

// The shrinking sessions and the votes call the pool when they end (a session cancels its
// candidates' votes, a vote its group): they end here, before the pool, a member, is gone.
// As children of this object they would end after it (~QObject runs after the members'
// destructors): a signal while shrinking once crashed the heap so (issue 32).
CounterexampleSearch::~CounterexampleSearch()
{
    m_vote = nullptr;
    m_shrink = nullptr;
    qDeleteAll(findChildren<ShrinkSession*>(Qt::FindDirectChildrenOnly));
    qDeleteAll(findChildren<ReplayVote*>(Qt::FindDirectChildrenOnly));
}

void CounterexampleSearch::start()
{
    m_elapsed.start();
    m_nextSeed = m_options.seed;
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
    delete m_vote;
    m_vote = nullptr;
    if (m_shrink) {
        m_shrink->disconnect(this);
        m_shrink->deleteLater();
        m_shrink = nullptr;
    }
    m_pool.cancelAll();
    m_searchRunning.clear();
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
    return m_phase == Phase::Searching && !m_budgetOver && !m_tooLate && m_failing.isEmpty() &&
           (!m_redo.empty() || m_options.trials <= 0 || m_nextTrial < m_options.trials) &&
           m_pool.running() + m_pool.waiting() < m_pool.jobs();
}

// The budget is the whole wait: a schedule that fails must still be replayed and told within
// it. Once what is left would not do for that (by the trials' mean length), no new one starts.
bool CounterexampleSearch::tooLateToLaunch() const
{
    if (m_options.budgetS <= 0 || m_timedTrials == 0)
        return false;
    const double trialS = m_trialSeconds / m_timedTrials;
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
        // Trials stopped to replay an earlier one come first: none is skipped.
        int trial = 0;
        if (!m_redo.empty()) {
            trial = *m_redo.begin();
            m_redo.erase(m_redo.begin());
        } else {
            trial = m_nextTrial++;
            m_seedOf.insert(trial, m_nextSeed);
            m_nextSeed = ScheduleGenerator::nextSeed(m_nextSeed);
        }
        const quint64 seed = m_seedOf.value(trial);
        m_searchRunning.insert(trial);
        const Schedule schedule = m_generator.generate(seed);
        m_pool.submit(setupFor(schedule, QStringLiteral("trial-%1").arg(trial)),
                      [this, trial](const TrialResult& r) { onTrial(trial, r); });
    }
}

void CounterexampleSearch::onTrial(int trial, const TrialResult& result)
{
    m_searchRunning.remove(trial);
    if (result.verdict == TrialResult::Verdict::Aborted) {
        QFile::remove(result.runPath);
        return;
    }
    ++m_completed;
    if (result.verdict != TrialResult::Verdict::Invalid) {
        m_trialSeconds += result.seconds;
        ++m_timedTrials;
    }
    for (const ScheduleStep& step : m_generator.generate(m_seedOf.value(trial)).steps)
        if (step.isFault())
            ++m_faultTally[step.faultName()];
    m_finishedTrials.insert(trial, result);
    while (m_finishedTrials.contains(m_firstUnfinished))
        m_finishedTrials.remove(m_firstUnfinished++);
    if (result.verdict == TrialResult::Verdict::Invalid)
        ++m_invalid;
    if (result.failed())
        m_failing.insert(trial, result);
    else
        QFile::remove(result.runPath);
    emit trialFinished(trial, result);
    afterSearchTrial();
}

// A failure waits for the trials before it: the first failing schedule by seed is replayed.
void CounterexampleSearch::afterSearchTrial()
{
    if (m_phase != Phase::Searching)
        return;
    if (!m_failing.isEmpty()) {
        const int first = m_failing.firstKey();
        const bool earlierRunning = std::any_of(m_searchRunning.cbegin(), m_searchRunning.cend(),
                                                [first](int t) { return t < first; });
        if (earlierRunning)
            return;
        // Later ones are not needed to decide which comes first: they stop, to run again
        // once this one is told (when the search goes on).
        m_pool.cancelAll();
        for (int t : std::as_const(m_searchRunning))
            m_redo.insert(t);
        m_searchRunning.clear();
        confirmNext();
        return;
    }
    launch();
    finishIfIdle();
}

void CounterexampleSearch::confirmNext()
{
    if (m_failing.isEmpty()) {
        resume();
        return;
    }
    const int trial = m_failing.firstKey();
    const TrialResult once = m_failing.take(trial);
    QFile::remove(once.runPath);
    setPhase(Phase::Confirming);
    m_candidate = trial;
    m_foundAfterS = m_elapsed.elapsed() / 1000.0;
    emit note(tr("trial %1 broke the property (%2): replaying it %3 times")
                  .arg(trial)
                  .arg(once.why)
                  .arg(m_options.replays));
    const Schedule schedule = m_generator.generate(m_seedOf.value(trial));
    m_vote = new ReplayVote(
        m_pool,
        [this, schedule, trial](int replay) {
            return setupFor(schedule, QStringLiteral("trial-%1-replay-%2").arg(trial).arg(replay));
        },
        m_options.replays, m_options.needed, this);
    connect(m_vote, &ReplayVote::decided, this, &CounterexampleSearch::onConfirmed);
    m_vote->start();
    emitProgress();
}

void CounterexampleSearch::onConfirmed(bool reproduced)
{
    ReplayVote* vote = std::exchange(m_vote, nullptr);
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
    const Schedule schedule = m_generator.generate(m_seedOf.value(m_candidate));
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
    const auto predicate = [this](const Schedule& candidate,
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
    // Candidates asked at once: as many as trials run at once. The pool runs the earliest
    // candidate's replays first (its group is the oldest); the next ones only take the slots
    // it leaves idle (2 jobs and 3 replays to agree: one slot of two, a whole trial long).
    const int parallel = std::max(1, m_options.jobs);
    m_shrink = new ShrinkSession(Shrinker(limits), predicate, MaxShrinkEvaluations, parallel, this);
    connect(m_shrink, &ShrinkSession::improved, this,
            [this](const Schedule& best, const QString& what, int evaluations) {
                emit note(
                    tr("shrunk, %1: %n step(s), %2 s (candidate %3)", nullptr, best.commandCount())
                        .arg(what)
                        .arg(best.endMs / 1000.0, 0, 'f', 1)
                        .arg(evaluations));
                if (m_shrinkClock.elapsed() / 1000.0 > m_shrinkBudgetS)
                    m_shrink->stop();
            });
    connect(m_shrink, &ShrinkSession::finished, this, &CounterexampleSearch::onShrunk);
    emit note(tr("trial %1 counts: shrinking it from %n step(s)", nullptr, schedule.commandCount())
                  .arg(m_candidate));
    m_shrink->start(schedule, vote->failureMs());
    // The last part of the time goes to the best's removals: a result whose every step was
    // tried away and held is a story with nothing to spare (token-get-del, watchdog and
    // careless Redlock had ended at 3 steps on a rounding, their removals never asked).
    double replayS = 0;
    for (const TrialResult& r : m_bestFailing)
        replayS = std::max(replayS, r.seconds);
    const double removalsS = std::min(m_shrinkBudgetS / 2, RemovalRounds * replayS);
    QTimer::singleShot(int((m_shrinkBudgetS - removalsS) * 1000), m_shrink,
                       [shrink = m_shrink] { shrink->onlyRemovals(); });
    QTimer::singleShot(int(m_shrinkBudgetS * 1000), m_shrink,
                       [shrink = m_shrink] { shrink->stop(); });
    emitProgress();
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
    ShrinkSession* shrink = std::exchange(m_shrink, nullptr);
    m_shrinkEvaluations = shrink->evaluations();
    m_stepsNeeded = shrink->stepsNeeded();
    emit note(m_stepsNeeded ? tr("every step is needed: without any one fault or client it held")
                            : tr("shrinking stopped before every step was tried without"));
    shrink->deleteLater();
    delete m_vote; // a replay of a candidate still running when time was up
    m_vote = nullptr;
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
        tell(told, QList<TrialResult>{result} + m_bestFailing, m_shrinkEvaluations);
    } else {
        QFile::remove(result.runPath);
        tell(m_shrunk, m_bestFailing, m_shrinkEvaluations);
    }
    m_bestFailing.clear();
    if (m_options.stopAtFirst || m_phase == Phase::Stopping || m_stopRequested) {
        setPhase(Phase::Done);
        m_pool.cancelAll();
        m_tick.stop();
        emit finished(progress());
        return;
    }
    resume();
}

// The story is told from a failing replay's own history, and checked: the scenario must
// parse, and the run file judged again must say what the live checker said.
void CounterexampleSearch::tell(const Schedule& schedule, const QList<TrialResult>& failing,
                                int evaluations)
{
    Counterexample c;
    c.evaluations = evaluations;
    c.stepsNeeded = m_stepsNeeded;
    c.trial = m_candidate;
    c.trialSeed = m_seedOf.value(m_candidate);
    c.original = m_generator.generate(c.trialSeed);
    c.shrunk = schedule;
    c.topology = m_options.topology;
    c.foundAfterS = m_foundAfterS;
    c.confirmedAfterS = m_confirmedAfterS;
    c.trialsBefore = m_completed;
    c.replayFailures = int(failing.size()) - (schedule == m_shrunk ? 0 : 1);
    c.replayRuns = m_bestRuns;
    const TrialResult narrated = failing.value(0);
    c.failure = m_options.hasProperty() && !narrated.failedLine.isEmpty()
                    ? narrated.failedLine
                    : (narrated.unsafeText().isEmpty() ? narrated.why : narrated.unsafeText());

    QString error;
    const std::shared_ptr<RecordedRun> run = RunReader::read(narrated.runPath, &error);
    const std::vector<HistoryEvent> none;
    ClientSettings settings;
    settings = settings.withAssignments(schedule.defaults, &error).value_or(settings);
    StoryWriter writer;
    StoryWriter::Run story;
    story.schedule = &schedule;
    story.events = run ? &run->events : &none;
    story.settings = &settings;
    story.ranToItsEnd = narrated.scenarioEnded;
    // The checker's verdict is told by what happened; a property's expectations by name.
    if (m_options.hasProperty())
        for (const QString& e : narrated.expectations)
            if (e.contains(QStringLiteral("✗")))
                story.failedExpectations << e;
    static const QRegularExpression waitLine(
        QStringLiteral("^wait until acquired\\((\\w+)\\)\\s+(\\d+)"));
    if (const auto m = waitLine.match(narrated.failedLine); m.hasMatch()) {
        story.waitedFor = narrated.failedLine;
        story.waiter = m.captured(1);
        story.waitedMs = m.captured(2).toInt();
    }
    const QList<Schedule::Caption> captions = writer.captions(story);
    for (const Schedule::Caption& caption : captions)
        c.story << caption.en;
    c.storyTranslated = writer.translated();
    if (run)
        c.selfCheck = RunSelfCheck::problems(narrated.runPath, narrated.counters);
    else
        c.selfCheck << error;

    QStringList faults;
    for (auto k : m_options.faults)
        faults << SearchOptions::faultName(k);
    const QStringList comments{
        QStringLiteral("Counterexample found by redlockscope --search: trial %1 (seed %2) broke "
                       "the property; it failed in %3 of %4 replays.")
            .arg(c.trial)
            .arg(c.trialSeed)
            .arg(c.replayFailures)
            .arg(c.replayRuns),
        QStringLiteral("%1; faults drawn from: %2; shrunk from %3 to %4 step(s).")
            .arg(Strategy::name(m_options.strategy),
                 faults.isEmpty() ? QStringLiteral("none") : faults.join(QLatin1Char(',')))
            .arg(c.original.commandCount())
            .arg(schedule.commandCount()),
        m_options.topology == EngineConfig::Topology::Replicated
            ? QStringLiteral("Play it: redlockscope --topology replicated --scenario FILE "
                             "(--headless: exit 1, the expect lines fail)")
            : QStringLiteral("Play it: redlockscope --scenario FILE (--headless: exit 1, the "
                             "expect lines fail)"),
    };
    c.scenario = schedule.toScenario(comments, captions, expectLines(narrated));
    ScenarioParser::Error parseError;
    if (!ScenarioParser::parse(c.scenario, QStringLiteral("counterexample"),
                               CommandParser::Context{m_options.nodeCount()}, &parseError))
        c.selfCheck << tr("the scenario written does not parse: %1").arg(parseError.message);
    c.shrunkAfterS = m_elapsed.elapsed() / 1000.0;
    c.path = save(&c, narrated.runPath);
    if (!c.path.isEmpty())
        c.runPath = QFileInfo(c.path).path() + QDir::separator() +
                    QFileInfo(c.path).completeBaseName() + QStringLiteral(".jsonl");
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
        m_searchRunning.clear();
        if (!m_failing.isEmpty()) {
            unconfirmed(m_failing.firstKey());
            removeRuns(m_failing.values());
            m_failing.clear();
        }
        finishIfIdle();
        break;
    case Phase::Confirming:
        delete m_vote;
        m_vote = nullptr;
        unconfirmed(m_candidate);
        removeRuns(m_failing.values());
        m_failing.clear();
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
                  .arg(m_seedOf.value(trial)));
}

void CounterexampleSearch::resume()
{
    setPhase(Phase::Searching);
    m_candidate = -1;
    if (!m_failing.isEmpty()) {
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
    const bool searchingDone = m_phase == Phase::Searching && m_searchRunning.isEmpty() &&
                               m_failing.isEmpty() && !canLaunch();
    if (!searchingDone && m_phase != Phase::Stopping)
        return;
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
    p.trials = m_completed;
    p.invalid = m_invalid;
    p.flaky = m_flaky;
    p.found = int(m_found.size());
    p.replays = m_replays;
    p.elapsedS = m_elapsed.isValid() ? m_elapsed.elapsed() / 1000.0 : 0;
    p.budgetS = m_options.trials > 0
                    ? 0
                    : (m_options.budgetS > 0 ? m_options.budgetS : SearchOptions::DefaultBudgetS);
    p.trialBudget = m_options.trials;
    p.trialsPerSecond = p.elapsedS > 0 ? m_completed / p.elapsedS : 0;
    if (p.trialBudget > 0 && p.trialsPerSecond > 0)
        p.secondsLeft = std::max(0.0, (p.trialBudget - m_completed) / p.trialsPerSecond);
    else if (p.budgetS > 0)
        p.secondsLeft = std::max(0.0, p.budgetS - p.elapsedS);
    p.shrinkEvaluations = m_shrink ? m_shrink->evaluations() : 0;
    p.bestSteps = m_shrink ? m_shrink->best().commandCount() : -1;
    const int from =
        m_unconfirmed >= 0 ? std::min(m_unconfirmed, m_firstUnfinished) : m_firstUnfinished;
    p.continueSeed = m_seedOf.value(from, m_nextSeed);
    p.faults = m_faultTally;
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
    s.text = schedule.toScenario({}, {}, propertyLines());
    s.origin = QStringLiteral("search:") + name;
    s.propertyFirstLine = schedule.propertyFirstLine();
    s.stopAtViolation = !m_options.hasProperty();
    s.timeoutMs = schedule.endMs + TrialSlackMs;
    return s;
}

// What every trial checks after its schedule: the property's lines, or the checker's verdict.
QStringList CounterexampleSearch::propertyLines() const
{
    if (!m_options.hasProperty())
        return {QStringLiteral("expect safe")};
    return m_options.property.split(QLatin1Char('\n'));
}

// What the scenario expects and does not get: the property's own lines, or for the safety
// verdict one line per kind of damage the told run had ("expect overlaps == 0").
QStringList CounterexampleSearch::expectLines(const TrialResult& narrated) const
{
    if (m_options.hasProperty())
        return propertyLines();
    QStringList lines;
    for (const QString& kind : narrated.unsafeKinds())
        lines << QStringLiteral("expect %1 == 0").arg(kind);
    if (lines.isEmpty())
        lines << QStringLiteral("expect safe");
    return lines;
}

// The scenario and its run, each written whole (OutputFile) or said not to be: a finding that
// could not be saved (a full disk, --out a device) is reported, never lost in silence
// (Counterexample::saveError).
QString CounterexampleSearch::save(Counterexample* c, const QString& runPath)
{
    if (m_options.outDir.isEmpty())
        return {};
    QDir dir(m_options.outDir);
    if (!QFileInfo(m_options.outDir).isDir() && !dir.mkpath(QStringLiteral("."))) {
        c->saveError = tr("cannot create the folder %1").arg(m_options.outDir);
        emit note(c->saveError);
        return {};
    }
    const QString base = QStringLiteral("counterexample-%1-%2")
                             .arg(Strategy::name(m_options.strategy))
                             .arg(c->trialSeed);
    QString path = dir.filePath(base + QStringLiteral(".rls"));
    QString error;
    if (!OutputFile::save(path, c->scenario.toUtf8(), &error)) {
        c->saveError = error;
        emit note(tr("cannot write %1: %2").arg(path, error));
        return {};
    }
    QFile run(runPath);
    if (!run.open(QIODevice::ReadOnly) ||
        !OutputFile::save(dir.filePath(base + QStringLiteral(".jsonl")), run.readAll(), &error)) {
        c->saveError = error.isEmpty() ? run.errorString() : error;
        emit note(tr("cannot copy the run %1: %2").arg(runPath, c->saveError));
    }
    return path;
}
