// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QtAlgorithms>

struct ClientSnapshot;
struct NodeSnapshot;

// The quorum picture for one resource: which owner's key each node holds (a node's key is
// its vote), how many nodes hold each owner's key, and which clients are in their critical
// sections on it.
struct ResourceSnapshot
{
    struct Holder
    {
        QByteArray token;
        int client = -1; // -1: foreign
        int nodeCount = 0;
        bool noTtl = false; // its key never expires on its own (SETNX): a crash deadlocks
    };
    struct Section
    {
        int client = -1;
        QByteArray token;
        qint64 validUntilUs = 0;
        bool lockLost = false;
        int quorum = 0; // how many of its strategy's nodes must hold its key (0: no lock)
        int nodes = 0;  // how many nodes its strategy uses
    };

    QByteArray resource;
    int nodeCount = 0;
    int quorum = 0;
    // A master and its replica: the master alone grants the lock (quorum 1); the replica is
    // a copy, not a vote.
    bool replicated = false;
    QList<Holder> holders;   // most nodes first
    QList<int> holderOfNode; // per node index: its key's holder (an index of holders), -1
    QList<Section> sections; // clients in their critical sections now (> 1: broken)
    quint32 unknownMask = 0; // nodes whose keys cannot be read now (down, paused): bit i
                             // for node index i

    // Counts the holders of `resource`'s key on `nodes` (and the unreadable nodes), most
    // nodes first, and the sections of those `clients` that are inside: one way for the live
    // picture and a replayed one alike.
    void collect(const QList<NodeSnapshot>& nodes, const QList<ClientSnapshot>& clients);

    int nodesUnknown() const { return qPopulationCount(unknownMask); }

    // The number of nodes holding `token`.
    int nodesHolding(const QByteArray& token) const
    {
        for (const Holder& h : holders)
            if (h.token == token)
                return h.nodeCount;
        return 0;
    }
};
