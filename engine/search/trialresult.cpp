// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/trialresult.h"

namespace {
using N = CheckCounters::Name;
// What `expect safe` refuses (CheckCounters::safe): an overlap or damaged data.
const N UnsafeNames[] = {N::Overlaps, N::StaleWrites, N::LostUpdates, N::Oversold,
                         N::ResetsOverwritten};
} // namespace

QStringList TrialResult::unsafeKinds() const
{
    QStringList kinds;
    for (N name : UnsafeNames)
        if (counters.value(name) > 0)
            kinds << CheckCounters::nameOf(name);
    return kinds;
}

QString TrialResult::unsafeText() const
{
    QStringList parts;
    for (N name : UnsafeNames)
        if (counters.value(name) > 0)
            parts << QStringLiteral("%1 %2")
                         .arg(CheckCounters::nameOf(name))
                         .arg(counters.value(name));
    return parts.join(QStringLiteral(", "));
}
