#include "net/redissubscriber.h"

#include <QPointer>
#include <utility>

RedisSubscriber::RedisSubscriber(const NodeAddress& address,
                                 const RedisConnection::Options& options, const Clock& clock,
                                 QObject* parent)
    : QObject(parent), m_connection(address, options, clock, this)
{
    connect(&m_connection, &RedisConnection::stateChanged, this, &RedisSubscriber::onStateChanged);
}

void RedisSubscriber::setMessageHandler(MessageHandler handler)
{
    m_connection.setMessageHandler(std::move(handler));
}

void RedisSubscriber::subscribe(const QByteArray& channel, int timeoutMs, Done done)
{
    Request request{channel, timeoutMs, std::move(done)};
    if (m_connection.isReady()) {
        send(std::move(request));
        return;
    }
    m_waiting << std::move(request);
    m_connection.open(); // nothing when it is connecting already
}

void RedisSubscriber::send(Request request)
{
    QPointer<RedisSubscriber> self(this);
    const QByteArray channel = request.channel;
    m_connection.subscribe(
        channel, request.timeoutMs,
        [self, channel, done = std::move(request.done)](const CommandResult& result) {
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
            done(ok, error);
        });
}

void RedisSubscriber::onStateChanged(RedisConnection::State state, const QString& error)
{
    if (state == RedisConnection::State::Ready) {
        for (Request& request : std::exchange(m_waiting, {}))
            send(std::move(request));
        return;
    }
    m_subscribed.clear(); // the context, and what it was subscribed to, is gone
    if (state == RedisConnection::State::Resolving || state == RedisConnection::State::Connecting)
        return;
    // Backoff or Disconnected: this attempt failed; the waiters keep their retry delay.
    // Queued: open() inside subscribe() can fail at once (a refused loopback connect).
    for (Request& request : std::exchange(m_waiting, {}))
        QMetaObject::invokeMethod(
            this, [done = std::move(request.done), error] { done(false, error); },
            Qt::QueuedConnection);
}

void RedisSubscriber::close()
{
    m_connection.close(); // fails what waits through onStateChanged
}
