#include "lock/nodeoutcome.h"

QString NodeOutcome::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Pending:
        return QStringLiteral("pending");
    case Kind::Ok:
        return QStringLiteral("ok");
    case Kind::Taken:
        return QStringLiteral("taken");
    case Kind::Error:
        return QStringLiteral("error");
    case Kind::Timeout:
        return QStringLiteral("timeout");
    case Kind::Down:
        return QStringLiteral("down");
    }
    return {};
}
