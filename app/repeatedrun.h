// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headlessrun.h"

#include <QCoreApplication>

// A headless scenario played N times (--repeat N), each on fresh nodes, and the spread of
// what came out: the same seed must tell the same story. Every run prints as a headless run
// does; then, for the verdict and each counter, its values and how often each came. The runs
// agree when the verdict and every violation counter (overlaps, stale writes, rejected
// writes, lost updates, resets overwritten, oversold) are the same each time: exit 0; else 1.
// Except where the seed cannot fix the order: two clients or more buying without a lock (the
// `none` rung: their acquisitions name no node) race for the storage as the operating system
// schedules them; there the spread is told with that reason, and the exit is the runs' own.
class RepeatedRun
{
    Q_DECLARE_TR_FUNCTIONS(RepeatedRun)

public:
    RepeatedRun(const HeadlessRun::Options& options, int times);

    int exec();

private:
    struct Outcome
    {
        int code = 0;
        QString verdict; // "PASS", "FAIL", ...
        CheckCounters counters;
        QStringList lockFree; // the clients that bought without a lock (from its run file)
    };

    Outcome runOnce(int index);
    void printSpread(const QList<Outcome>& outcomes) const;
    static bool agree(const QList<Outcome>& outcomes);
    static QStringList lockFreeBuyers(const QString& runPath);

    HeadlessRun::Options m_options;
    int m_times;
};
