// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/nolock.h"

// The `watch` rung, the oversell ladder's optimistic lock (docs/sources.md, "The oversell
// ladder"): no lock at all, WATCH stock / GET / MULTI / SET / EXEC. The write is refused (EXEC
// returns nil) when the stock changed since it was watched; the client then reads and tries
// again. Correct for one key; its cost is the retries.
class WatchLock : public NoLock
{
    Q_OBJECT

public:
    using NoLock::NoLock;
    Exclusion exclusion() const override { return Exclusion::Optimistic; }
};
