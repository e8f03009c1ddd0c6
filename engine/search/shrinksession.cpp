// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/shrinksession.h"

#include <algorithm>

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
    m_failureMs = failureMs;
    m_tried = {failing.toScenario()};
    m_held.clear();
    m_evaluations = 0;
    m_accepted = 0;
    m_running = true;
    m_onlyRemovals = false;
    setBest(failing);
    QMetaObject::invokeMethod(this, &ShrinkSession::fill, Qt::QueuedConnection);
}

void ShrinkSession::stop()
{
    if (m_running)
        finish();
}

void ShrinkSession::onlyRemovals()
{
    if (!m_running || m_onlyRemovals)
        return;
    m_onlyRemovals = true;
    m_queue.removeIf([](const Shrinker::Candidate& c) { return !c.removal; });
    for (qsizetype i = m_asking.size() - 1; i >= 0; --i) {
        if (m_asking[i].candidate.removal)
            continue;
        const Asking dropped = m_asking.takeAt(i);
        m_tried.remove(dropped.candidate.schedule.toScenario());
        if (dropped.cancel)
            dropped.cancel();
    }
    fill();
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
        if (failureMs >= 0)
            m_failureMs = failureMs;
        ++m_accepted;
        setBest(answered.candidate.schedule); // from the first kind again
        emit improved(m_best, answered.candidate.what, m_evaluations);
    } else {
        m_held.insert(answered.candidate.schedule.toScenario());
    }
    fill();
}

void ShrinkSession::setBest(const Schedule& best)
{
    m_best = best;
    m_queue = m_shrinker.candidates(m_best, m_failureMs);
    if (m_onlyRemovals)
        m_queue.removeIf([](const Shrinker::Candidate& c) { return !c.removal; });
    m_removals.clear();
    for (const Shrinker::Candidate& c : std::as_const(m_queue))
        if (c.removal)
            m_removals << c.schedule.toScenario();
}

bool ShrinkSession::stepsNeeded() const
{
    return std::all_of(m_removals.cbegin(), m_removals.cend(),
                       [this](const QString& s) { return m_held.contains(s); });
}

// What was cancelled was not answered: it may be asked again (of a later best, the same
// schedule may come up).
void ShrinkSession::cancelAll()
{
    const QList<Asking> asking = std::exchange(m_asking, {});
    for (const Asking& a : asking) {
        m_tried.remove(a.candidate.schedule.toScenario());
        if (a.cancel)
            a.cancel();
    }
}

void ShrinkSession::finish()
{
    if (!m_running)
        return;
    m_running = false;
    cancelAll();
    emit finished(m_best);
}
