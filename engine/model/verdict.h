// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"

#include <QCoreApplication>
#include <QString>

// The checker's verdict in words, the same in the status bar, on the terminal and in the
// reports: it follows the counters, the data first (docs/domain.md, "The checker's counters").
class Verdict
{
    Q_DECLARE_TR_FUNCTIONS(Verdict)

public:
    enum class Level
    {
        Safe,    // no overlap, no damage
        Fenced,  // sections overlapped, but every stale write was rejected: the data is safe
        Broken,  // sections overlapped (no write was damaged, or there was no stock)
        Damaged, // a stale write accepted, a lost update or an oversell
    };

    static Level level(const CheckCounters& c);
    // "safe", "MUTUAL EXCLUSION BROKEN: 2 overlaps", "DATA DAMAGED: 3 lost updates, 1 oversold",
    // "MUTUAL EXCLUSION BROKEN, fenced: 2 stale writes rejected, the data is safe".
    static QString headline(const CheckCounters& c);
};
