// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"

#include <QCoreApplication>
#include <QStringList>

// The checker against itself, on a finished run (docs/domain.md, "The checker's counters"):
// the counters the live checker reached equal those a fresh checker finds in the run file,
// and every violation the live checker counted is in the file, opened and closed. A headless
// scenario checks its own run this way; the soak checks its random histories.
class RunSelfCheck
{
    Q_DECLARE_TR_FUNCTIONS(RunSelfCheck)

public:
    // What disagrees, in words; empty when everything does.
    static QStringList problems(const QString& runPath, const CheckCounters& live);
};
