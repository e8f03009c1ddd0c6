// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/schedule.h"
#include "search/shrinker.h"

#include <QObject>
#include <QSet>
#include <functional>

// Shrinks a failing schedule: tries the Shrinker's candidates in order and keeps one that
// still fails, then starts over from it, until none fails or the evaluations are spent.
// Whether a candidate fails is asked of a predicate that may take its time (the search runs
// replays on real nodes and answers when most of them agree; a test answers at once).
//
// Up to `parallel` candidates are asked at once, in the Shrinker's order; the first to come
// back failing is kept and the others are cancelled. Which one that is depends on timing
// when several would fail, so two shrinks of one schedule may end apart; the schedule that
// was found does not (it comes from the seed).
class ShrinkSession : public QObject
{
    Q_OBJECT

public:
    // The predicate's answer: whether the schedule still fails, and when it broke (-1: unknown).
    using Answer = std::function<void(bool fails, qint64 failureMs)>;
    using Cancel = std::function<void()>;
    // Starts asking about a candidate; returns what stops asking (its answer never comes).
    using Predicate = std::function<Cancel(const Schedule& candidate, const Answer& answer)>;

    ShrinkSession(const Shrinker& shrinker, Predicate predicate, int maxEvaluations,
                  int parallel = 1, QObject* parent = nullptr);
    ~ShrinkSession() override;

    void start(const Schedule& failing, qint64 failureMs);
    void stop(); // finished() follows with the best so far
    // From now on only the best's removals are asked (each fault, each client left out): the
    // time left shows every step needed, or finds one that is not, rather than rounding a
    // number. finished() follows by itself once they are answered.
    void onlyRemovals();
    const Schedule& best() const { return m_best; }
    int evaluations() const { return m_evaluations; }
    int accepted() const { return m_accepted; }
    bool isRunning() const { return m_running; }
    // Every removal of the best (one fault, or one client, left out) was asked and held: each
    // of its steps is needed. False while some were not asked (stopped by time or bound).
    bool stepsNeeded() const;

signals:
    // A candidate still failed: it is the best now (`what` was done to the one before).
    void improved(const Schedule& best, const QString& what, int evaluations);
    void finished(const Schedule& best);

private:
    struct Asking
    {
        quint64 id = 0;
        Shrinker::Candidate candidate;
        Cancel cancel;
    };

    void fill();
    void onAnswer(quint64 id, bool fails, qint64 failureMs);
    void cancelAll();
    void setBest(const Schedule& best);
    void finish();

    Shrinker m_shrinker;
    Predicate m_predicate;
    int m_maxEvaluations;
    int m_parallel;
    Schedule m_best;
    qint64 m_failureMs = -1;
    QList<Shrinker::Candidate> m_queue;
    QList<Asking> m_asking;
    QSet<QString> m_tried;  // asked (or being asked) about: not again
    QSet<QString> m_held;   // ... of which answered: it held
    QStringList m_removals; // the best's removal candidates
    quint64 m_lastId = 0;
    int m_evaluations = 0;
    int m_accepted = 0;
    bool m_running = false;
    bool m_onlyRemovals = false;
};
