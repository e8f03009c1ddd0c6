// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QObject>

class RedisConnection;
class StockAccess;

// A simulated client's sockets: one to every node and, once there is a stock, one to the
// storage. It owns the node connections.
//
// A client connects before it tries, as a real one does: open() opens what is closed and
// settled() comes once every connection has finished its handshake or failed once (a node
// that is down, or cut off, stays so for the try, and says why). A try sent while
// connections are still being made would count them "down", and with many clients starting
// at once the burst of handshakes and tries together made commands miss their deadline and
// leave keys nobody owned.
class ClientConnections : public QObject
{
    Q_OBJECT

public:
    explicit ClientConnections(const QList<RedisConnection*>& nodes, QObject* parent = nullptr);

    const QList<RedisConnection*>& nodes() const { return m_nodes; }
    // The storage's connection is waited for too. It may become known after open(): were it
    // the last to settle and not watched, settled() would never come.
    void setStock(StockAccess* stock);
    // Opens every connection that is closed; settled() follows (at once when none is being
    // made).
    void open();
    // Every socket closes (a crashed client's die with it).
    void close();
    // True from open() until settled() (or stopWaiting()).
    bool awaiting() const { return m_awaiting; }
    void stopWaiting();

signals:
    void settled();

private:
    void watch(RedisConnection* connection);
    void unwatch(RedisConnection* connection);
    void check();

    QList<RedisConnection*> m_nodes;
    StockAccess* m_stock = nullptr;
    bool m_awaiting = false;
};
