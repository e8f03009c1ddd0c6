// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "record/recordedrun.h"
#include "record/runeventcodec.h"
#include "record/safetychecker.h"

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
// Speed: the file is read in blocks of ReadBlockBytes (not mapped: a mapped file that shrinks
// while it is read ends the reader with SIGBUS), and lines are decoded by RunEventCodec's
// field scanner (JsonLineScanner); the measured figures are in docs/benchmarks.md, "The benchmark".
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

    static constexpr qint64 ReadBlockBytes = 8 * 1024 * 1024;

private:
    // The events of a run, fed whole lines a block at a time: each decoded, judged by a
    // SafetyChecker as it comes and kept; the last line of the file may be cut off.
    class EventFeed
    {
    public:
        EventFeed(RecordedRun* run, qsizetype firstLine);
        void lines(QByteArrayView block);   // whole lines (each ends with '\n', the last may not)
        void lastLine(QByteArrayView text); // what follows the file's last newline
        void finish();

    private:
        void line(QByteArrayView text, bool complete);

        RecordedRun* m_run;
        RunEventCodec m_codec;
        SafetyChecker m_checker;
        qsizetype m_lineNumber;
        qint64 m_lastUs = 0;
        QString m_error;
        HistoryEvent m_event;
        QList<HistoryEvent> m_found;
    };

    static std::shared_ptr<RecordedRun> header(QByteArrayView first, const QString& name,
                                               QString* error);
    static void capText(HistoryEvent* event, RecordedRun* run);
};
