// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIODevice>
#include <QString>

struct RecordedRun;

// A run as a run file again (JSON Lines: the header, then one line per event), as
// recorded: what the reader skipped (a cut-off last line) is not written, and the
// Violation lines are the checker's, judged again from the events (RecordedRun).
class JsonlExporter
{
public:
    static bool write(const RecordedRun& run, QIODevice* out, QString* error);
};
