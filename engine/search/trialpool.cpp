// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/trialpool.h"

#include <algorithm>

TrialPool::TrialPool(int jobs, QObject* parent) : QObject(parent), m_jobs(std::max(1, jobs)) {}

TrialPool::~TrialPool()
{
    m_waiting.clear();
    for (Running& r : m_running)
        delete r.runner; // stops its engine and nodes (blocking)
    m_running.clear();
}

void TrialPool::submit(const TrialRunner::Setup& setup, const Done& done, quint64 group)
{
    m_waiting.append({setup, done, group});
    startWaiting();
}

void TrialPool::cancelGroup(quint64 group)
{
    m_waiting.removeIf([group](const Job& j) { return j.group == group; });
    for (Running& r : m_running) {
        if (r.group != group || !r.done)
            continue;
        r.done = nullptr;
        r.runner->abort();
    }
}

void TrialPool::cancelAll()
{
    m_waiting.clear();
    for (Running& r : m_running) {
        if (!r.done)
            continue;
        r.done = nullptr;
        r.runner->abort();
    }
}

void TrialPool::startWaiting()
{
    while (running() < m_jobs && !m_waiting.isEmpty()) {
        // The oldest group first (a shrinking's earlier candidate decides first), in order
        // within it; trials of no group (0) as they came.
        const auto next =
            std::min_element(m_waiting.cbegin(), m_waiting.cend(),
                             [](const Job& a, const Job& b) { return a.group < b.group; });
        Job job = m_waiting.takeAt(next - m_waiting.cbegin());
        auto* runner = new TrialRunner(job.setup, this);
        m_running.append({runner, job.done, job.group});
        connect(runner, &TrialRunner::finished, this,
                [this, runner](const TrialResult& result) { onFinished(runner, result); });
        runner->start();
    }
}

void TrialPool::onFinished(TrialRunner* runner, const TrialResult& result)
{
    Done done;
    for (qsizetype i = 0; i < m_running.size(); ++i) {
        if (m_running[i].runner == runner) {
            done = m_running[i].done;
            m_running.removeAt(i);
            break;
        }
    }
    runner->deleteLater();
    if (done)
        done(result);
    startWaiting();
    emit slotFreed();
}
