// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fault.h"
#include "model/historyevent.h"
#include "model/keysnapshot.h"
#include "model/nodeoutcome.h"
#include <QObject>

#include <QList>
#include <QString>
#include <QStringList>

// One node as the engine last saw it.
struct NodeSnapshot
{
    Q_GADGET

public:
    enum class State
    {
        Starting,
        Up,
        Down,
        Paused
    };
    Q_ENUM(State)

    struct ClientOutcome
    {
        int client = -1;
        HistoryEvent::Operation operation = HistoryEvent::Operation::Acquire;
        NodeOutcome outcome;
    };

    int index = 0;
    QString address;          // host:port
    bool tls = false;         // rediss://: reached over TLS
    bool tlsVerified = false; // ... and its certificate checked (not --tls-insecure)
    State state = State::Starting;
    QString error; // why it is down, in words
    // Up, but refusing the clients' writes: the Redis error they get ("READONLY ...": a
    // replica; "OOM ...": out of memory). Empty when its last answers were fine.
    QString refusal;
    bool local = false;
    qint64 pid = 0;
    qint64 stateSinceUs = 0;
    // When the node was last seen back as a new process (its process_id changed: a restart,
    // by the app or by anyone); 0 when it never was.
    qint64 restartedUs = 0;
    QList<KeySnapshot> keys;
    qint64 keysAskedUs = 0; // when the read of `keys` was sent: they hold every change before
    QList<ClientOutcome> lastOutcomes; // each client's latest answer from this node
    QList<Fault> faults;               // in force now
    bool partitionedFromAll = false;   // a partition cuts every client off
    QStringList partitionedClients;    // the clients a partition names
    QString persistence;               // "none", "aof everysec", "aof always"
    // The node commands possible now (kill, pause, resume, restart, shutdown, partition,
    // heal, latency, drop, clock, persistence): the card offers exactly these.
    QStringList actions;
    QString actionsNote; // why some are missing, e.g. "external node: CONFIG refused"
    // Replication (INFO replication), read only in the replicated topology: role "master" or
    // "replica" (empty: not watched), the node's own replication offset, and for a replica
    // how many bytes it is behind the master (-1 unknown) and whether its link is up.
    QString role;
    qint64 replOffset = -1;
    qint64 replLagBytes = -1;
    bool replLinkUp = false;
    // The node's replication-link listener on its proxy (0: none): where a replica of it
    // dials, and the address the Sentinels know it by. For a replica, the port its master
    // address names (INFO master_port) and which node that is, by its own or its link port
    // (-1: none of ours); it replicates through the proxy when that is the master's linkPort.
    quint16 linkPort = 0;
    quint16 replMasterPort = 0;
    int replMasterNode = -1;

    static QString stateName(State state);
};
