// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodeaddress.h"

#include <QObject>
#include <memory>

class RedisConnection;

// Tries one node once, the way the engine would connect to it (the same RedisConnection:
// host lookup, TCP connect, AUTH, SELECT, INFO server, within the connect timeout), and says
// how it went in the same words the engine uses ("connection refused", "wrong password",
// "host not found: ..."), or which Redis answered.
//
// For dialogs: the test's one connection is made, used and freed in the thread that owns
// this object, never shared with the engine's.
class ConnectionTest : public QObject
{
    Q_OBJECT

public:
    explicit ConnectionTest(const NodeAddress& address, int timeoutMs = 2000,
                            QObject* parent = nullptr);
    ~ConnectionTest() override;

    void start();
    bool isRunning() const { return m_running; }
    const NodeAddress& address() const { return m_address; }

signals:
    // ok: it answered as a Redis we can use; message: "Redis 7.0.15" or what went wrong.
    void finished(bool ok, const QString& message);

private:
    void onState(int state, const QString& error);
    void finish(bool ok, const QString& message);

    NodeAddress m_address;
    int m_timeoutMs;
    bool m_running = false;
    std::unique_ptr<RedisConnection> m_connection;
};
