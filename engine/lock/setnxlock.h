// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/singlenodelock.h"

// The `setnx` rung (docs/sources.md, "The oversell ladder"): SETNX key value to take the lock,
// DEL to give it back. No TTL: a holder that crashes before its DEL leaves the key forever, and
// nobody gets the lock again (a deadlock: liveness lost).
class SetNxLock : public SingleNodeLock
{
    Q_OBJECT

public:
    using SingleNodeLock::SingleNodeLock;
    bool canFence() const override { return false; }

protected:
    void tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                 TryDone done) override;
    void releaseOnce(const Lock& lock, quint64 op, ReleaseDone done) override;
    bool expires() const override { return false; }
    bool releaseComparesToken() const override { return false; }
    // The oversell ladder's DEL, as GETDEL: the same delete, and it says whose key went.
    void deleteKey(const QByteArray& resource, ReleaseDone done);
};
