// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chart.h"
#include "charts/chartstyle.h"

#include <QString>
#include <QStringList>
#include <memory>

struct RecordedRun;

// A recorded run to a file, the format from its extension: .jsonl (the run file again),
// .csv (one row per operation), .edn (a Jepsen history), .png / .svg / .pdf (one chart)
// and .html (the report). For the window's File → Export… and `--export`.
class RunExporter
{
public:
    static QStringList extensions(); // "jsonl", "csv", ...
    // The sentence for a path whose extension is none of them, empty when it is one.
    static QString checkExtension(const QString& path);
    // False, with *error saying why, when the file cannot be written (nothing is left half
    // written: the file appears whole or not at all).
    // `look`: a chart's size, type and theme (--size, --large, --theme), and the report's.
    // *note, for a chart: "smallest text 20 px at 1920 × 1080".
    static bool write(const std::shared_ptr<const RecordedRun>& run, const QString& path,
                      Chart::Kind chart, QString* error, const ExportLook& look = {},
                      QString* note = nullptr);
};
