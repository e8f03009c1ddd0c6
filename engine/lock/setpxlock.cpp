// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/setpxlock.h"

#include "lock/redlock.h"

void SetPxLock::tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                        TryDone done)
{
    Q_UNUSED(op)
    setWithTtl(resource, token, std::move(done));
}

void SetPxLock::setWithTtl(const QByteArray& resource, const QByteArray& token, TryDone done)
{
    if (settings().fencing && canFence()) {
        send({"EVAL", Redlock::FencedAcquireScript, "2", resource, Redlock::fenceKey(resource),
              token, ttlArgument()},
             [done](NodeOutcome outcome, const RedisReply& reply) {
                 if (outcome.kind == NodeOutcome::Kind::Ok) {
                     const bool took = reply.type == RedisReply::Type::Integer;
                     outcome.kind = took ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken;
                     outcome.fenceCounter = took ? reply.integer : -1;
                     outcome.owner = reply.text;
                 }
                 done(outcome);
             });
        return;
    }
    // Redis 7 names the holder in the same round trip (NX GET: nil means it took).
    const bool withGet = nodeKnowsSetNxGet();
    QByteArrayList command{"SET", resource, token, "NX", "PX", ttlArgument()};
    if (withGet)
        command << "GET";
    send(command, [done, withGet](NodeOutcome outcome, const RedisReply& reply) {
        const bool took = withGet ? reply.isNil() : reply.isOkStatus();
        if (outcome.kind == NodeOutcome::Kind::Ok && !took) {
            outcome.kind = NodeOutcome::Kind::Taken;
            outcome.owner = reply.text;
        }
        done(outcome);
    });
}
