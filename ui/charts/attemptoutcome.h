// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

// What became of one round of an acquire, as the charts tell it apart: the reason the checker
// judged from the whole history (a refusal by a holder, a split vote, or no quorum: nodes
// down, slow or cut off), and, among the rounds it left "no quorum", those its nodes refused
// with the client's own earlier key (RunData, from the round's answers): one of six.
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
        OwnKey,    // no quorum: nodes still held the client's own earlier key
    };
    static constexpr int Count = 6;

    static QList<Kind> all();
    // The round's recorded (judged) reason.
    static Kind classify(HistoryEvent::FailReason reason);
    static QString name(Kind kind); // "acquired", "refused: held by another", ...
    static QString meaning(Kind kind);
};
