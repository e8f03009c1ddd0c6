// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Synthetic engine snapshots for the widget tests: the UI is fed exactly what the engine
// would publish, without an engine.

#include "base/steadyclock.h"
#include "model/enginesnapshot.h"

#include <QStringList>

namespace SnapshotFactory {

inline qint64 now()
{
    return SteadyClock::instance().nowUs();
}

// The node verbs the engine offers a local node in this state (FleetNode::possibleActions).
inline QStringList localActions(NodeSnapshot::State state)
{
    using S = NodeSnapshot::State;
    QStringList actions;
    switch (state) {
    case S::Up:
        actions = {"kill", "pause", "restart", "shutdown"};
        break;
    case S::Paused:
        actions = {"resume", "kill", "restart"};
        break;
    case S::Starting:
        actions = {"kill"};
        break;
    case S::Down:
        actions = {"restart"};
        break;
    }
    actions << "partition"
            << "heal"
            << "latency"
            << "drop"
            << "persistence";
    if (state == S::Up)
        actions << "clock";
    return actions;
}

// A node changes state as the engine would say it: with the actions of that state.
inline void setState(NodeSnapshot& n, NodeSnapshot::State state)
{
    n.state = state;
    n.actions = localActions(state);
}

inline NodeSnapshot node(int index, NodeSnapshot::State state = NodeSnapshot::State::Up)
{
    NodeSnapshot n;
    n.index = index;
    n.address = QStringLiteral("127.0.0.1:%1").arg(7001 + index);
    n.local = true;
    n.persistence = QStringLiteral("none");
    setState(n, state);
    return n;
}

inline Fault fault(Fault::Kind kind, const QString& detail, qint64 sinceUs = now(),
                   qint64 untilUs = 0)
{
    Fault f;
    f.kind = kind;
    f.detail = detail;
    f.sinceUs = sinceUs;
    f.untilUs = untilUs;
    return f;
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

inline HistoryEvent historyEvent(HistoryEvent::Kind kind, int client, int node,
                                 const QString& text = {})
{
    HistoryEvent e;
    e.tUs = now();
    e.kind = kind;
    e.client = client;
    e.node = node;
    e.text = text;
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
            c.inSection = true;
            c.phase = ClientSnapshot::Phase::Working;
        }
    }
    ResourceSnapshot& r = s.resources.first();
    r.holders.append(holder(owner, count, token));
    r.sections.append({owner, token, t + validMs * 1000, false, int(s.nodes.size()) / 2 + 1,
                       int(s.nodes.size())});
}

} // namespace SnapshotFactory
