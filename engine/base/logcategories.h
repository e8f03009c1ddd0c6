// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLoggingCategory>

// The app's logging categories, one per component. Their debug lines are off unless asked:
//     QT_LOGGING_RULES="redlock.*.debug=true" redlockscope run builtin:gc-pause
// Qt's default message pattern starts each line with its category ("redlock.net: ...").
// What each one traces: HACKING.md, "Tracing". Nothing here is a user's message: those go to
// the history, the cards and the console, in words.
Q_DECLARE_LOGGING_CATEGORY(lcEngine)   // redlock.engine: start, stop, every command and answer
Q_DECLARE_LOGGING_CATEGORY(lcNet)      // redlock.net: each connection to a node going up or down
Q_DECLARE_LOGGING_CATEGORY(lcProxy)    // redlock.proxy: the faults a node's proxy applies
Q_DECLARE_LOGGING_CATEGORY(lcFleet)    // redlock.fleet: redis-server and Sentinel processes
Q_DECLARE_LOGGING_CATEGORY(lcScenario) // redlock.scenario: each line run and how it ended
Q_DECLARE_LOGGING_CATEGORY(lcSearch)   // redlock.search: the search's phases
