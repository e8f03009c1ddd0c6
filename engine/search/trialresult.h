// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"

#include <QString>
#include <QStringList>

// How one run of a schedule went (TrialRunner): whether the property held, broke, or the
// schedule could not run as written, with the checker's counters and times.
struct TrialResult
{
    enum class Verdict
    {
        Held,    // the property held
        Failed,  // the property broke: a counterexample, if it does so again
        Invalid, // the schedule could not run as written (a step refused, nodes not up)
        Aborted, // stopped from outside (the budget ran out, a vote was decided)
    };

    Verdict verdict = Verdict::Held;
    QString why;            // Failed: what broke; Invalid: what could not run
    CheckCounters counters; // the whole run's, every event counted
    qint64 failureMs = -1;  // when the property first broke, in ms from the schedule's start
    double seconds = 0;     // the whole trial: nodes up, schedule, nodes down
    double startupSeconds = 0;
    QString runPath;            // the run file
    QString failedLine;         // a property's line that failed ("wait until acquired(P) 5000")
    QStringList expectations;   // the scenario's expectations, each with what was measured
    bool scenarioEnded = false; // it ran to its last line (not stopped at a violation)

    bool failed() const { return verdict == Verdict::Failed; }
    // The kinds of damage the checker counted: "overlaps", "lost_updates", ...
    QStringList unsafeKinds() const;
    // "overlaps 1, lost_updates 2"
    QString unsafeText() const;
};
