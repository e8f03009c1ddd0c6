// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodeaddress.h"

#include <QList>
#include <QString>

#include <atomic>
#include <thread>

// A TCP relay with nothing in it: one loopback listener per upstream, every byte forwarded
// both ways as it comes, in one thread on epoll; no parsing, no recording, no fault. It is
// the baseline of `--bench --vs-node-redlock`'s single client through the exposed ports: what
// any process in the middle costs a client on this machine (one more hop, both ways, and a
// thread that must be woken), measured in the same run, so that the exposed path is judged by
// what it adds to a hop and not by the hop itself. (On 2 shared cores a relay written in C
// made 0.57 to 0.67 of the direct rate: docs/benchmarks.md.)
class BareRelay
{
public:
    BareRelay() = default;
    ~BareRelay();
    BareRelay(const BareRelay&) = delete;
    BareRelay& operator=(const BareRelay&) = delete;

    // Listens on a free loopback port for each of `upstreams` (IPv4 addresses) and starts
    // forwarding; false, with *error, when a socket cannot be opened.
    bool start(const QList<NodeAddress>& upstreams, QString* error);
    // The listeners, in the order of the upstreams.
    QList<NodeAddress> addresses() const { return m_addresses; }
    // Stops the thread and closes every socket (also done when destroyed).
    void stop();

private:
    struct Pair; // a client's connection and its upstream's

    void loop();
    void accept(qsizetype index); // on the index-th listener
    void pump(Pair* pair, bool fromClient);
    void drop(Pair* pair);

    QList<NodeAddress> m_addresses;
    QList<int> m_listeners;
    QList<quint32> m_upstreamIps;   // by listener, network order
    QList<quint16> m_upstreamPorts; // by listener
    QList<Pair*> m_pairs;
    QList<Pair*> m_dropped; // closed in this batch of events, freed after it
    int m_epoll = -1;
    int m_wake = -1; // an eventfd: stop() ends the loop
    std::atomic<bool> m_stopping{false};
    std::thread m_thread;
};
