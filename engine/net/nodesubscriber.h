// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <functional>

// What a waiter needs from a node's pub/sub (wait=pubsub): to hear the unlock messages a
// release publishes. Implemented by RedisSubscriber, a connection of its own: a subscribed
// connection cannot send the lock's commands.
//
// Contract: `done` is called once, never from inside subscribe(), in the subscriber's
// thread. A subscription ends when the connection is lost (isSubscribed() says so); the
// waiter subscribes again at its next wait.
class NodeSubscriber
{
public:
    using Done = std::function<void(bool subscribed, const QString& error)>;
    using MessageHandler = std::function<void(const QByteArray& channel, const QByteArray& text)>;

    virtual ~NodeSubscriber() = default;

    // Listens on `channel`, connecting first when needed; the node's confirmation (or why
    // not) under `timeoutMs`.
    virtual void subscribe(const QByteArray& channel, int timeoutMs, Done done) = 0;
    virtual bool isSubscribed(const QByteArray& channel) const = 0;
    virtual void setMessageHandler(MessageHandler handler) = 0;
    // Drops the connection and its subscriptions (a crashed client's sockets die with it);
    // a later subscribe() connects again.
    virtual void close() = 0;
};
