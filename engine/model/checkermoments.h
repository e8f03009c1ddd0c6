// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fencingtoken.h"

#include <QByteArray>
#include <QList>

// The newest moments of the story as the checker judged them, each with who and which token:
// the window holds them on screen for a class to see (a split round's votes, a stale write the
// fenced storage refused, a release that deleted another client's key). A value, published in
// every snapshot; a moment that never happened has tUs -1.
struct CheckerMoments
{
    // The last round judged a split vote (docs/domain.md, "Split votes").
    struct SplitRound
    {
        qint64 tUs = -1;  // when it was decided
        int client = -1;  // whose round it was
        QList<int> votes; // per node index: the client that node voted for, -1: none known
        int voters = 0;   // how many clients the votes went to
    };
    // The last write the fenced storage refused as stale (Fail Write, Rejected).
    struct RejectedWrite
    {
        qint64 tUs = -1;
        int writer = -1;
        int superseder = -1; // the client that acquired after the writer's section began
        FencingToken fence;  // the writer's
        qint64 value = 0;    // the stock it tried to write
    };
    // The last release that deleted another client's key (DeletedOthersKey).
    struct WrongRelease
    {
        qint64 tUs = -1;
        int deleter = -1;
        int owner = -1; // whose key it was, -1: not a client of this run
        int node = -1;  // the node index
        QByteArray token;
    };

    SplitRound split;
    RejectedWrite rejectedWrite;
    WrongRelease wrongRelease;
};
