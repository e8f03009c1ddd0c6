// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"
#include "model/nodeaddress.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

// What the engine runs against and with: from the command line or a JSON config file.
struct EngineConfig
{
    QList<NodeAddress> nodes; // empty: start localNodeCount local redis-server processes
    // --expose [HOST:]PORT: ports for real lock clients under test (`expose`), once up.
    QString expose;
    // The storage node for the stock (never a lock node); empty: one more local redis-server.
    std::optional<NodeAddress> storage;
    // How rediss:// nodes and storage speak TLS (--tls-*, the file's "tls" object).
    TlsSettings tls;
    int localNodeCount = 5;
    QString redisServer; // the redis-server binary for local nodes; empty: from PATH
    // Independent: N masters (Redlock's setting). Replicated: one master, one replica and
    // three Sentinels (the failover rung's setting: docs/sources.md, "The oversell ladder"),
    // local nodes only.
    enum class Topology
    {
        Independent,
        Replicated
    };
    Topology topology = Topology::Independent;
    QString redisSentinel; // the redis-sentinel binary; empty: from PATH
    // --tls: the local nodes (and Sentinels) speak TLS only, with a CA made for the run
    // (ThrowawayCa); the app reaches them as rediss:// nodes trusting that CA.
    bool localTls = false;
    // Where the network faults reach the simulated clients: in their own connections, which
    // go straight to the nodes (the gate, FaultGate), or through each node's proxy as before
    // (--client-path proxy: the same faults the older way, kept to compare the two).
    enum class ClientPath
    {
        Gate,
        Proxy
    };
    ClientPath clientPath = ClientPath::Gate;
    ClientSettings clientDefaults;
    QByteArray resource = "stock-lock";
    int initialClients = 1;
    int pollIntervalMs = 100; // how often each node's lock keys are read for display
    int connectTimeoutMs = 1000;
    // The run is recorded to this file as it happens (RunWriter); empty: not recorded.
    QString recordPath;
    // Where the app puts runs when no file is given (RunFolder: the user's data folder).
    // The window and main() turn it into a recordPath per engine start.
    bool recordToRunFolder = false;
    // A scenario's end is the run's end (headless): every client stops and its releases are
    // answered before the scenario is judged, so the verdict is the run's last word.
    bool scenarioEndsRun = false;

    static constexpr int kMaxClients = 200;
    // A config file is a few hundred bytes; one of more than this is not one.
    static constexpr qint64 kMaxFileBytes = 1024 * 1024;
    static constexpr qsizetype kMaxResourceBytes = 200;

    bool usesLocalFleet() const { return nodes.isEmpty(); }
    // Sets `tls` and stamps it into every rediss:// node and storage address, which carry it
    // to each connection made to them (RedisConnection picks TlsStream by the address).
    void setTls(const TlsSettings& settings);
    bool usesTls() const; // a node or the storage is rediss://
    bool replicated() const { return topology == Topology::Replicated; }
    int nodeCount() const
    {
        if (replicated())
            return 2; // the master and its replica
        return usesLocalFleet() ? localNodeCount : int(nodes.size());
    }
    // "independent" or "replicated"; nothing for any other word.
    static std::optional<Topology> parseTopology(const QString& word);
    QString validate() const; // empty when usable

    // Empty when no two nodes are one server; otherwise which two entries collide. Host
    // names are resolved (blocking: meant for startup, once), so "localhost:7001" and
    // "127.0.0.1:7001" are found to be the same node, whose vote would count twice.
    QString checkNodesDistinct() const;

    // {"nodes": ["host:port", {"host":..,"port":..,"user":..,"password":..,"db":..}],
    //  "localNodes": 5, "redisServer": "...", "resource": "...", "clients": 1,
    //  "client": {"ttlMs":..,"nodeTimeoutMs":..,"driftFactor":..,"retryCount":..,...},
    //  "tls": {"ca": "ca.pem", "cert": "..", "key": "..", "serverName": "..", "insecure": false}}
    // (the tls files relative to the config file's folder)
    // Checked as strictly as --nodes: unknown keys and values of the wrong type are refused
    // with their path ("client.ttlMs: expected a number, got \"abc\"").
    static std::optional<EngineConfig> loadFile(const QString& path, QString* error);
};
