// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/searchoptions.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

// A rung of the ladder under its own hazard (docs/guide.md, "Searching for a counterexample"): what
// `--bench-search` measures, `--preset NAME` starts from and the window's search dialog
// offers. Each weak rung is expected to break within its budget; the last one, Redlock with
// careful clients, fencing and AOF always under every fault but clock jumps, to hold.
struct SearchPreset
{
    Q_DECLARE_TR_FUNCTIONS(SearchPreset)

public:
    QString name;        // "redlock-careless-pause"
    QString description; // translated, one line
    SearchOptions options;
    bool expectSafe = false; // a finding is a bug or a real finding, not the rung's hazard
    double budgetS = 180;

    static QList<SearchPreset> all();
    static std::optional<SearchPreset> find(const QString& name);
    // The liveness property of the rungs whose hazard is a deadlock: once the schedule's faults
    // are over, everyone stops, and a new client must get the lock within 5 s.
    static QString livenessProperty();
};
