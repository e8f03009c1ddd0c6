// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/setnxexpirelock.h"

void SetNxExpireLock::tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                              TryDone done)
{
    Q_UNUSED(op)
    send({"SETNX", resource, token},
         [this, resource, done](NodeOutcome outcome, const RedisReply& reply) {
             if (outcome.kind != NodeOutcome::Kind::Ok || reply.integer != 1) {
                 if (outcome.kind == NodeOutcome::Kind::Ok)
                     outcome.kind = NodeOutcome::Kind::Taken;
                 done(outcome);
                 return;
             }
             // Two commands, not one: a crash here leaves a key without a TTL.
             atHazard(Hazard::BeforeExpire, [this, resource, outcome, done] {
                 send({"PEXPIRE", resource, ttlArgument()},
                      [outcome, done](const NodeOutcome& expire, const RedisReply&) {
                          done(expire.kind == NodeOutcome::Kind::Ok ? outcome : expire);
                      });
             });
         });
}
