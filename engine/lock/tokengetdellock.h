// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/setpxlock.h"

// The `token-get-del` rung: a token per lock, and the release checks it: GET, and DEL only when
// the value is ours. Two commands: if the key expires between them and another client takes the
// lock, this DEL deletes the other's lock (`client pause NAME MS before-delete` hits it on
// purpose).
class TokenGetDelLock : public SetPxLock
{
    Q_OBJECT

public:
    using SetPxLock::SetPxLock;
    bool canFence() const override { return true; }

protected:
    void releaseOnce(const Lock& lock, quint64 op, ReleaseDone done) override;
    bool releaseComparesToken() const override { return true; }
};
