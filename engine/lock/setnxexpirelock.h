// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/setnxlock.h"

// The `setnx-expire` rung: SETNX, then (P)EXPIRE as a second command. The TTL ends the deadlock
// of a crashed holder, except when the crash falls between the two commands: then the key has no
// TTL and the deadlock is back (`client crash NAME before-expire` hits that moment on purpose).
class SetNxExpireLock : public SetNxLock
{
    Q_OBJECT

public:
    using SetNxLock::SetNxLock;

protected:
    void tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                 TryDone done) override;
    bool expires() const override { return true; }
};
