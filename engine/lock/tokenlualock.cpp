// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/tokenlualock.h"

#include "lock/redlock.h"

void TokenLuaLock::releaseOnce(const Lock& lock, quint64 op, ReleaseDone done)
{
    Q_UNUSED(op)
    send({"EVAL", Redlock::ReleaseScript, "1", lock.resource, lock.token},
         [lock, done](const NodeOutcome& outcome, const RedisReply& reply) {
             done(outcome, reply.integer == 1 ? lock.token : QByteArray());
         });
}
