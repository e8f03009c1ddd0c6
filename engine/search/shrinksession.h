// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/schedule.h"
#include "search/shrinker.h"

#include <QObject>
#include <QSet>
#include <functional>

// Shrinks a failing schedule: tries the Shrinker's candidates in order and keeps the first
// that still fails, then starts over from it, until none fails or the evaluations are spent.
// Whether a candidate fails is asked of a predicate that may take its time (the search runs
// replays on real nodes and answers when most of them agree; a test answers at once).
class ShrinkSession : public QObject
{
    Q_OBJECT

public:
    // The predicate's answer: whether the schedule still fails, and when it broke (-1: unknown).
    using Answer = std::function<void(bool fails, qint64 failureMs)>;
    using Predicate = std::function<void(const Schedule& candidate, const Answer& answer)>;

    ShrinkSession(const Shrinker& shrinker, Predicate predicate, int maxEvaluations,
                  QObject* parent = nullptr);

    void start(const Schedule& failing, qint64 failureMs);
    void stop(); // finished() follows with the best so far
    const Schedule& best() const { return m_best; }
    int evaluations() const { return m_evaluations; }
    int accepted() const { return m_accepted; }
    bool isRunning() const { return m_running; }

signals:
    // A candidate still failed: it is the best now (`what` was done to the one before).
    void improved(const Schedule& best, const QString& what, int evaluations);
    void finished(const Schedule& best);

private:
    void next();
    void onAnswer(quint64 generation, const Shrinker::Candidate& candidate, bool fails,
                  qint64 failureMs);
    void finish();

    Shrinker m_shrinker;
    Predicate m_predicate;
    int m_maxEvaluations;
    Schedule m_best;
    qint64 m_failureMs = -1;
    QList<Shrinker::Candidate> m_queue;
    QSet<QString> m_tried;
    int m_evaluations = 0;
    int m_accepted = 0;
    bool m_running = false;
    quint64 m_generation = 0; // answers to a stopped session are ignored
};
