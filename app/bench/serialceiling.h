// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/latencystats.h"
#include "model/nodeaddress.h"

#include <QList>
#include <QString>
#include <optional>

// The ceiling of the contended workload: one client in a plain C loop on hiredis's blocking
// API, doing serially what every purchase needs and nothing else: acquire (SET key token NX
// PX ttl on every lock node, all written before any reply is read, every reply read), GET
// and SET of the stock on the storage, release (the compare-and-delete script, EVAL, on every
// node likewise). Only one client can hold the lock at a time, so no number of contending
// clients can buy faster than this; the benchmarks report the app's rate against it, measured
// on the same nodes in the same run (docs/benchmarks.md, "The benchmark").
class SerialCeiling
{
public:
    struct Figures
    {
        double seconds = 0;
        qint64 purchases = 0;
        LatencyStats acquireUs; // one sample per purchase: the SET round, written to read
        double purchasesPerSecond() const { return seconds > 0 ? purchases / seconds : 0; }
    };

    // Runs the loop for `warmUpMs` (not counted) then `seconds`, on key `resource` and the
    // storage's key `stockKey`. Nothing, and *error, when a node could not be reached or
    // answered other than a free lock would (an error, a refusal, a timeout).
    static std::optional<Figures> measure(const QList<NodeAddress>& nodes,
                                          const NodeAddress& storage, const QByteArray& resource,
                                          const QByteArray& stockKey, int ttlMs, int warmUpMs,
                                          int seconds, QString* error);
};
