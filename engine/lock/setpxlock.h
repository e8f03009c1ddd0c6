// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/setnxlock.h"

// The `set-px` rung: SET key value NX PX ttl, one atomic command, and a plain DEL to give it
// back. If the work outlives the TTL, the key expires, another client takes the lock, and this
// client's DEL then deletes the other's lock.
class SetPxLock : public SetNxLock
{
    Q_OBJECT

public:
    using SetNxLock::SetNxLock;

protected:
    void tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                 TryDone done) override;
    bool expires() const override { return true; }
    // SET NX PX, or with fencing the acquire script that also hands out the node's counter.
    void setWithTtl(const QByteArray& resource, const QByteArray& token, TryDone done);
};
