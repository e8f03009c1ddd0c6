#include "record/historyevent.h"

QString HistoryEvent::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Info:
        return QStringLiteral("info");
    case Kind::Error:
        return QStringLiteral("error");
    case Kind::Command:
        return QStringLiteral("command");
    case Kind::NodeUp:
        return QStringLiteral("node-up");
    case Kind::NodeDown:
        return QStringLiteral("node-down");
    case Kind::ClientAdded:
        return QStringLiteral("client-added");
    case Kind::ClientRemoved:
        return QStringLiteral("client-removed");
    case Kind::ClientStateChanged:
        return QStringLiteral("client-state");
    case Kind::AcquireInvoked:
        return QStringLiteral("acquire-invoked");
    case Kind::AttemptDecided:
        return QStringLiteral("attempt");
    case Kind::AcquireOk:
        return QStringLiteral("acquire-ok");
    case Kind::HoldEnd:
        return QStringLiteral("hold-end");
    case Kind::AcquireFailed:
        return QStringLiteral("acquire-failed");
    case Kind::NodeOutcome:
        return QStringLiteral("node-outcome");
    case Kind::Release:
        return QStringLiteral("release");
    case Kind::Extend:
        return QStringLiteral("extend");
    case Kind::FaultStart:
        return QStringLiteral("fault-start");
    case Kind::FaultEnd:
        return QStringLiteral("fault-end");
    }
    return {};
}
