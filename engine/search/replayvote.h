// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/trialpool.h"

#include <QObject>

// Runs one schedule up to `replays` times and decides whether it fails in at least `needed`
// of them (3 of 4: a trial's outcome depends on timing, so one failure alone is not a
// finding). It runs only as many at once as could still be needed (3 first, the 4th when
// one of them held), decides as soon as the answer is certain and drops what it no longer
// needs.
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
    void cancel(); // nothing more runs; decided() never comes
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
    void launch();

    TrialPool& m_pool;
    SetupFor m_setupFor;
    int m_replays;
    int m_needed;
    quint64 m_group = 0;
    int m_failures = 0;
    int m_holds = 0;
    int m_submitted = 0;
    bool m_decided = false;
    QList<TrialResult> m_failed;
};
