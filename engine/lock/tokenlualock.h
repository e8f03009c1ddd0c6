// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/setpxlock.h"

// The `token-lua` rung: a token per lock, SET NX PX to take it, and the Lua compare-and-delete to
// give it back, atomically. Correct on its one node, until that node dies: a single point of
// failure.
class TokenLuaLock : public SetPxLock
{
    Q_OBJECT

public:
    using SetPxLock::SetPxLock;
    bool canFence() const override { return true; }

protected:
    void releaseOnce(const Lock& lock, quint64 op, ReleaseDone done) override;
    bool releaseComparesToken() const override { return true; }
};
