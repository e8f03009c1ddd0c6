// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/latencystats.h"
#include "model/nodeaddress.h"

#include <QList>
#include <QString>
#include <functional>

// What the places where network faults happen cost a round trip, against the same node
// reached directly. Each round sends one `GET` on every connection of a set at once (one
// node: a command; five: a Redlock round) and times the last reply; batches of rounds on each
// set are interleaved, so that all of them see the same machine load. Four sets:
// - direct: straight to the node, nothing of the app's between;
// - simulated: a simulated client's path, straight to the node through the node's FaultGate
//   (no fault in force: what the gate costs when it has nothing to do);
// - proxied: a simulated client's path with --client-path proxy, a listener of its own on the
//   node's proxy (a Unix-domain socket forwarded in the client's own thread,
//   NodeProxy::listenLocal);
// - foreign: a foreign client's path, the proxy's exposed port (TCP, forwarded in the
//   network thread, where the proxy also reads the RESP both ways and hands the lock's
//   commands on).
// The connections live in a thread of their own on the engine's event dispatcher, as the
// engine's do; besides the wall time it counts that thread's CPU time per round. With
// `busyUs`, that thread also computes for busyUs at each turn of its loop, as many simulated
// clients keep the engine busy: the wall times then show any queueing the proxy adds there.
class RoundTripCost
{
public:
    struct Options
    {
        QList<NodeAddress> nodes;
        int batches = 10;
        int perBatch = 200;
        int warmUp = 200; // rounds on each set, not counted
        int busyUs = 0;
        // Asked in the calling thread every few ms while the rounds run: true ends them early
        // (a signal asked the app to stop), and Figures::error says so.
        std::function<bool()> stopRequested;
    };
    struct Path
    {
        LatencyStats wallUs; // one sample per round
        double cpuUs = 0;    // the thread's CPU time per round, mean
        bool ok = true;      // every reply came, and none was an error
    };
    struct Figures
    {
        Path direct;
        Path simulated;
        Path proxied;
        Path foreign;
        QString error; // the connections could not be made, or stopped early: nothing measured
    };

    static Figures measure(const Options& options);
};
