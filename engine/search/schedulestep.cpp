// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/schedulestep.h"

#include "base/enumnames.h"

bool ScheduleStep::isNodeFault() const
{
    return isFault() && !isClientFault();
}

QString ScheduleStep::faultName() const
{
    return EnumNames::name(kind);
}

QStringList ScheduleStep::startLines() const
{
    const QString n = QString::number(node);
    switch (kind) {
    case Kind::AddClient:
        return {
            QStringList{QStringLiteral("client add"), client}.join(QLatin1Char(' ')) +
            (settings.isEmpty() ? QString() : QLatin1Char(' ') + settings.join(QLatin1Char(' ')))};
    case Kind::Kill:
        return {QStringLiteral("node restart %1 delayed %2").arg(n).arg(std::max(1, lengthMs))};
    case Kind::Restart:
        return {QStringLiteral("node restart %1").arg(n)};
    case Kind::Pause:
        return {QStringLiteral("node pause %1 %2").arg(n).arg(std::max(1, lengthMs))};
    case Kind::Partition:
        return {(QStringList{QStringLiteral("node partition"), n} + cut).join(QLatin1Char(' '))};
    case Kind::Latency:
        return {QStringLiteral("node latency %1 %2").arg(n).arg(amount)};
    case Kind::Drop:
        return {QStringLiteral("node drop %1 %2").arg(n).arg(amount)};
    case Kind::Clock:
        return {QStringLiteral("node clock %1 +%2").arg(n).arg(amount)};
    case Kind::ClientPause: {
        QString line = QStringLiteral("client pause %1 %2").arg(client).arg(std::max(1, lengthMs));
        return {moment.isEmpty() ? line : line + QLatin1Char(' ') + moment};
    }
    case Kind::ClientCrash:
        return {moment.isEmpty() ? QStringLiteral("client crash %1").arg(client)
                                 : QStringLiteral("client crash %1 %2").arg(client, moment)};
    }
    return {};
}

QStringList ScheduleStep::endLines() const
{
    switch (kind) {
    case Kind::Partition:
    case Kind::Latency:
    case Kind::Drop:
        return {QStringLiteral("node heal %1").arg(node)};
    case Kind::ClientCrash:
        // An armed crash may come at any time later: nothing can be sure to restart it.
        if (comesBack && moment.isEmpty())
            return {QStringLiteral("client restart %1").arg(client)};
        return {};
    default: // a timed pause or a delayed restart ends by itself; a jump or a restart is over
        return {};
    }
}

int ScheduleStep::busyUntilMs(int scheduleEndMs, int settleMs) const
{
    switch (kind) {
    case Kind::AddClient:
        return atMs;
    case Kind::Kill:
    case Kind::Restart:
    case Kind::Pause:
    case Kind::Clock:
        // The node must be seen healthy again before it takes another fault.
        return endMs() + settleMs;
    case Kind::Partition:
    case Kind::Latency:
    case Kind::Drop:
        return endMs();
    case Kind::ClientPause:
        return moment.isEmpty() ? endMs() + settleMs : scheduleEndMs;
    case Kind::ClientCrash:
        return comesBack && moment.isEmpty() ? endMs() + settleMs : scheduleEndMs;
    }
    return scheduleEndMs;
}
