// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/shrinksession.h"

ShrinkSession::ShrinkSession(const Shrinker& shrinker, Predicate predicate, int maxEvaluations,
                             int parallel, QObject* parent)
    : QObject(parent), m_shrinker(shrinker), m_predicate(std::move(predicate)),
      m_maxEvaluations(maxEvaluations), m_parallel(std::max(1, parallel))
{}

ShrinkSession::~ShrinkSession()
{
    cancelAll();
}

void ShrinkSession::start(const Schedule& failing, qint64 failureMs)
{
    cancelAll();
    m_best = failing;
    m_failureMs = failureMs;
    m_tried = {failing.toScenario()};
    m_evaluations = 0;
    m_accepted = 0;
    m_running = true;
    m_queue = m_shrinker.candidates(m_best, m_failureMs);
    QMetaObject::invokeMethod(this, &ShrinkSession::fill, Qt::QueuedConnection);
}

void ShrinkSession::stop()
{
    if (m_running)
        finish();
}

void ShrinkSession::fill()
{
    if (!m_running)
        return;
    while (int(m_asking.size()) < m_parallel && m_evaluations < m_maxEvaluations) {
        while (!m_queue.isEmpty() && m_tried.contains(m_queue.first().schedule.toScenario()))
            m_queue.removeFirst();
        if (m_queue.isEmpty())
            break;
        Asking asking;
        asking.id = ++m_lastId;
        asking.candidate = m_queue.takeFirst();
        m_tried.insert(asking.candidate.schedule.toScenario());
        ++m_evaluations;
        const quint64 id = asking.id;
        m_asking.append(asking);
        // Queued: a predicate that answers at once must not recurse into the next candidate.
        const Cancel cancel =
            m_predicate(asking.candidate.schedule, [this, id](bool fails, qint64 failureMs) {
                QMetaObject::invokeMethod(
                    this, [this, id, fails, failureMs] { onAnswer(id, fails, failureMs); },
                    Qt::QueuedConnection);
            });
        for (Asking& a : m_asking)
            if (a.id == id)
                a.cancel = cancel;
    }
    if (m_asking.isEmpty())
        finish();
}

void ShrinkSession::onAnswer(quint64 id, bool fails, qint64 failureMs)
{
    qsizetype index = -1;
    for (qsizetype i = 0; i < m_asking.size(); ++i)
        if (m_asking[i].id == id)
            index = i;
    if (!m_running || index < 0)
        return; // cancelled meanwhile
    const Asking answered = m_asking.takeAt(index);
    if (fails) {
        cancelAll(); // they were asked about the schedule before this one
        m_best = answered.candidate.schedule;
        if (failureMs >= 0)
            m_failureMs = failureMs;
        ++m_accepted;
        m_queue = m_shrinker.candidates(m_best, m_failureMs); // from the first kind again
        emit improved(m_best, answered.candidate.what, m_evaluations);
    }
    fill();
}

void ShrinkSession::cancelAll()
{
    const QList<Asking> asking = std::exchange(m_asking, {});
    for (const Asking& a : asking)
        if (a.cancel)
            a.cancel();
}

void ShrinkSession::finish()
{
    if (!m_running)
        return;
    m_running = false;
    cancelAll();
    emit finished(m_best);
}
