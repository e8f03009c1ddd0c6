// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/trialpool.h"

#include <QObject>

// Runs one schedule `replays` times and decides whether it fails in at least `needed` of
// them (3 of 4: a trial's outcome depends on timing, so one failure alone is not a finding).
// It decides as soon as the answer is certain and drops the replays it no longer needs.
class ReplayVote : public QObject
{
    Q_OBJECT

public:
    // The setup of replay number i (each with its own run file).
    using SetupFor = std::function<TrialRunner::Setup(int replay)>;

    ReplayVote(TrialPool& pool, SetupFor setupFor, int replays, int needed,
               QObject* parent = nullptr);
    ~ReplayVote() override;

    void start();
    int failures() const { return m_failures; }
    int runs() const { return m_failures + m_holds; }
    // The replays that failed, in the order they ended.
    const QList<TrialResult>& failed() const { return m_failed; }
    // The median moment the failing replays broke (-1: unknown).
    qint64 failureMs() const;

signals:
    void decided(bool reproduced);

private:
    void onResult(const TrialResult& result);

    TrialPool& m_pool;
    SetupFor m_setupFor;
    int m_replays;
    int m_needed;
    quint64 m_group = 0;
    int m_failures = 0;
    int m_holds = 0;
    bool m_decided = false;
    QList<TrialResult> m_failed;
};
