// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/tokengetdellock.h"

void TokenGetDelLock::releaseOnce(const Lock& lock, quint64 op, ReleaseDone done)
{
    Q_UNUSED(op)
    send({"GET", lock.resource},
         [this, lock, done](const NodeOutcome& outcome, const RedisReply& reply) {
             if (outcome.kind != NodeOutcome::Kind::Ok || reply.text != lock.token) {
                 done(outcome, {}); // not ours (or gone): nothing to delete
                 return;
             }
             atHazard(Hazard::BeforeDelete, [this, lock, done] { deleteKey(lock.resource, done); });
         });
}
