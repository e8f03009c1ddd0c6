#include "fleet/nodefault.h"

QString NodeFault::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Killed:
        return QStringLiteral("killed");
    case Kind::Paused:
        return QStringLiteral("paused");
    case Kind::RestartPending:
        return QStringLiteral("restart pending");
    case Kind::ShutDown:
        return QStringLiteral("shut down");
    case Kind::Partition:
        return QStringLiteral("partition");
    case Kind::Latency:
        return QStringLiteral("latency");
    case Kind::Drop:
        return QStringLiteral("drop");
    case Kind::ClockJump:
        return QStringLiteral("clock jump");
    }
    return {};
}
