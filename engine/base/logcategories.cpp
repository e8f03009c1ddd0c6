// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/logcategories.h"

// Info and above by default: debug lines only when QT_LOGGING_RULES asks for them.
Q_LOGGING_CATEGORY(lcEngine, "redlock.engine", QtInfoMsg)
Q_LOGGING_CATEGORY(lcNet, "redlock.net", QtInfoMsg)
Q_LOGGING_CATEGORY(lcProxy, "redlock.proxy", QtInfoMsg)
Q_LOGGING_CATEGORY(lcFleet, "redlock.fleet", QtInfoMsg)
Q_LOGGING_CATEGORY(lcScenario, "redlock.scenario", QtInfoMsg)
Q_LOGGING_CATEGORY(lcSearch, "redlock.search", QtInfoMsg)
