// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "record/recordedrun.h"

#include <QString>
#include <memory>

// Reads a run file back into events (RecordedRun), for the window, the exports and the
// tests. Bad input never crashes it and never loses what is valid:
//
// - an empty file, a file that is not a run, or a run of another format version is
//   refused, with the reason;
// - a line that is not an event (a cut-off last line after the app was killed, a damaged
//   line) is skipped, counted and named in RecordedRun::readProblems();
// - events out of time order are sorted;
// - a text longer than MaxTextChars is cut, and counted;
// - only a regular file is read (a FIFO would block, /dev/zero never ends).
//
// Speed: the file is mapped, not read, and lines are decoded by RunEventCodec's field
// scanner (JsonLineScanner); the measured figures are in the README, "The benchmark".
class RunReader
{
public:
    static constexpr int ProblemsKept = 5;
    // An event's text (a narration, a command line, a reason) longer than this is cut.
    static constexpr qsizetype MaxTextChars = 2000;

    // Whether `path` is a regular file whose first line is a run header (of any format
    // version): a file that recording may replace.
    static bool isRun(const QString& path);
    // Null, with *error saying why, when the file cannot be opened as a run.
    static std::shared_ptr<RecordedRun> read(const QString& path, QString* error);
    // The same from bytes in memory (tests); `name` stands for the path in messages.
    static std::shared_ptr<RecordedRun> parse(QByteArrayView bytes, const QString& name,
                                              QString* error);
    // Feeds the events to a fresh SafetyChecker: counters, violations, and the Violation and
    // RoundJudged events replaced by the ones it finds.
    static void judge(RecordedRun* run);

private:
    static void readEvents(QByteArrayView body, qsizetype firstLine, RecordedRun* run);
    static void capText(HistoryEvent* event, RecordedRun* run);
};
