#pragma once

#include <QString>

// A fault in force on one node, as the card shows it ("paused since 12.3 s").
struct NodeFault
{
    enum class Kind
    {
        Killed,
        Paused,
        RestartPending,
        ShutDown,
        Partition,
        Latency,
        Drop,
        ClockJump
    };

    Kind kind = Kind::Killed;
    QString detail; // "partitioned from C2, C3", "latency 40±20 ms", "clock +5000 ms", ...
    qint64 sinceUs = 0;
    qint64 untilUs = 0; // a timed fault's planned end (0: until lifted)

    static QString kindName(Kind kind);
};
