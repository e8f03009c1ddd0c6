// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/counterexample.h"
#include "search/searchoptions.h"
#include "search/trialresult.h"

#include <QCoreApplication>

// The telling phase of the search (CounterexampleSearch): a confirmed, shrunk schedule made a
// Counterexample. The story is told from a failing run's own history (StoryWriter) and
// checked: the scenario written must parse, and the run file judged again must say what the
// live checker said (Counterexample::selfCheck). The scenario and its run are saved in the
// search's --out folder, or the reason they could not be is kept (Counterexample::saveError).
class CounterexampleTeller
{
    Q_DECLARE_TR_FUNCTIONS(CounterexampleSearch)

public:
    // What the search knows of its finding when it tells it.
    struct Finding
    {
        int trial = 0;
        quint64 trialSeed = 0;
        Schedule original;
        Schedule shrunk; // as told: the shrunk schedule, longer when the story's run is told
        // The failing runs, the one to narrate first: the story's own run when it failed too
        // (extraRun), then the replays of the shrunk schedule that failed.
        QList<TrialResult> failing;
        bool extraRun = false;
        int replayRuns = 0;
        int evaluations = 0;
        bool stepsNeeded = false;
        int trialsBefore = 0;
        double foundAfterS = 0;
        double confirmedAfterS = 0;
        double shrunkAfterS = 0;
    };

    explicit CounterexampleTeller(const SearchOptions& options) : m_options(options) {}

    // The counterexample, saved; what could not be saved is also said in `notes`.
    Counterexample tell(const Finding& finding, QStringList* notes) const;

    // What every trial checks after its schedule: the property's lines, or the checker's
    // verdict.
    static QStringList propertyLines(const SearchOptions& options);
    // What the told scenario expects and does not get.
    QStringList expectLines(const TrialResult& narrated) const;

private:
    QString save(Counterexample* c, const QString& runPath, QStringList* notes) const;
    QStringList comments(const Counterexample& c) const;

    const SearchOptions& m_options;
};
