// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// How many open files (sockets, pipes, files) a run needs, and whether they fit in this
// process's limit (RLIMIT_NOFILE). Running out mid-run is the worst way to find out: a
// connection that cannot be opened looks like a node that is down. So the app raises its
// limit at start (raiseOpenFileLimit) and refuses a client count that does not fit, with
// the numbers, before it starts; the engine asks check() before adding a client.
class FileBudget
{
public:
    // `nodes` lock nodes, local (started by us) or not; `limit` defaults to the soft
    // RLIMIT_NOFILE now in force.
    explicit FileBudget(int nodes, bool localNodes, qint64 limit = openFileLimit());
    // The simulated clients go through each node's proxy (--client-path proxy), each with a
    // listener and two more sockets per node, instead of straight to the nodes.
    void setClientsViaProxy(bool viaProxy) { m_viaProxy = viaProxy; }

    qint64 limit() const { return m_limit; }
    // About how many open files a run with `clients` clients needs (counted generously).
    qint64 filesFor(int clients) const;
    // The most clients that fit; 0 when not even the nodes do.
    int maxClients() const;
    // Empty when `clients` clients fit; otherwise a sentence with the numbers:
    // "200 clients × 5 nodes need about 2,488 open files; the limit is 1,024 ...".
    QString check(int clients) const;

    // The soft RLIMIT_NOFILE of this process (very large when unlimited).
    static qint64 openFileLimit();
    // Raises the soft RLIMIT_NOFILE to the hard one (no privilege needed). Returns the soft
    // limit in force afterwards; on failure *error says why and the limit is unchanged.
    static qint64 raiseOpenFileLimit(QString* error = nullptr);

private:
    qint64 perClient() const;

    int m_nodes;
    bool m_localNodes;
    bool m_viaProxy = false;
    qint64 m_limit;
};
