// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/historyevent.h"
#include "model/violation.h"
#include "record/runheader.h"

#include <QString>
#include <QStringList>
#include <vector>

// A run read back from its file (RunReader): the header, every event in time order, what
// the reader had to skip, and the checker's verdict on these events.
//
// The verdict is judged afresh: the events are fed to a new SafetyChecker, and the
// Violation events in `events` are the ones it found (the recorded ones are replaced), so
// the verdict in a report follows from the recorded events, not from what the app that
// recorded them believed.
struct RecordedRun
{
    QString path;
    RunHeader header;
    std::vector<HistoryEvent> events;

    // What was not read, for the user: lines skipped, whether the last one was cut off.
    quint64 skippedLines = 0;
    bool cutOff = false;    // the last line was incomplete: the app stopped while writing
    bool reordered = false; // events were not in time order and were sorted
    QStringList problems;   // the first few skipped lines, with their line numbers
    quint64 cutTexts = 0;   // events whose text was longer than the reader keeps
    QString headerWarning;

    CheckCounters counters;
    QList<Violation> violations;

    qint64 startUs() const { return events.empty() ? header.clockUs : events.front().tUs; }
    qint64 endUs() const { return events.empty() ? header.clockUs : events.back().tUs; }
    // "12,345 events over 61.2 s" and, when something was skipped, what and why.
    QString summary() const;
    // Only what went wrong while reading ("" when the file was read whole).
    QString readProblems() const;
};
