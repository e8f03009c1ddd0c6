#pragma once

#include "clients/clientsettings.h"
#include "net/nodeaddress.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

// What the engine runs against and with: from the command line or a JSON config file.
struct EngineConfig
{
    QList<NodeAddress> nodes; // empty: start localNodeCount local redis-server processes
    // The storage node for the stock (never a lock node); empty: one more local redis-server.
    std::optional<NodeAddress> storage;
    int localNodeCount = 5;
    QString redisServer; // the redis-server binary for local nodes; empty: from PATH
    ClientSettings clientDefaults;
    QByteArray resource = "stock-lock";
    int initialClients = 1;
    int pollIntervalMs = 100; // how often each node's lock keys are read for display
    int connectTimeoutMs = 1000;

    bool usesLocalFleet() const { return nodes.isEmpty(); }
    int nodeCount() const { return usesLocalFleet() ? localNodeCount : int(nodes.size()); }
    QString validate() const; // empty when usable

    // {"nodes": ["host:port", {"host":..,"port":..,"user":..,"password":..,"db":..}],
    //  "localNodes": 5, "redisServer": "...", "resource": "...", "clients": 1,
    //  "client": {"ttlMs":..,"nodeTimeoutMs":..,"driftFactor":..,"retryCount":..,...}}
    static std::optional<EngineConfig> loadFile(const QString& path, QString* error);
};
