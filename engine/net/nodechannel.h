// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/commandresult.h"

#include <QByteArrayList>
#include <functional>

// The one thing the Redlock algorithm needs from a node: send a command, get its result
// once. Implemented by RedisConnection (a real node) and by the tests' FakeNode.
//
// Contract: the callback is called exactly once, never from inside send() (so a caller
// can send to every node before any result arrives), and always in the channel's thread.
class NodeChannel
{
public:
    using Callback = std::function<void(const CommandResult&)>;

    virtual ~NodeChannel() = default;

    virtual void send(const QByteArrayList& args, int timeoutMs, Callback callback) = 0;
    virtual bool isReady() const = 0;
    // Redis 7 accepts SET ... NX GET, which tells who holds a key in the same round trip.
    virtual bool supportsSetNxGet() const = 0;
};
