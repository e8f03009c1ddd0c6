// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

// What became of one round of an acquire, as the charts tell it apart. The engine's reason
// for a Redlock round that missed its quorum is "no-quorum" whether the nodes said "held by
// someone else" or did not answer at all; a reader needs the difference (a lock that works
// and is contended, against nodes that are down), so the nodes' answers decide it here.
class AttemptOutcome
{
    Q_DECLARE_TR_FUNCTIONS(AttemptOutcome)

public:
    enum class Kind : quint8
    {
        Acquired,
        Refused,   // enough nodes said the key is held by another client
        NoQuorum,  // nodes down, timed out or answering errors cost the quorum
        SplitVote, // the votes split between clients, nobody reached the quorum
        Expired,   // a quorum, but the validity had run out before it was granted
    };

    static QList<Kind> all();
    // The round's reason, and how many nodes refused it because another client held the key
    // (answers that came before the decision): a refusal by holders when they alone made the
    // quorum impossible.
    static Kind classify(HistoryEvent::FailReason reason, int refusedByHolder, int nodes,
                         int needed);
    static QString name(Kind kind); // "acquired", "refused: held by another", ...
    static QString meaning(Kind kind);
};
