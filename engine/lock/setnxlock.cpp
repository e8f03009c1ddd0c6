// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/setnxlock.h"

void SetNxLock::tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                        TryDone done)
{
    Q_UNUSED(op)
    send({"SETNX", resource, token}, [done](NodeOutcome outcome, const RedisReply& reply) {
        if (outcome.kind == NodeOutcome::Kind::Ok && reply.integer != 1)
            outcome.kind = NodeOutcome::Kind::Taken;
        done(outcome);
    });
}

void SetNxLock::releaseOnce(const Lock& lock, quint64 op, ReleaseDone done)
{
    Q_UNUSED(op)
    deleteKey(lock.resource, std::move(done));
}

void SetNxLock::deleteKey(const QByteArray& resource, ReleaseDone done)
{
    // An error (WRONGTYPE: the key is someone's hash lock) deleted nothing: its text is no
    // token.
    send({"GETDEL", resource}, [done](const NodeOutcome& outcome, const RedisReply& reply) {
        const bool deleted = outcome.kind == NodeOutcome::Kind::Ok && !reply.isNil();
        done(outcome, deleted ? reply.text : QByteArray());
    });
}
