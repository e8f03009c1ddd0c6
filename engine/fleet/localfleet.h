// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/redisserverprocess.h"
#include "model/nodeaddress.h"

#include <QList>
#include <QObject>

// N local redis-server processes on free loopback ports: the app's default fleet.
class LocalFleet : public QObject
{
    Q_OBJECT

public:
    explicit LocalFleet(int count, const RedisServerProcess::Options& options = {},
                        QObject* parent = nullptr);
    ~LocalFleet() override;

    // Emits ready() once every node answers, or failed("node K: ...") at the first error
    // (K counts from 1) after stopping the others.
    void start();
    void stop(); // every node, by pid; frozen ones are resumed first
    bool startAndWait(int timeoutMs, QString* error = nullptr);

    int count() const { return int(m_nodes.size()); }
    RedisServerProcess* node(int index) const { return m_nodes.at(index); }
    QList<NodeAddress> addresses() const;

signals:
    void ready();
    void failed(const QString& error);

private:
    void onNodeStarted();
    void onNodeFailed(int index, const QString& error);

    QList<RedisServerProcess*> m_nodes;
    int m_startedCount = 0;
    bool m_failed = false;
    bool m_starting =
        false; // between start() and ready()/failed(); later restarts are the engine's
};
