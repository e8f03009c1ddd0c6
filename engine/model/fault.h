// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

// A fault in force, on a node or on a client, as the cards and lanes show it ("paused since
// 12.3 s"). Every fault is also in the history, with its start and its end.
struct Fault
{
    Q_GADGET

public:
    enum class Kind : quint8
    {
        Killed,         // node: SIGKILL / SHUTDOWN NOSAVE
        Paused,         // node: SIGSTOP / CLIENT PAUSE; client: a stop-the-world pause
        RestartPending, // node: down until a delayed restart
        ShutDown,       // node: graceful
        Partition,      // node: cut off from every client or from named ones
        Latency,
        Drop,
        ClockJump,
        Crashed, // client: gone without releasing
        // node: back as a new process (NodeSnapshot::restartedUs). Not a fault in force and
        // never in the history: the card shows it for a while, so that a class sees why a
        // node's keys are gone (or read back from its AOF).
        Restarted,
    };
    Q_ENUM(Kind)

    Kind kind = Kind::Killed;
    QString detail; // "partitioned from C2, C3", "latency 40±20 ms", "clock +5000 ms", ...
    qint64 sinceUs = 0;
    qint64 untilUs = 0; // a timed fault's planned end (0: until lifted)

    static QString kindName(Kind kind);
};
