// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/noderoute.h"
#include "net/nodesubscriber.h"
#include "net/redisconnection.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>

// A client's pub/sub connection to one node: a RedisConnection of its own (its connect
// deadline, per-command deadlines and reconnect backoff), opened at the first subscribe()
// so that a client that polls opens none. Subscriptions asked for while it connects wait for
// it to be Ready; a connect attempt that fails fails them (the waiter then keeps its retry
// delay).
class RedisSubscriber : public QObject, public NodeSubscriber
{
    Q_OBJECT

public:
    // Through the route's gate, if it has one, as the client's other connections.
    RedisSubscriber(const NodeRoute& route, const RedisConnection::Options& options,
                    const Clock& clock, QObject* parent = nullptr);

    void subscribe(const QByteArray& channel, int timeoutMs, Done done) override;
    bool isSubscribed(const QByteArray& channel) const override
    {
        return m_subscribed.contains(channel);
    }
    void setMessageHandler(MessageHandler handler) override;
    void close() override;

    const RedisConnection& connection() const { return m_connection; }

private:
    struct Request
    {
        QByteArray channel;
        int timeoutMs = 0;
    };

    void onStateChanged(RedisConnection::State state, const QString& error);
    void send(const Request& request);
    // Tells everyone who asked for `channel` (queued: never inside subscribe()).
    void answer(const QByteArray& channel, bool subscribed, const QString& error);

    RedisConnection m_connection;
    QSet<QByteArray> m_subscribed;
    // Who waits for each channel's confirmation: one SUBSCRIBE per channel in flight, whose
    // answer every waiter of the channel gets (a second one would only ask the node again).
    QHash<QByteArray, QList<Done>> m_asked;
    QList<Request> m_waiting; // asked for before the connection was Ready
};
