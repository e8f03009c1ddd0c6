#pragma once

#include <QByteArray>
#include <QString>

// One line of the append-only history, stamped on the engine's monotonic clock.
struct HistoryEvent
{
    enum class Kind
    {
        Info,
        Error,
        Command, // a command was executed (detail: the command line)
        NodeUp,
        NodeDown,
        ClientAdded,
        ClientRemoved,
        ClientStateChanged,
        AcquireInvoked,
        AttemptDecided, // value: ok count; detail: reason when failed
        AcquireOk,      // value: validity in ms; the client believes it holds from here
        HoldEnd,        // the client stops believing it holds (release, expiry, crash)
        AcquireFailed,
        NodeOutcome, // one node's answer to a lock operation (detail: kind and latency)
        Release,
        Extend,
        FaultStart,
        FaultEnd,
    };

    qint64 tUs = 0;
    Kind kind = Kind::Info;
    int client = -1; // -1: none
    int node = -1;   // -1: none
    QByteArray resource;
    QByteArray token;
    QString detail;
    double value = 0;

    static QString kindName(Kind kind);
};
