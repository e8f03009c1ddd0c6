// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/roundtripcost.h"

#include "base/epolleventdispatcher.h"
#include "base/steadyclock.h"
#include "net/faultgate.h"
#include "net/nodeproxy.h"
#include "net/redisconnection.h"

#include <QEventLoop>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <ctime>
#include <memory>
#include <vector>

namespace {

using Connections = std::vector<RedisConnection*>;

constexpr int ReplyTimeoutMs = 2000;
constexpr int ReadyTimeoutMs = 5000;
const QByteArray Key = "bench:round-trip"; // absent: every GET answers nil

qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// One GET on each connection at once; the time until the last reply, or -1 if a reply was
// missing or an error.
qint64 round(const Connections& connections)
{
    QEventLoop loop;
    int answered = 0;
    bool allAnswered = true;
    const qint64 t0 = SteadyClock::instance().nowUs();
    qint64 lastUs = 0;
    for (RedisConnection* c : connections) {
        c->send({"GET", Key}, ReplyTimeoutMs, [&](const CommandResult& r) {
            allAnswered =
                allAnswered && r.status == CommandResult::Status::Replied && !r.reply.isError();
            if (++answered == int(connections.size())) {
                lastUs = SteadyClock::instance().nowUs();
                loop.quit();
            }
        });
    }
    if (answered < int(connections.size())) {
        // A timer that dies with the round: Qt 6.4's QTimer::singleShot outlives its receiver
        // until it fires, and 2,000 rounds left thousands of them, which the dispatcher
        // scans at every turn of the loop: a third of this thread's time, more on the
        // proxied paths, whose round trips take more turns.
        QTimer deadline;
        deadline.setSingleShot(true);
        QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
        deadline.start(2 * ReplyTimeoutMs);
        loop.exec();
    }
    return answered == int(connections.size()) && allAnswered ? lastUs - t0 : -1;
}

bool waitReady(const Connections& connections)
{
    const auto ready = [&] {
        return std::all_of(connections.begin(), connections.end(),
                           [](RedisConnection* c) { return c->isReady(); });
    };
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (ready())
            loop.quit();
    });
    QTimer::singleShot(ReadyTimeoutMs, &loop, &QEventLoop::quit);
    poll.start(5);
    loop.exec();
    return ready();
}

// Other work in the measuring thread: at each turn of its event loop, `us` of computing.
void keepBusy(QTimer* timer, int us)
{
    timer->setInterval(0);
    QObject::connect(timer, &QTimer::timeout, timer, [us] {
        const qint64 until = threadCpuNs() + qint64(us) * 1000;
        while (threadCpuNs() < until) {
        }
    });
    timer->start();
}

struct Set
{
    Connections connections;
    RoundTripCost::Path* path = nullptr;
    qint64 cpuNs = 0;
};

// Warm-up rounds, then batches of rounds on each set in turn. False when `stop` came first
// (looked at between batches: each takes a few tens of ms).
bool measureSets(std::vector<Set>& sets, const RoundTripCost::Options& o,
                 const std::atomic<bool>& stop)
{
    for (int i = 0; i < o.warmUp; ++i)
        for (Set& set : sets)
            set.path->ok = set.path->ok && round(set.connections) >= 0;
    for (int batch = 0; batch < o.batches; ++batch) {
        for (Set& set : sets) {
            if (stop)
                return false;
            const qint64 cpu0 = threadCpuNs();
            for (int i = 0; i < o.perBatch; ++i) {
                const qint64 us = round(set.connections);
                set.path->ok = set.path->ok && us >= 0;
                set.path->wallUs.add(us);
            }
            set.cpuNs += threadCpuNs() - cpu0;
        }
    }
    const double rounds = double(o.batches) * o.perBatch;
    for (Set& set : sets)
        set.path->cpuUs = double(set.cpuNs) / 1000.0 / rounds;
    return true;
}

// Everything below runs in the measuring thread, where the connections and the proxies'
// engine-side halves are made, as FleetNode makes them in the engine thread.
RoundTripCost::Figures measureHere(const RoundTripCost::Options& o, const std::atomic<bool>& stop)
{
    RoundTripCost::Figures figures;
    std::vector<std::unique_ptr<NodeProxy>> proxies;
    std::vector<std::unique_ptr<FaultGate>> gates;
    std::vector<std::unique_ptr<RedisConnection>> owned;
    std::vector<Set> sets(4);
    sets[0].path = &figures.direct;
    sets[1].path = &figures.simulated;
    sets[2].path = &figures.proxied;
    sets[3].path = &figures.foreign;
    const auto connect = [&](const NodeAddress& to, Set& set, FaultGate* gate = nullptr) {
        owned.push_back(std::make_unique<RedisConnection>(to));
        owned.back()->setGate(gate, 1);
        set.connections.push_back(owned.back().get());
    };
    for (const NodeAddress& node : o.nodes) {
        proxies.push_back(std::make_unique<NodeProxy>(node.host, node.port));
        gates.push_back(std::make_unique<FaultGate>());
        NodeAddress proxied = node; // as FleetNode::routeFor routes with --client-path proxy
        proxied.host = proxies.back()->listenLocal(1, QStringLiteral("C1"));
        proxied.port = 0;
        NodeAddress foreign = node;
        foreign.host = QStringLiteral("127.0.0.1");
        foreign.port = proxies.back()->expose(QStringLiteral("127.0.0.1"), 0);
        if (proxied.host.isEmpty() || foreign.port == 0) {
            figures.error = proxies.back()->lastError();
            return figures;
        }
        connect(node, sets[0]);
        connect(node, sets[1], gates.back().get());
        connect(proxied, sets[2]);
        connect(foreign, sets[3]);
    }
    for (auto& c : owned)
        c->open();
    for (const Set& set : sets) {
        if (!waitReady(set.connections)) {
            figures.error = QStringLiteral("the connections were not ready within %1 s")
                                .arg(ReadyTimeoutMs / 1000);
            return figures;
        }
    }
    QTimer busy;
    if (o.busyUs > 0)
        keepBusy(&busy, o.busyUs);
    if (!measureSets(sets, o, stop))
        figures.error = QStringLiteral("stopped before the round trips were measured");
    busy.stop();
    owned.clear(); // connections before the proxies they go through
    proxies.clear();
    gates.clear();
    return figures;
}

} // namespace

RoundTripCost::Figures RoundTripCost::measure(const Options& options)
{
    QThread thread;
    thread.setObjectName(QStringLiteral("round-trips"));
    thread.setEventDispatcher(new EpollEventDispatcher);
    thread.start();
    Figures figures;
    QObject context;
    context.moveToThread(&thread);
    // The calling thread waits in its event loop, not blocked: a signal is noticed there
    // (the app's Interruption), and stopRequested() passes it on to the measuring thread.
    std::atomic<bool> stop = false;
    std::atomic<bool> done = false;
    QEventLoop wait;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &wait, [&] {
        if (options.stopRequested && options.stopRequested())
            stop = true;
        if (done)
            wait.quit();
    });
    poll.start(5);
    QMetaObject::invokeMethod(&context, [&] {
        figures = measureHere(options, stop);
        done = true;
    });
    wait.exec();
    thread.quit();
    thread.wait();
    return figures;
}
