// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/clientconnections.h"

#include "net/redisconnection.h"
#include "storage/stockaccess.h"

#include <algorithm>

ClientConnections::ClientConnections(const QList<RedisConnection*>& nodes, QObject* parent)
    : QObject(parent), m_nodes(nodes)
{
    for (RedisConnection* connection : std::as_const(m_nodes))
        connection->setParent(this);
}

void ClientConnections::setStock(StockAccess* stock)
{
    m_stock = stock;
    if (m_stock && m_awaiting)
        watch(m_stock->connection());
}

void ClientConnections::open()
{
    for (RedisConnection* connection : std::as_const(m_nodes))
        if (connection->state() == RedisConnection::State::Disconnected)
            connection->open();
    if (m_stock)
        m_stock->open();
    m_awaiting = true;
    for (RedisConnection* connection : std::as_const(m_nodes))
        watch(connection);
    if (m_stock)
        watch(m_stock->connection());
    check();
}

void ClientConnections::close()
{
    for (RedisConnection* connection : std::as_const(m_nodes))
        connection->close();
    if (m_stock)
        m_stock->close();
}

void ClientConnections::stopWaiting()
{
    m_awaiting = false;
}

void ClientConnections::watch(RedisConnection* connection)
{
    connect(connection, &RedisConnection::stateChanged, this, &ClientConnections::check,
            Qt::UniqueConnection);
}

void ClientConnections::unwatch(RedisConnection* connection)
{
    disconnect(connection, &RedisConnection::stateChanged, this, &ClientConnections::check);
}

void ClientConnections::check()
{
    const auto connecting = [](const RedisConnection* c) {
        return c->state() == RedisConnection::State::Resolving ||
               c->state() == RedisConnection::State::Connecting;
    };
    const bool settling = std::any_of(m_nodes.cbegin(), m_nodes.cend(), connecting) ||
                          (m_stock && m_stock->connecting());
    if (!m_awaiting || settling)
        return;
    m_awaiting = false;
    for (RedisConnection* connection : std::as_const(m_nodes))
        unwatch(connection);
    if (m_stock)
        unwatch(m_stock->connection());
    emit settled();
}
