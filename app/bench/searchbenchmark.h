// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/searchpreset.h"

#include <QJsonObject>
#include <QList>
#include <QString>

class QCommandLineParser;

// `redlockscope --headless --bench-search [--rungs LIST] [--json FILE]`: the counterexample
// search on each rung under its own hazard (SearchPreset::all()), one after the other, with
// the trials, the time to find, to shrink and to tell, and the steps of the shrunk scenario;
// judged against the targets in docs/guide.md, "Searching for a counterexample": each weak rung
// broken and shrunk to at most 6 steps within 3 minutes, the careful and fenced Redlock unbroken
// for 10 minutes. A signal ends it with the rungs finished, its JSON marked interrupted, and
// Interruption::ExitCode.
class SearchBenchmark
{
public:
    static constexpr double TargetS = 180;
    static constexpr int TargetSteps = 6;

    // Reads --rungs, --json, --seed, --jobs, --out, --budget from the parser; returns the exit
    // code: 0 every target met, 1 one missed, 2 could not run.
    static int run(const QCommandLineParser& parser);

private:
    struct Row
    {
        QString rung;
        bool expectSafe = false;
        double budgetS = 0;
        bool found = false;
        int trials = 0;
        int invalid = 0;
        int flaky = 0;
        int replays = 0;
        double foundS = 0;
        double confirmedS = 0;
        double totalS = 0;
        int originalSteps = 0;
        int steps = 0;
        int lines = 0;
        int evaluations = 0;
        bool stepsNeeded = false; // the shrinker tried each step away and it held
        double meanTrialS = 0;
        double meanStartupS = 0;
        QString failure;
        QString path;
        bool met = false;
        QJsonObject toJson() const;
    };

    static Row runOne(const SearchPreset& preset);
};
