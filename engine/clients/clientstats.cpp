// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/clientstats.h"

#include "model/clientsnapshot.h"

void ClientStats::copyTo(ClientSnapshot& s) const
{
    s.attempts = attempts;
    s.acquisitions = acquisitions;
    s.sales = sales;
    s.lockLosses = lockLosses;
    s.gaveUp = gaveUp;
    s.rejectedWrites = rejectedWrites;
    s.conflicts = conflicts;
    s.reentries = reentries;
    s.wakeUps = wakeUps;
    s.failures = failures;
    s.meanAcquireUs = acquireLatency.meanUs();
    s.p99AcquireUs = acquireLatency.p99Us();
}
