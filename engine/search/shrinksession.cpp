// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/shrinksession.h"

ShrinkSession::ShrinkSession(const Shrinker& shrinker, Predicate predicate, int maxEvaluations,
                             QObject* parent)
    : QObject(parent), m_shrinker(shrinker), m_predicate(std::move(predicate)),
      m_maxEvaluations(maxEvaluations)
{}

void ShrinkSession::start(const Schedule& failing, qint64 failureMs)
{
    ++m_generation;
    m_best = failing;
    m_failureMs = failureMs;
    m_queue.clear();
    m_tried = {failing.toScenario()};
    m_evaluations = 0;
    m_accepted = 0;
    m_running = true;
    m_queue = m_shrinker.candidates(m_best, m_failureMs);
    QMetaObject::invokeMethod(this, &ShrinkSession::next, Qt::QueuedConnection);
}

void ShrinkSession::stop()
{
    if (m_running)
        finish();
}

void ShrinkSession::next()
{
    if (!m_running)
        return;
    while (!m_queue.isEmpty() && m_tried.contains(m_queue.first().schedule.toScenario()))
        m_queue.removeFirst();
    if (m_queue.isEmpty() || m_evaluations >= m_maxEvaluations) {
        finish();
        return;
    }
    const Shrinker::Candidate candidate = m_queue.takeFirst();
    m_tried.insert(candidate.schedule.toScenario());
    ++m_evaluations;
    const quint64 generation = m_generation;
    m_predicate(candidate.schedule, [this, generation, candidate](bool fails, qint64 failureMs) {
        // Queued: a predicate that answers at once must not recurse into the next candidate.
        QMetaObject::invokeMethod(
            this,
            [this, generation, candidate, fails, failureMs] {
                onAnswer(generation, candidate, fails, failureMs);
            },
            Qt::QueuedConnection);
    });
}

void ShrinkSession::onAnswer(quint64 generation, const Shrinker::Candidate& candidate, bool fails,
                             qint64 failureMs)
{
    if (generation != m_generation || !m_running)
        return;
    if (fails) {
        m_best = candidate.schedule;
        if (failureMs >= 0)
            m_failureMs = failureMs;
        ++m_accepted;
        m_queue = m_shrinker.candidates(m_best, m_failureMs); // from the first kind again
        emit improved(m_best, candidate.what, m_evaluations);
    }
    next();
}

void ShrinkSession::finish()
{
    m_running = false;
    ++m_generation;
    emit finished(m_best);
}
