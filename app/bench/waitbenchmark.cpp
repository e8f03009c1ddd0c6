// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/waitbenchmark.h"

#include "base/enumnames.h"
#include "bench/benchloop.h"
#include "control/enginecontroller.h"
#include "model/latencystats.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QTextStream>

namespace {
constexpr int StartTimeoutMs = 20000;
constexpr qint64 Stock = 1'000'000'000;

QString waitName(LockSettings::Wait wait)
{
    return wait == LockSettings::Wait::PubSub ? QStringLiteral("pubsub") : QStringLiteral("poll");
}

// Hand-overs seen in the history: a release sent by the holder, then another client's Ok.
class HandOvers
{
public:
    void note(const HistoryEvent& e)
    {
        using K = HistoryEvent::Kind;
        using Op = HistoryEvent::Operation;
        if (e.is(K::Invoke, Op::Release))
            m_releaseUs[e.client] = e.tUs; // the last one: a reentry's inner release goes first
        if (e.kind == K::WokenUp)
            ++wakeUps;
        if (!e.is(K::Ok, Op::Acquire))
            return;
        if (m_holder >= 0 && e.client != m_holder) {
            ++count;
            if (const auto it = m_releaseUs.constFind(m_holder); it != m_releaseUs.cend())
                latency.add(e.tUs - *it);
        }
        m_holder = e.client;
    }

    LatencyStats latency;
    qint64 count = 0;
    qint64 wakeUps = 0;

private:
    int m_holder = -1;
    QHash<int, qint64> m_releaseUs;
};
} // namespace

WaitBenchmark::WaitBenchmark(const EngineConfig& config, int clients, int phaseSeconds,
                             int warmUpMs)
    : m_config(config), m_clients(clients), m_phaseSeconds(phaseSeconds), m_warmUpMs(warmUpMs)
{}

EngineConfig WaitBenchmark::phaseConfig(LockSettings::Wait wait) const
{
    EngineConfig config = m_config;
    config.initialClients = 0;
    config.resource = QStringLiteral("bench-wait-%1").arg(waitName(wait)).toUtf8();
    ClientSettings& client = config.clientDefaults;
    // Think longer than a poller's delay: a releaser that came straight back would take the
    // lock again itself before any waiter could, and the hand-overs measured would be only
    // the lucky ones whose retry fell into that gap.
    client.workMinMs = client.workMaxMs = 50;
    client.thinkMs = 300;
    client.autoExtend = false;
    // A waiter's patience as a user would set it: what pub/sub saves is this delay.
    client.lock.retryCount = 1000;
    client.lock.retryDelayMs = 100;
    client.lock.retryJitterMs = 100;
    client.lock.jitter = true;
    client.lock.wait = wait;
    return config;
}

bool WaitBenchmark::runPhase(LockSettings::Wait wait, Phase* phase, QString* error)
{
    EngineController engine(phaseConfig(wait));
    bool measuring = false;
    CheckCounters counters;
    HandOvers handOvers;
    QObject::connect(&engine, &EngineController::snapshotReady, &engine,
                     [&](const EngineSnapshot& s) {
                         counters = s.counters;
                         if (measuring)
                             for (const HistoryEvent& e : s.newEvents)
                                 handOvers.note(e);
                     });
    if (!BenchLoop::start(engine, StartTimeoutMs, error))
        return false;
    BenchLoop::addBuyers(engine, Stock, m_clients);
    const bool warm = BenchLoop::runFor(m_warmUpMs);
    const CheckCounters before = counters;
    measuring = true;
    QElapsedTimer clock;
    clock.start();
    if (!warm || !BenchLoop::runFor(m_phaseSeconds * 1000)) {
        *error = BenchLoop::interruptedBy(); // a phase cut short is not reported
        return false;
    }
    const double seconds = clock.elapsed() / 1000.0;
    BenchLoop::runFor(150); // the last snapshot of the phase
    engine.shutdown();

    phase->wait = wait;
    phase->clients = m_clients;
    phase->seconds = seconds;
    phase->acquisitionsPerSecond = (counters.acquisitions - before.acquisitions) / seconds;
    phase->handOversPerSecond = handOvers.count / seconds;
    const bool measured = !handOvers.latency.isEmpty();
    phase->handOverP50Us = measured ? double(handOvers.latency.percentile(50)) : -1;
    phase->handOverP99Us = measured ? double(handOvers.latency.percentile(99)) : -1;
    phase->wakeUps = handOvers.wakeUps;
    phase->overlaps = counters.overlaps;
    return true;
}

bool WaitBenchmark::run(QTextStream& out, QString* error)
{
    const QString strategy = Strategy::name(m_config.clientDefaults.strategy);
    out << QStringLiteral("\n%1: pub/sub wake-up vs retry delay (100 ms + jitter up to 100 ms), "
                          "%2 clients, work 50 ms, think 300 ms\n")
               .arg(strategy)
               .arg(m_clients);
    out << QStringLiteral("%1 %2 %3 %4 %5 %6 verdict\n")
               .arg(QStringLiteral("wait"), -8)
               .arg(QStringLiteral("acquire/s"), 10)
               .arg(QStringLiteral("handover/s"), 10)
               .arg(QStringLiteral("handover p50 ms"), 16)
               .arg(QStringLiteral("p99 ms"), 9)
               .arg(QStringLiteral("woken"), 8);
    for (const auto wait : {LockSettings::Wait::Poll, LockSettings::Wait::PubSub}) {
        Phase p;
        if (!runPhase(wait, &p, error))
            return false;
        const auto ms = [](double us) {
            return us < 0 ? QStringLiteral("-") : QString::number(us / 1000.0, 'f', 2);
        };
        out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                   .arg(waitName(p.wait), -8)
                   .arg(p.acquisitionsPerSecond, 10, 'f', 0)
                   .arg(p.handOversPerSecond, 10, 'f', 0)
                   .arg(ms(p.handOverP50Us), 16)
                   .arg(ms(p.handOverP99Us), 9)
                   .arg(p.wakeUps, 8)
                   .arg(p.overlaps > 0 ? QStringLiteral("UNSAFE") : QStringLiteral("safe"));
        out.flush();
        m_phases << p;
    }
    return true;
}

QJsonArray WaitBenchmark::toJson() const
{
    QJsonArray phases;
    for (const Phase& p : m_phases)
        phases << QJsonObject{
            {QStringLiteral("strategy"), Strategy::name(m_config.clientDefaults.strategy)},
            {QStringLiteral("wait"), waitName(p.wait)},
            {QStringLiteral("clients"), p.clients},
            {QStringLiteral("seconds"), p.seconds},
            {QStringLiteral("acquisitions_per_s"), p.acquisitionsPerSecond},
            {QStringLiteral("hand_overs_per_s"), p.handOversPerSecond},
            {QStringLiteral("hand_over_p50_us"), p.handOverP50Us},
            {QStringLiteral("hand_over_p99_us"), p.handOverP99Us},
            {QStringLiteral("woken_by_unlock"), p.wakeUps},
            {QStringLiteral("overlaps"), p.overlaps},
        };
    return phases;
}
