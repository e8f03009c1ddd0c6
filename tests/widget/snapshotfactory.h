#pragma once

// Synthetic engine snapshots for the widget tests: the UI is fed exactly what the engine
// would publish, without an engine.

#include "enginesnapshot.h"
#include "steadyclock.h"

namespace SnapshotFactory {

inline qint64 now()
{
    return SteadyClock::instance().nowUs();
}

inline NodeSnapshot node(int index, NodeSnapshot::State state = NodeSnapshot::State::Up)
{
    NodeSnapshot n;
    n.index = index;
    n.address = QStringLiteral("127.0.0.1:%1").arg(7001 + index);
    n.state = state;
    n.local = true;
    return n;
}

inline ClientSnapshot client(int id, ClientSnapshot::State state = ClientSnapshot::State::Idle)
{
    ClientSnapshot c;
    c.id = id;
    c.name = QStringLiteral("C%1").arg(id);
    c.colorIndex = id - 1;
    c.state = state;
    c.resource = "stock-lock";
    return c;
}

inline KeySnapshot key(int owner, qint64 pttlMs, const QByteArray& token, qint64 readUs = now())
{
    KeySnapshot k;
    k.resource = "stock-lock";
    k.token = token;
    k.ownerClient = owner;
    k.pttlMs = pttlMs;
    k.readUs = readUs;
    return k;
}

inline NodeSnapshot::ClientOutcome outcome(int client, NodeOutcome::Kind kind, qint64 latencyUs)
{
    NodeSnapshot::ClientOutcome o;
    o.client = client;
    o.outcome.kind = kind;
    o.outcome.sentUs = 1000;
    o.outcome.repliedUs = 1000 + latencyUs;
    return o;
}

inline ResourceSnapshot resource(int nodeCount)
{
    ResourceSnapshot r;
    r.resource = "stock-lock";
    r.nodeCount = nodeCount;
    r.quorum = nodeCount / 2 + 1;
    return r;
}

inline ResourceSnapshot::Holder holder(int client, int nodeCount, const QByteArray& token)
{
    ResourceSnapshot::Holder h;
    h.client = client;
    h.nodeCount = nodeCount;
    h.token = token;
    return h;
}

inline HistoryEvent historyEvent(HistoryEvent::Kind kind, int client, int node, const QString& detail = {})
{
    HistoryEvent e;
    e.tUs = now();
    e.kind = kind;
    e.client = client;
    e.node = node;
    e.detail = detail;
    return e;
}

// nodes up, clients idle, one resource nobody holds
inline EngineSnapshot snapshot(int nodeCount, int clientCount)
{
    EngineSnapshot s;
    s.tUs = now();
    for (int i = 0; i < nodeCount; ++i)
        s.nodes.append(node(i));
    for (int id = 1; id <= clientCount; ++id)
        s.clients.append(client(id));
    s.resources.append(resource(nodeCount));
    return s;
}

// client `owner` holds the lock on the first `count` nodes, believing it for validMs
inline void hold(EngineSnapshot& s, int owner, int count, qint64 ttlMs, qint64 validMs,
                 const QByteArray& token)
{
    const qint64 t = now();
    for (int i = 0; i < count && i < s.nodes.size(); ++i)
        s.nodes[i].keys.append(key(owner, ttlMs, token, t));
    for (ClientSnapshot& c : s.clients) {
        if (c.id == owner) {
            c.state = ClientSnapshot::State::Holding;
            c.token = token;
            c.validUntilUs = t + validMs * 1000;
            c.believesHolding = true;
        }
    }
    ResourceSnapshot& r = s.resources.first();
    r.holders.append(holder(owner, count, token));
    r.believedHolder = owner;
    r.believedValidUntilUs = t + validMs * 1000;
    r.believingCount = 1;
}

} // namespace SnapshotFactory
