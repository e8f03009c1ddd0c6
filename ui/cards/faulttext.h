// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fault.h"
#include "model/nodesnapshot.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

// How a fault in force is written on a node card: a glyph, a short label in the class's
// words ("partitioned from C2", "latency 40±20 ms", "clock +4 s: keys expire early") and
// its timing, counting ("for 12 s") or counting down ("3.0 s left", "in 7.0 s").
// One place, so the card, its tooltip and the tests say the same thing.
class FaultText
{
    Q_DECLARE_TR_FUNCTIONS(FaultText)

public:
    // A symbol the default fonts have (DejaVu on Debian has no emoji).
    static QString glyph(Fault::Kind kind);
    static QString label(const Fault& fault);
    static QString timing(const Fault& fault, qint64 nowUs);
    // "✂ partitioned from C2 · for 4 s": what the card shows, on one line.
    static QString line(const Fault& fault, qint64 nowUs);
    static QString tooltip(const Fault& fault, qint64 nowUs);
    // True when a partition on the node cuts `clientName` off (named, or every client).
    static bool cutsOff(const NodeSnapshot& node, const QString& clientName);
    // True when a partition on the node names `clientName` (not one that cuts every client).
    static bool namesClient(const NodeSnapshot& node, const QString& clientName);
    // The network and clock faults that `node heal` ends.
    static bool isHealable(Fault::Kind kind);
    // "AOF always", "AOF everysec", "no AOF"; and what that means after a crash.
    static QString persistence(const QString& mode);
    static QString persistenceTip(const QString& mode);
    // 4000 -> "4 s", 1500 -> "1.5 s", 250 -> "250 ms".
    static QString milliseconds(qint64 ms);

private:
    static QString plainLabel(const Fault& fault);
    static QString elapsed(qint64 us);
};
