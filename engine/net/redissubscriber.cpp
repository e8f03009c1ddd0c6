// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/redissubscriber.h"

#include <QPointer>
#include <utility>

RedisSubscriber::RedisSubscriber(const NodeRoute& route, const RedisConnection::Options& options,
                                 const Clock& clock, QObject* parent)
    : QObject(parent), m_connection(route.address, options, clock, this)
{
    m_connection.setGate(route.gate, route.clientId);
    connect(&m_connection, &RedisConnection::stateChanged, this, &RedisSubscriber::onStateChanged);
}

void RedisSubscriber::setMessageHandler(MessageHandler handler)
{
    m_connection.setMessageHandler(std::move(handler));
}

void RedisSubscriber::subscribe(const QByteArray& channel, int timeoutMs, Done done)
{
    if (m_subscribed.contains(channel)) {
        QMetaObject::invokeMethod(
            this, [done = std::move(done)] { done(true, {}); }, Qt::QueuedConnection);
        return;
    }
    const bool asked = m_asked.contains(channel);
    m_asked[channel] << std::move(done);
    if (asked)
        return; // its SUBSCRIBE is on the way: this one gets the same answer
    const Request request{channel, timeoutMs};
    if (m_connection.isReady()) {
        send(request);
        return;
    }
    m_waiting << request;
    m_connection.open(); // nothing when it is connecting already
}

void RedisSubscriber::send(const Request& request)
{
    QPointer<RedisSubscriber> self(this);
    const QByteArray channel = request.channel;
    m_connection.subscribe(
        channel, request.timeoutMs, [self, channel](const CommandResult& result) {
            if (!self)
                return;
            const RedisReply& reply = result.reply;
            const bool ok = result.status == CommandResult::Status::Replied &&
                            reply.type == RedisReply::Type::Array &&
                            reply.elements.value(0).text == "subscribe";
            // Only while the connection that confirmed it lives: a later loss clears it.
            if (ok && self->m_connection.isSubscribed())
                self->m_subscribed.insert(channel);
            const QString error = ok                        ? QString()
                                  : !result.error.isEmpty() ? result.error
                                                            : QString::fromUtf8(reply.text);
            self->answer(channel, ok, error);
        });
}

void RedisSubscriber::answer(const QByteArray& channel, bool subscribed, const QString& error)
{
    for (Done& done : m_asked.take(channel))
        QMetaObject::invokeMethod(
            this, [done = std::move(done), subscribed, error] { done(subscribed, error); },
            Qt::QueuedConnection);
}

void RedisSubscriber::onStateChanged(RedisConnection::State state, const QString& error)
{
    if (state == RedisConnection::State::Ready) {
        for (const Request& request : std::exchange(m_waiting, {}))
            send(request);
        return;
    }
    m_subscribed.clear(); // the context, and what it was subscribed to, is gone
    if (state == RedisConnection::State::Resolving || state == RedisConnection::State::Connecting)
        return;
    // Backoff or Disconnected: this attempt failed; the waiters keep their retry delay.
    for (const Request& request : std::exchange(m_waiting, {}))
        answer(request.channel, false, error);
}

void RedisSubscriber::close()
{
    m_connection.close(); // fails what waits through onStateChanged
}
