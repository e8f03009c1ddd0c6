// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clients/lockop.h"
#include "model/clientsnapshot.h"
#include "model/commandanswer.h"
#include "model/historyevent.h"
#include "net/foreignexchange.h"

#include <QHash>
#include <QObject>
#include <QTimer>
#include <memory>
#include <optional>

class Clock;

// Real lock clients under test (node-redlock, Redisson, redis-py's Lock, one's own), which
// reach the nodes through the ports the app exposes (docs/proxy.md, "Foreign clients"). The
// proxies report every lock command of theirs with its answer; this registry makes each
// client a lane of its own ("F1 node (pid 4121)") and its commands history, as it does a
// simulated client's: attempts, per-node answers and latencies, holds, extensions, releases,
// and its reads and writes of the stock on the exposed storage.
//
// What the app can know of a foreign client's lock is a *lease*: it begins when a majority of
// the nodes (one node, for a client that talks to one node only) granted one token, and lasts
// its TTL counted from the first request of that token, or until the client releases it. The
// lease is the client's critical section as far as the checker is concerned.
class ForeignClients : public QObject
{
    Q_OBJECT

public:
    static constexpr int FirstId = 1001; // F1; simulated clients count from 1

    ForeignClients(const QByteArray& resource, const QByteArray& stockKey, int nodeCount,
                   const Clock& clock, QObject* parent = nullptr);
    ~ForeignClients() override;

    // The replicated topology: a foreign client locks on the one master, whichever node that
    // is (a Sentinel-aware client follows a failover to the replica), so one grant is a lease
    // however many nodes it talked to.
    void setSingleMaster(bool on) { m_singleMaster = on; }

    // What the proxies saw (`node`: a lock node's index, or HistoryEvent::StorageNode).
    void onConnection(int node, const ForeignIdentity& who, bool open);
    void onExchange(int node, const ForeignExchange& exchange);

    int idOf(const QString& name) const; // -1: no such foreign client
    // The id "F3" has or will have (a scenario may wait for a client still to come), or -1
    // when `name` is not a foreign client's name.
    static int idForName(const QString& name);
    QString nameOf(int id) const;
    bool isForeign(int id) const { return m_clients.contains(id); }
    QList<ClientSnapshot> snapshots() const;
    std::optional<ClientSnapshot> snapshot(const QString& name) const;

    // `client pause F1 MS`: every byte of the client waits, both ways, for MS (0: until
    // resumed), a stop-the-world pause as the network sees it.
    CommandAnswer pause(const QString& name, int forMs);
    CommandAnswer resume(const QString& name);
    // Stops every timer (the engine's shutdown, in its thread).
    void stop();

signals:
    void event(const HistoryEvent& event);
    // A new identity is client `clientId`: the proxies tag its connections (faults reach it).
    void identified(const QString& key, int clientId);
    void tokenIssued(int client, const QByteArray& token);
    // Hold (or release) every byte of `clientId` in the proxies.
    void holdRequested(int clientId, bool held);

private:
    struct Round;
    struct Client;

    Client& clientFor(const ForeignIdentity& who);
    void onAcquire(Client& c, int node, const ForeignExchange& x, const LockOp& op);
    void onRelease(Client& c, int node, const ForeignExchange& x, const LockOp& op);
    void onExtend(Client& c, int node, const ForeignExchange& x, const LockOp& op);
    void onStock(Client& c, const ForeignExchange& x, const LockOp& op);
    void decide(Client& c, Round& round);
    void beginLease(Client& c, const Round& round);
    void endLease(Client& c, HistoryEvent::SectionEndReason reason);
    void armExpiry(Client& c);
    int quorumOf(const Client& c) const;
    int connectedNodes(const Client& c) const;
    void finishRelease(Client& c);
    void armSweep();
    bool settle(Client& c, const Round& round, bool now);
    void flush(Client& c);
    void closeRound(Client& c, Round& round);
    void sweep();
    void answer(const Client& c, quint64 op, HistoryEvent::Operation operation, int node,
                const ForeignExchange& x, const LockOp& lockOp);
    void setState(Client& c, ClientSnapshot::State state);
    quint64 nextOp(Client& c);
    void record(HistoryEvent e, const Client& c);
    Client* byName(const QString& name) const;
    ClientSnapshot snapshotOf(const Client& c) const;

    QByteArray m_resource;
    QByteArray m_stockKey;
    int m_nodeCount;
    bool m_singleMaster = false;
    const Clock& m_clock;
    QHash<int, std::shared_ptr<Client>> m_clients; // by id
    QHash<QString, int> m_byKey;                   // identity key -> id
    QHash<QString, quint16> m_nodesOf;             // identity key -> nodes it connected to
    LockOp::Scripts m_scripts;
    QTimer m_sweep; // decides rounds and releases past their deadline
};
