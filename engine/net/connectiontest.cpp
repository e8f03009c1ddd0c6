// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/connectiontest.h"

#include "base/steadyclock.h"
#include "net/redisconnection.h"

ConnectionTest::ConnectionTest(const NodeAddress& address, int timeoutMs, QObject* parent)
    : QObject(parent), m_address(address), m_timeoutMs(qMax(1, timeoutMs))
{}

ConnectionTest::~ConnectionTest()
{
    if (m_connection)
        m_connection->close();
}

void ConnectionTest::start()
{
    if (m_running)
        return;
    m_running = true;
    RedisConnection::Options options;
    options.connectTimeoutMs = m_timeoutMs;
    options.autoReconnect = false; // one try: the answer is about this attempt
    m_connection = std::make_unique<RedisConnection>(m_address, options, SteadyClock::instance());
    connect(
        m_connection.get(), &RedisConnection::stateChanged, this,
        [this](RedisConnection::State state, const QString& error) { onState(int(state), error); });
    m_connection->open();
}

void ConnectionTest::onState(int state, const QString& error)
{
    using S = RedisConnection::State;
    if (state == int(S::Ready)) {
        const QString version = m_connection->serverVersion();
        finish(true, version.isEmpty() ? tr("Redis answered") : tr("Redis %1").arg(version));
    } else if (state == int(S::Disconnected) || state == int(S::Backoff)) {
        finish(false, error.isEmpty() ? tr("the connection was closed") : error);
    }
}

void ConnectionTest::finish(bool ok, const QString& message)
{
    if (!m_running)
        return;
    m_running = false;
    // Freed later, not from inside its own signal (its destructor frees the context).
    m_connection.release()->deleteLater();
    emit finished(ok, message);
}
