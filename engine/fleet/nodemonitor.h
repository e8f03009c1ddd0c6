// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/keysnapshot.h"
#include "model/nodeaddress.h"
#include "net/redisconnection.h"

#include <QByteArrayList>
#include <QObject>
#include <QTimer>

class Clock;

// Watches one node for the display: its own connection reads every watched lock key
// (value and PTTL, one script call) on a timer, and at once when a lock operation on
// this node has just been answered, so keys appear and vanish on screen as they do on
// the node. Polling, not keyspace notifications, so it works on external nodes that
// refuse CONFIG.
class NodeMonitor : public QObject
{
    Q_OBJECT

public:
    NodeMonitor(int index, const NodeAddress& address, const RedisConnection::Options& options,
                const Clock& clock, QObject* parent = nullptr);

    void start(int pollIntervalMs);
    void setResources(const QByteArrayList& resources);
    // Read again soon: at once, or when a frame's time has passed since the last read
    // (coalesced: one read in flight at a time, at most one per frame).
    void refresh();

    int index() const { return m_index; }
    const NodeAddress& address() const { return m_address; }
    bool isUp() const { return m_connection->isReady(); }
    QString error() const { return m_connection->lastError(); }
    qint64 serverPid() const { return m_connection->serverPid(); }
    qint64 stateSinceUs() const { return m_stateSinceUs; }
    // When the node came back as another process than the one seen before (0: never).
    qint64 restartedUs() const { return m_restartedUs; }
    const QList<KeySnapshot>& keys() const { return m_keys; }
    // When the read that gave keys() was sent: they hold every change made before then.
    qint64 keysAskedUs() const { return m_keysAskedUs; }
    const QByteArrayList& resources() const { return m_resources; }
    RedisConnection* connection() const { return m_connection; }
    // Also read INFO replication on each poll (the replicated topology): the role, the
    // replication offset and whether a replica's link to its master is up.
    void setWatchReplication(bool watch) { m_watchReplication = watch; }
    const QString& role() const { return m_role; }
    qint64 replicationOffset() const { return m_replOffset; }
    bool replicationLinkUp() const { return m_replLinkUp; }
    // A replica's master_port: the address it dials (a proxy's link listener, or the
    // master's own port); 0 for a master or unknown.
    quint16 replicationMasterPort() const { return m_replMasterPort; }

    static const QByteArray ReadKeysScript;

signals:
    void changed();
    void upChanged(bool up, const QString& error);

private:
    void poll();
    void onReply(const CommandResult& result);
    void readReplication();
    void onReplicationReply(const CommandResult& result);
    void onStateChanged(RedisConnection::State state, const QString& error);
    void noteProcess();

    int m_index;
    NodeAddress m_address;
    const Clock& m_clock;
    RedisConnection* m_connection;
    QByteArrayList m_resources;
    QList<KeySnapshot> m_keys;
    QTimer m_pollTimer;
    QTimer m_refreshTimer; // a refresh asked for within MinReadGapMs of the last read
    qint64 m_lastReadUs = 0;
    qint64 m_keysAskedUs = 0;
    bool m_inFlight = false;
    bool m_again = false;
    bool m_wasUp = false;
    bool m_reported = false; // an up or down has been told (upChanged)
    qint64 m_stateSinceUs = 0;
    qint64 m_seenPid = 0; // the node's process_id at the last connect
    qint64 m_restartedUs = 0;
    bool m_watchReplication = false;
    bool m_replicationInFlight = false;
    QString m_role;
    qint64 m_replOffset = -1;
    bool m_replLinkUp = false;
    quint16 m_replMasterPort = 0;
};
