// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/attemptoutcome.h"

#include <QString>
#include <QtGlobal>
#include <deque>
#include <utility>
#include <vector>

// What the charts other than the timeline plot, gathered from the events as they come. Each
// point keeps the index of the event behind it, for the charts' hover.
struct RunSeries
{
    struct Attempt // one round of an acquire, when it was decided
    {
        qint64 tUs = 0;
        qint64 latencyUs = 0; // from its start to its decision
        quint64 event = 0;
        int client = -1;
        qint16 votes = 0;  // the nodes that said OK
        qint16 needed = 0; // the votes its rung needs: a majority, or one node
        AttemptOutcome::Kind outcome = AttemptOutcome::Kind::Acquired;
        // A failed round's votes, (client, nodes) most first: how a split vote split.
        std::vector<std::pair<int, int>> split;
    };
    struct Second
    {
        qint64 second = 0; // tUs / 1e6
        int attempts = 0;  // rounds decided, won or lost
        int acquired = 0;  // acquires that took the lock
        int failed = 0;    // acquires that gave up after their last round
    };
    struct StockPoint // the storage after a `stock N` or an accepted write
    {
        qint64 tUs = 0;
        qint64 value = 0;
        qint64 sold = 0;     // accepted writes since the last `stock N`
        qint64 initial = -1; // the last `stock N`; -1: none yet
        quint64 event = 0;
        bool sale = false; // an accepted write (else a `stock N`)
    };
    struct Damage // a lost update or an oversell, at the write that did it
    {
        qint64 tUs = 0;
        quint8 kind = 0;   // HistoryEvent::ViolationKind: LostUpdate or Oversold
        qint64 amount = 0; // sales erased, or items sold that were not there
        qint64 stock = 0;  // the stock that write left
        qint64 sold = 0;   // the sales up to that write
        int client = -1;
        quint64 event = 0;
    };
    struct Say
    {
        qint64 tUs = 0;
        QString text;
        int line = 0; // the scenario's line: its translations are found by it and the text
    };
    struct ViolationMark
    {
        qint64 startUs = 0;
        qint64 endUs = -1; // -1: still going on
        quint8 kind = 0;   // HistoryEvent::ViolationKind
        int first = -1;
        int second = -1;
        quint64 event = 0;
    };

    // A moment a reader must see on the timeline: a stale write the fenced storage rejected,
    // a release that deleted another client's key. With who and which token.
    struct Moment
    {
        enum class Kind : quint8
        {
            RejectedWrite,
            WrongRelease,
        };
        qint64 tUs = 0;
        Kind kind = Kind::RejectedWrite;
        int client = -1; // the writer, or whose release it was
        int other = -1;  // who had taken the lock since, or whose key it deleted (-1: unknown)
        int node = -1;   // WrongRelease: where
        QString fence;   // RejectedWrite: the writer's fencing token, as written
        quint64 event = 0;
    };

    std::deque<Attempt> attempts;
    std::deque<Second> seconds;
    std::deque<StockPoint> stock;
    std::deque<Damage> damage;
    std::deque<Say> says;
    std::deque<ViolationMark> violations;
    std::deque<Moment> moments;
};
