// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clients/lockop.h"
#include "model/clientsnapshot.h"
#include "model/commandanswer.h"
#include "model/historyevent.h"
#include "model/nodeoutcome.h"
#include "net/foreignexchange.h"

#include <QHash>
#include <QObject>
#include <QTimer>
#include <functional>
#include <memory>
#include <optional>

class Clock;

// Real lock clients under test (node-redlock, Redisson, redis-py's Lock, one's own), which
// reach the nodes through the ports the app exposes (docs/proxy.md, "Foreign clients"). The
// proxies report every lock command of theirs with its answer; this registry makes each
// client a lane of its own ("F1 node (pid 4121)") and its commands history, as it does a
// simulated client's: acquires and their rounds, per-node answers and latencies, holds,
// extensions, releases, and its reads and writes of the stock on the exposed storage.
//
// What the app can know of a foreign client's lock is a *lease*: it begins when a majority of
// the nodes (one node, for a client that talks to one node only) granted one token, and lasts
// its TTL counted from the first request of that token, or until the client sends its
// release. The lease is the client's critical section as far as the checker is concerned.
// Commands are judged by their effect on the nodes, not by a library's text: a script by what
// it calls (ScriptShape), a script the app never saw by what it did to the key, read from the
// node right after (setProbe). A node runs one command at a time: its grant to a new holder
// ends the previous holder's hold on that node (a NodeAnswer the history keeps).
//
// Lanes are bounded: a client with no connection left, no lease and nothing under way retires
// after a while (at once when too many lanes are open); its history stays.
class ForeignClients : public QObject
{
    Q_OBJECT

public:
    static constexpr int FirstId = 1001; // F1; simulated clients count from 1
    // Lanes open at once before idle ones retire at once (not only after RetireAfterMs).
    static constexpr int MaxLanes = 16;
    static constexpr int RetireAfterMs = 10000;

    // What a node holds under a key now, read on the engine's own connection to it: the value
    // (nil: no key) and its PTTL; nothing when the node could not be read.
    struct KeyState
    {
        RedisReply value;
        qint64 pttlMs = -2;
    };
    using ProbeDone = std::function<void(const std::optional<KeyState>&)>;
    using Probe = std::function<void(int node, const QByteArray& key, const ProbeDone& done)>;

    ForeignClients(const QByteArray& resource, const QByteArray& stockKey, int nodeCount,
                   const Clock& clock, QObject* parent = nullptr);
    ~ForeignClients() override;

    // The replicated topology: a foreign client locks on the one master, whichever node that
    // is (a Sentinel-aware client follows a failover to the replica), so one grant is a lease
    // however many nodes it talked to.
    void setSingleMaster(bool on) { m_singleMaster = on; }
    // How a node is read when a command's effect must come from the node itself.
    void setProbe(Probe probe) { m_probe = std::move(probe); }

    // What the proxies saw (`node`: a lock node's index, or HistoryEvent::StorageNode).
    void onConnection(int node, const ForeignIdentity& who, bool open);
    // Commands as they go to the node, before any answer: a release ends the lease now.
    void onRequests(int node, const ForeignRequests& requests);
    void onExchange(int node, const ForeignExchange& exchange);
    // The stock as others left it (a simulated client's write, `stock N`): where the next
    // foreign write finds it.
    void noteStock(qint64 value) { m_stock = value; }

    int idOf(const QString& name) const; // -1: no such foreign client
    // The id "F3" has or will have (a scenario may wait for a client still to come), or -1
    // when `name` is not a foreign client's name.
    static int idForName(const QString& name);
    QString nameOf(int id) const;
    bool isForeign(int id) const { return m_clients.contains(id); }
    int laneCount() const { return int(m_clients.size()); }
    QList<ClientSnapshot> snapshots() const;
    std::optional<ClientSnapshot> snapshot(const QString& name) const;

    // `client pause F1 MS`: every byte of the client waits in the proxies, both ways, for MS
    // (0: until resumed): what the network sees of a stop-the-world pause. The client's own
    // process runs on (its timers fire, it may give up and try again when the bytes flow).
    CommandAnswer pause(const QString& name, int forMs);
    CommandAnswer resume(const QString& name);
    // Ends every lease with the run and stops every timer (the engine's shutdown, in its
    // thread).
    void stop();

signals:
    void happened(const HistoryEvent& event);
    // A new identity is client `clientId`: the proxies tag its connections (faults reach it).
    void identified(const QString& key, int clientId);
    void tokenIssued(int client, const QByteArray& token);
    // Hold (or release) every byte of `clientId` in the proxies.
    void holdRequested(int clientId, bool held);
    // What a node answered to a lock command (the node cards show it).
    void nodeAnswered(int client, int node, HistoryEvent::Operation operation,
                      const NodeOutcome& outcome);
    // A lane retired (its history stays): identity `key` is nobody's now.
    void retired(int clientId, const QString& key);

private:
    struct Round;
    struct Acquire;
    struct Extension;
    struct Client;

    Client& clientFor(const ForeignIdentity& who);
    void onRefused(int node, const ForeignExchange& x);
    void judge(Client& c, int node, const ForeignExchange& x);
    void apply(Client& c, int node, const ForeignExchange& x, const LockOp& op);
    void probeUnknown(Client& c, int node, const ForeignExchange& x, const LockOp& op);
    LockOp inferred(const Client& c, const ForeignExchange& x, const LockOp& op,
                    const KeyState& state, ScriptShape* learnt) const;
    void drainBacklog(int clientId);
    void onAcquire(Client& c, int node, const ForeignExchange& x, const LockOp& op);
    void onRelease(Client& c, int node, const ForeignExchange& x, const LockOp& op);
    void beginRelease(Client& c, const QByteArray& token, qint64 sentUs);
    void onExtend(Client& c, int node, const ForeignExchange& x, const LockOp& op);
    void readBackDeadline(Client& c, int node, const QByteArray& token, qint64 sentUs);
    void onStock(Client& c, const ForeignExchange& x, const LockOp& op);
    void endHoldsOf(const Client& granted, int node, const QByteArray& key);
    void startAcquire(Client& c, const QByteArray& token, qint64 sentUs);
    void giveUp(Client& c);
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
    void retireIdle(bool crowded);
    bool retirable(const Client& c, qint64 nowUs) const;
    void retire(int id);
    void answer(const Client& c, quint64 op, HistoryEvent::Operation operation, int node,
                const ForeignExchange& x, const LockOp& lockOp);
    void setState(Client& c, ClientSnapshot::State state);
    quint64 nextOp(Client& c);
    void record(HistoryEvent e, const Client& c);
    void note(const Client& c, const QString& text, int node);
    Client* byName(const QString& name) const;
    Client* byKey(const QString& key) const;
    ClientSnapshot snapshotOf(const Client& c) const;

    QByteArray m_resource;
    QByteArray m_stockKey;
    int m_nodeCount;
    bool m_singleMaster = false;
    const Clock& m_clock;
    Probe m_probe;
    QHash<int, std::shared_ptr<Client>> m_clients; // by id
    QHash<QString, int> m_byKey;                   // identity key -> id
    QHash<QString, quint16> m_nodesOf;             // identity key -> nodes it connected to
    QHash<QString, int> m_openConnections;         // identity key -> connections open now
    int m_nextId = FirstId;
    LockOp::Scripts m_scripts;
    qint64 m_stock = -1; // the stock as the last write left it (-1: not known yet)
    QTimer m_sweep;      // decides rounds, releases and acquires past their deadline
    QTimer m_retire;     // retires idle lanes
};
