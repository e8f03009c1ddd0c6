// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/commandanswer.h"
#include "model/historyevent.h"
#include "model/nodeaddress.h"
#include "model/storagesnapshot.h"
#include "net/foreignexchange.h"
#include "net/redisconnection.h"

#include <QObject>
#include <QTimer>
#include <optional>

class Clock;
class RedisServerProcess;

// The storage node: its own redis-server (a local one the app starts and stops with the
// fleet, or the user's, given with --storage), never one of the lock nodes. It holds the
// stock the clients buy from under the lock, and the fencing check's state. Its own
// connection reads them for the storage card and sets the stock for `stock N`.
class NodeProxy;

class Storage : public QObject
{
    Q_OBJECT

public:
    Storage(const std::optional<NodeAddress>& external, const QString& redisServer,
            const RedisConnection::Options& options, const Clock& clock, QObject* parent = nullptr);
    ~Storage() override;

    void start(); // emits ready() or failed()
    void stop();

    bool isReady() const;
    NodeAddress address() const { return m_address; }
    bool stockActive() const { return m_snapshot.stockActive; }
    // SET stock N and a clean fencing state; the StockSet event follows.
    void setStock(qint64 items, const AnswerCallback& done);
    // A port for foreign clients' purchases on `host`:`port`, through a proxy of its own that
    // reports their reads and writes of the stock (foreignExchange). The address, or nothing
    // and *error. With `identity`, clients that speak TLS to it get that certificate.
    std::optional<NodeAddress> expose(const QString& host, quint16 port, QString* error,
                                      const std::optional<TlsSettings>& identity = {});
    void tagForeign(const QString& key, int clientId);
    void setClientHeld(int clientId, bool held);
    // "37 left of 100 ..." from the last reading.
    QString report() const;
    StorageSnapshot snapshot() const;

signals:
    void foreignExchange(const ForeignExchange& exchange);
    void ready();
    void failed(const QString& error);
    void happened(const HistoryEvent& event);
    void changed();

private:
    void connectTo(const NodeAddress& address);
    void poll();
    void onRead(const CommandResult& result);
    void onConnectionState(RedisConnection::State state, const QString& error);

    std::optional<NodeAddress> m_external;
    QString m_redisServer;
    RedisConnection::Options m_options;
    const Clock& m_clock;
    RedisServerProcess* m_process = nullptr;
    RedisConnection* m_connection = nullptr;
    NodeAddress m_address;
    NodeProxy* m_exposed = nullptr; // foreign clients' way in (expose())
    StorageSnapshot m_snapshot;
    QTimer m_pollTimer;
    bool m_inFlight = false;
    bool m_announced = false;
};
