// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fencingtoken.h"

#include <QByteArray>
#include <QMetaType>
#include <QObject>
#include <QString>

// One record of a run's history, stamped on the engine's monotonic clock (µs since the run
// started). Typed fields only: the checker, the charts and the exports read these fields and
// never the words; EventText derives the words for the log, the terminal and the reports.
// Operations follow Jepsen's shape: an Invoke, then exactly one completion (Ok, Fail) with the
// same `op` id, per client. Which fields each kind uses (client, node, op, number, code,
// sinceUs, previous, text, note): docs/domain.md, "History".
struct HistoryEvent
{
    Q_GADGET

public:
    enum class Kind : quint8
    {
        Info,
        Error,
        Command,
        Say,
        NodeUp,
        NodeDown,
        ClientAdded,
        ClientRemoved,
        ClientState,
        Invoke,
        Ok,
        Fail,
        Attempt,
        NodeAnswer,
        LockLost,
        SectionEnd,
        FaultStart,
        FaultEnd,
        Violation,
        ViolationEnd,
        StockSet,
        DeletedOthersKey, // a release deleted another client's key (token: whose)
        Reentered,        // a reentrant lock's holder took it again (number: its hold count)
        WokenUp,          // wait=pubsub: an unlock message woke a waiter (latencyUs: how long it
                          // waited; number: the retry delay it would have slept, ms)
        RoundJudged,      // the checker judged a failed round once it was complete (code: the
                          // FailReason; sinceUs: the round's start; previous: the holder or
                          // how many clients the votes went to)
    };
    Q_ENUM(Kind)

    enum class Operation : quint8
    {
        None,
        Acquire,
        Release,
        Extend,
        Read,
        Write,
    };
    Q_ENUM(Operation)

    // Why an operation or an attempt failed.
    enum class FailReason : quint8
    {
        None,
        NoQuorum,        // too few nodes said yes: refused, down or timed out
        SplitVote,       // judged by the checker: nobody held a majority, votes went to 2+
        ValidityExpired, // a quorum, but slower than the TTL allows
        Rejected,        // Write: the storage refused a stale fencing token
        Error,           // a node or the storage answered an error
        Unreachable,     // Read / Write: the storage did not answer
        ExtensionLimit,  // Extend: the bound on extensions was reached
        Cancelled,       // the client crashed or stopped before the answer
        Taken,           // a single-node lock held by someone else
        Conflict,        // Write (WATCH): the stock changed since it was read; EXEC refused
        // Judged by the checker from the whole history (the client saw "no quorum"):
        HeldByAnother, // another client held the lock (previous: which)
        // Judged by the checker (the storage said "rejected"): nobody had superseded the
        // writer; a node's fencing number went back (a restart without persistence).
        RejectedValid,
        // Judged by the checker: another client has a majority of the round's votes, with the
        // leftover keys of a lock no longer valid when the round began (previous: which).
        HeldByExpired,
    };
    Q_ENUM(FailReason)

    // How a critical section ended.
    enum class SectionEndReason : quint8
    {
        Released, // work done (and written), then released
        GaveUp,   // a careful client saw its validity end and gave up before writing
        Crashed,
        Stopped,
        Removed,
        ReadFailed, // the stock could not be read: the client released without writing
        Expired,    // a foreign client's lease ran out (its TTL from the first request)
    };
    Q_ENUM(SectionEndReason)

    enum class ViolationKind : quint8
    {
        Overlap,            // two clients in their critical sections on one resource at once
        StaleWrite,         // a write accepted from a client another had superseded
        LostUpdate,         // a sale the stock does not show
        Oversold,           // more sold than there was
        ResetOverwritten,   // a write over an operator's `stock N` set after the writer read
        ValidWriteRejected, // the fenced storage refused a writer nobody had superseded
        LeaseOverlap,       // an overlap where one side is a foreign client: leases held at once
    };
    Q_ENUM(ViolationKind)

    static constexpr int StorageNode = -2;

    qint64 tUs = 0;
    Kind kind = Kind::Info;
    Operation operation = Operation::None;
    quint8 code = 0;       // the kind's enum, see the table
    quint16 nodeMask = 0;  // Ok(Acquire): the nodes that granted; Violation: the nodes involved
    quint16 askedMask = 0; // Attempt: the nodes the round asked (0: the whole fleet)
    qint32 client = -1;
    qint32 node = -1;
    quint64 op = 0;
    qint64 latencyUs = -1;
    qint64 number = 0;
    qint64 sinceUs = -1;
    qint64 previous = -1; // Ok(Write): the stock just before the write, read atomically with it
    qint32 line = 0;      // the scenario or console line that caused it, 0: none
    QByteArray resource;
    QByteArray token; // the lock token; NodeAnswer: the holder the node named (number: its
                      // client, 0: none of this run's)
    FencingToken fence;
    QString text;
    QString note;

    bool is(Kind k, Operation o) const { return kind == k && operation == o; }
    FailReason failReason() const { return FailReason(code); }
    // ClientAdded's code: a foreign client (a real lock client through an exposed port), whose
    // lock is known only as leases, against a simulated one (0).
    static constexpr quint8 ForeignClient = 1;
    bool addsForeignClient() const { return kind == Kind::ClientAdded && code == ForeignClient; }

    static HistoryEvent make(Kind kind, const QString& text = {});
    static HistoryEvent forClient(Kind kind, int client, Operation operation = Operation::None,
                                  quint64 op = 0);
};

Q_DECLARE_METATYPE(HistoryEvent)
