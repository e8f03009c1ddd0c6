#include "snapshot/nodesnapshot.h"

QString NodeSnapshot::stateName(State state)
{
    switch (state) {
    case State::Starting:
        return QStringLiteral("starting");
    case State::Up:
        return QStringLiteral("up");
    case State::Down:
        return QStringLiteral("down");
    case State::Paused:
        return QStringLiteral("paused");
    }
    return {};
}
