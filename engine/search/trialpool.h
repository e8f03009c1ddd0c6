// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/trialrunner.h"

#include <QList>
#include <QObject>
#include <functional>

// Runs trials, at most `jobs` at once, each on its own engine and fleet; the rest wait in
// order: the oldest group first. A group of trials (the replays of one schedule) can be dropped at
// once: those waiting never start, those running are stopped and their answers never come. A slot
// is free again only once its engine has stopped its nodes, so `jobs` bounds the fleets alive.
class TrialPool : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const TrialResult&)>;

    explicit TrialPool(int jobs, QObject* parent = nullptr);
    ~TrialPool() override;

    void submit(const TrialRunner::Setup& setup, const Done& done, quint64 group = 0);
    void cancelGroup(quint64 group);
    void cancelAll();
    int running() const { return int(m_running.size()); }
    int waiting() const { return int(m_waiting.size()); }
    int jobs() const { return m_jobs; }
    quint64 newGroup() { return ++m_lastGroup; }

signals:
    void slotFreed(); // a trial ended and its nodes are down: room for another

private:
    struct Job
    {
        TrialRunner::Setup setup;
        Done done;
        quint64 group = 0;
    };
    struct Running
    {
        TrialRunner* runner = nullptr;
        Done done; // null once cancelled
        quint64 group = 0;
    };

    void startWaiting();
    void onFinished(TrialRunner* runner, const TrialResult& result);

    int m_jobs;
    QList<Job> m_waiting;
    QList<Running> m_running;
    quint64 m_lastGroup = 0;
};
