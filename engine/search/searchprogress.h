// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMap>
#include <QMetaType>
#include <QString>

// Where a counterexample search stands, for a progress bar and for the last lines of a run
// that found nothing: trials run, their rate, the time left, the faults drawn so far.
struct SearchProgress
{
    enum class Phase
    {
        Searching,  // running random schedules
        Confirming, // replaying a schedule that failed once
        Shrinking,  // replaying smaller and smaller versions of it
        Telling,    // writing its story
        Finished,
    };

    Phase phase = Phase::Searching;
    int trials = 0;  // schedules run to their end (each once)
    int invalid = 0; // ... of which could not run as written
    int flaky = 0;   // schedules that failed once and not again in most replays
    int found = 0;   // counterexamples found
    int replays = 0; // runs to confirm and shrink
    double elapsedS = 0;
    double budgetS = 0;  // 0: bounded by trials
    int trialBudget = 0; // 0: bounded by time
    double trialsPerSecond = 0;
    double secondsLeft = -1; // -1: unknown
    int shrinkEvaluations = 0;
    int bestSteps = -1;        // the shrunk schedule's steps so far (-1: not shrinking)
    quint64 continueSeed = 0;  // --seed that tries the next schedules, none of these again
    QMap<QString, int> faults; // fault kind -> how many the schedules run held

    // 0..1000, for a progress bar: the budget used (time or trials).
    int permille() const;
};

Q_DECLARE_METATYPE(SearchProgress)
