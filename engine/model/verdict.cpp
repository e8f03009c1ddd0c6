// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/verdict.h"

Verdict::Level Verdict::level(const CheckCounters& c)
{
    if (!c.dataSafe())
        return Level::Damaged;
    if (!c.exclusive())
        return c.staleWritesRejected > 0 ? Level::Fenced : Level::Broken;
    return Level::Safe;
}

QString Verdict::headline(const CheckCounters& c)
{
    const QString rejected =
        tr("fenced: %n stale write(s) rejected", nullptr, int(c.staleWritesRejected));
    switch (level(c)) {
    case Level::Damaged: {
        QStringList damage;
        if (c.staleWrites > 0)
            damage << tr("%n stale write(s) accepted", nullptr, int(c.staleWrites));
        if (c.lostUpdates > 0)
            damage << tr("%n lost update(s)", nullptr, int(c.lostUpdates));
        if (c.oversold > 0)
            damage << tr("%n oversold", nullptr, int(c.oversold));
        if (c.resetsOverwritten > 0)
            damage << tr("%n stock reset(s) overwritten", nullptr, int(c.resetsOverwritten));
        QString text = tr("DATA DAMAGED: %1").arg(damage.join(QStringLiteral(", ")));
        if (c.overlaps > 0)
            text += tr(" · mutual exclusion broken %n time(s)", nullptr, int(c.overlaps));
        return text;
    }
    case Level::Fenced:
        return tr("MUTUAL EXCLUSION BROKEN, %1: the data is safe").arg(rejected);
    case Level::Broken:
        return tr("MUTUAL EXCLUSION BROKEN: %n overlap(s)", nullptr, int(c.overlaps));
    case Level::Safe:
        break;
    }
    QString text = c.staleWritesRejected > 0 ? tr("safe · %1").arg(rejected) : tr("safe");
    // Not damage, but a sale refused to a holder whose lock was valid: said, never hidden.
    if (c.validWritesRejected > 0)
        text += tr(" · %n valid write(s) refused (a fencing number went back)", nullptr,
                   int(c.validWritesRejected));
    return text;
}
