// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/textformat.h"

QString TextFormat::shortToken(const QByteArray& token)
{
    const QByteArray head = token.left(8);
    for (const char c : head) {
        if (c < 0x21 || c > 0x7e)
            return QString::fromLatin1(token.left(4).toHex());
    }
    return QString::fromLatin1(head);
}

QString TextFormat::latency(qint64 us)
{
    if (us < 0)
        return QStringLiteral("?");
    const double ms = us / 1000.0;
    if (ms < 1.0)
        return QStringLiteral("%1 ms").arg(ms, 0, 'f', 2);
    if (ms < 10.0)
        return QStringLiteral("%1 ms").arg(ms, 0, 'f', 1);
    if (ms < 1000.0)
        return QStringLiteral("%1 ms").arg(qRound(ms));
    return QStringLiteral("%1 s").arg(ms / 1000.0, 0, 'f', 2);
}

QString TextFormat::latencyMs(qint64 us)
{
    if (us < 0)
        return QStringLiteral("?");
    const double ms = us / 1000.0;
    if (ms < 1.0)
        return QString::number(ms, 'f', 2);
    if (ms < 10.0)
        return QString::number(ms, 'f', 1);
    return QString::number(qRound64(ms));
}

QString TextFormat::seconds(qint64 ms)
{
    // Truncate rather than round: a countdown that shows "0.0 s" has really run out.
    const qint64 tenths = qMax<qint64>(0, ms) / 100;
    return QStringLiteral("%1.%2 s").arg(tenths / 10).arg(tenths % 10);
}

QString TextFormat::runTime(qint64 us)
{
    // Tenths while they still fit beside the minutes; whole seconds from the first hour on.
    const qint64 tenths = qMax<qint64>(0, us) / 100'000;
    if (tenths >= 36'000)
        return clock(us);
    return QStringLiteral("%1.%2").arg(clock(us)).arg(tenths % 10);
}

QString TextFormat::clock(qint64 us)
{
    const qint64 totalSeconds = qMax<qint64>(0, us) / 1'000'000;
    const qint64 h = totalSeconds / 3600;
    const qint64 m = (totalSeconds / 60) % 60;
    const qint64 s = totalSeconds % 60;
    if (h > 0)
        return QStringLiteral("%1:%2:%3")
            .arg(h)
            .arg(m, 2, 10, QLatin1Char('0'))
            .arg(s, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}
