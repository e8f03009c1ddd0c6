// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fencingtoken.h"
#include "model/historyevent.h"
#include "model/violation.h"

#include <QHash>
#include <QList>
#include <optional>

// Judges what the writes did to the stock, from the storage's own answers (docs/domain.md,
// "The checker's counters"): a write is stale when another client acquired the lock after the
// writer did; the stock just before each accepted write (read atomically by the storage's
// script) tells how many sales it erased since the writer's read (or since an operator's
// `stock N` set after it: then the write overwrote that reset, itself damage), or brought back
// when an earlier write had erased them, so that lost updates are the sales minus the drop of the
// stock since the last `stock N`, as the storage card shows; a write the fenced storage refused
// from a writer nobody superseded was a valid one, refused because a node's fencing number went
// back (a restart without persistence).
class StockJudge
{
public:
    // The client that acquired after the writer's section began, with the nodes it holds.
    struct Superseder
    {
        int client = -1;
        quint16 nodes = 0;
    };
    using Supersede = std::optional<Superseder>;

    // A read of the stock (Ok Read): where each client's purchase started.
    void read(const HistoryEvent& e) { m_lastRead.insert(e.client, {e.tUs, e.number}); }
    // The sales counted when the last `stock N` was set (0 before the first).
    qint64 salesAtStock() const { return m_set.tUs >= 0 ? m_set.salesBefore : 0; }
    // `stock N`: oversell counts from here (sales and oversold as counted before it).
    void stockSet(const HistoryEvent& e, qint64 salesBefore, qint64 oversoldBefore);
    // An accepted write (Ok Write), the sales counted with it: what it damaged, as violations
    // (each opened and closed at once), and in *lost what it adds to the lost updates (less
    // than 0 when it brought erased sales back: no violation then).
    QList<Violation> accepted(const HistoryEvent& write, const Supersede& superseder,
                              qint64 salesSoFar, qint64 oversoldSoFar, qint64* lost);
    // A write the fenced storage refused (Fail Write, Rejected): the fail reason it deserves
    // (Rejected: stale; RejectedValid: the writer was not superseded) and, for a valid one,
    // its evidence.
    HistoryEvent::FailReason refused(const HistoryEvent& write, const Supersede& superseder,
                                     std::optional<Violation>* evidence) const;

private:
    struct Read
    {
        qint64 tUs = 0;
        qint64 value = -1;
    };
    struct StockSet
    {
        qint64 tUs = -1;
        qint64 value = -1;
        qint64 salesBefore = 0;
        qint64 oversoldBefore = 0;
    };

    QList<Violation> lostOrReset(const HistoryEvent& write, qint64* lost) const;

    QHash<int, Read> m_lastRead;                    // client -> its last read of the stock
    StockSet m_set;                                 // the last `stock N`
    QHash<QByteArray, FencingToken> m_lastAccepted; // resource -> the fence it last accepted
};
