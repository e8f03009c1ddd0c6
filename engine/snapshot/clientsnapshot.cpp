#include "snapshot/clientsnapshot.h"

QString ClientSnapshot::stateName(State state)
{
    switch (state) {
    case State::Idle:
        return QStringLiteral("idle");
    case State::Acquiring:
        return QStringLiteral("acquiring");
    case State::Holding:
        return QStringLiteral("holding");
    case State::Releasing:
        return QStringLiteral("releasing");
    case State::WaitingRetry:
        return QStringLiteral("waiting to retry");
    case State::Paused:
        return QStringLiteral("paused");
    case State::Crashed:
        return QStringLiteral("crashed");
    case State::Stopped:
        return QStringLiteral("stopped");
    }
    return {};
}
