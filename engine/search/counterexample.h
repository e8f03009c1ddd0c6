// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "search/schedule.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

// A schedule that breaks the property, shrunk and told as a story: the scenario to play
// (with `seed`, narration in three languages and the `expect` lines that fail), and how it
// was found.
struct Counterexample
{
    int trial = 0;                // which schedule of the search (0: the first)
    quint64 trialSeed = 0;        // the seed it was drawn from
    Schedule original;            // as drawn
    Schedule shrunk;              // as shrunk
    QString scenario;             // the .rls text
    QString failure;              // what broke ("overlaps 1, lost_updates 1")
    QStringList story;            // the captions, in English, in order
    bool storyTranslated = false; // say.zh and say.ja lines are there
    int replayFailures = 0;       // of the last vote: how many replays failed ...
    int replayRuns = 0;           // ... of how many run
    int evaluations = 0;          // candidates the shrinker tried
    bool stepsNeeded = false;     // without any one of its faults or clients it held (3 of 4)
    double foundAfterS = 0;       // from the search's start to the failing trial's end
    double confirmedAfterS = 0;
    double shrunkAfterS = 0; // ... to the story written
    int trialsBefore = 0;    // schedules run until it was found
    EngineConfig::Topology topology = EngineConfig::Topology::Independent;
    QString path;          // where the scenario was saved ("" when not)
    QString saveError;     // why it, or its run, could not be saved ("" when it was)
    QString runPath;       // the narrated run, saved beside it
    QStringList selfCheck; // where the run file, judged again, disagreed with the live checker

    int steps() const { return shrunk.commandCount(); }
    // "redlock-careless: 4 steps, overlaps 1" for lists.
    QString title() const;
};

Q_DECLARE_METATYPE(Counterexample)
