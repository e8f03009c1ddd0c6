// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "model/locksettings.h"

#include <QJsonArray>
#include <QList>
#include <QString>

class QTextStream;

// The `wait` rows of `--bench --strategies` (when the list holds reentrant or watchdog):
// pub/sub wake-up against the retry delay, on the same nodes in the same run. Eight clients
// of one strategy contend for one resource (work 50 ms, think 300 ms: longer than the retry
// delay, so a releaser does not take the lock straight back), a retry delay of 100 ms plus up to
// 100 ms of jitter, once waiting with wait=poll and once with wait=pubsub. Per phase: the hand-over
// latency (a holder's release sent -> the next holder's acquire OK, from the history's
// Invoke(Release) and Ok(Acquire) events, when the lock changed hands), its p50 and p99,
// acquisitions and hand-overs per second, and how many tries an unlock message brought forward.
class WaitBenchmark
{
public:
    struct Phase
    {
        LockSettings::Wait wait = LockSettings::Wait::Poll;
        int clients = 0;
        double seconds = 0;
        double acquisitionsPerSecond = 0;
        double handOversPerSecond = 0;
        double handOverP50Us = -1; // -1: the lock never changed hands
        double handOverP99Us = -1;
        qint64 wakeUps = 0;
        qint64 overlaps = 0;
    };

    // `config`: the nodes and the storage to use (as the strategies benchmark's phases).
    WaitBenchmark(const EngineConfig& config, int clients, int phaseSeconds, int warmUpMs);

    // Runs poll then pubsub; false with *error when a phase could not run.
    bool run(QTextStream& out, QString* error);
    QJsonArray toJson() const;
    const QList<Phase>& phases() const { return m_phases; }

private:
    bool runPhase(LockSettings::Wait wait, Phase* phase, QString* error);
    EngineConfig phaseConfig(LockSettings::Wait wait) const;

    EngineConfig m_config;
    int m_clients;
    int m_phaseSeconds;
    int m_warmUpMs;
    QList<Phase> m_phases;
};
