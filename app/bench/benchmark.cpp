// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/benchmark.h"

#include "base/outputfile.h"
#include "base/safetext.h"
#include "base/steadyclock.h"
#include "bench/benchloop.h"
#include "fleet/localfleet.h"
#include "fleet/throwawayca.h"
#include "interruption.h"
#include "lock/redlock.h"
#include "model/latencystats.h"
#include "net/redisconnection.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>
#include <cstdio>

namespace {
constexpr int WarmUpCycles = 200;
constexpr int NoQuorumAttempts = 200;
constexpr int FloorTimeoutMs = 1000;
const QByteArray BenchKey = "redlockscope:bench";

QTextStream& out()
{
    static QTextStream stream(stdout);
    return stream;
}
} // namespace

struct Benchmark::Phase
{
    QString name;
    QString firstOp;
    QString secondOp;
    LatencyStats first;  // SET NX / acquire / failed attempt
    LatencyStats second; // DEL / release
    double cyclesPerSecond = 0;
    int failures = 0;
    int expiredLocks = 0; // acquisitions reported with validity already gone: must stay 0
    int peakQueue = -1;   // -1: not measured
};

Benchmark::Benchmark(const Options& options, QObject* parent) : QObject(parent), m_options(options)
{}

Benchmark::~Benchmark()
{
    thaw(); // never leave a node frozen, whatever happened
    disconnectNodes();
    for (LocalFleet* fleet : {m_tlsFleet, m_fleet}) {
        if (fleet)
            fleet->stop();
        delete fleet;
    }
}

bool Benchmark::spin(const std::function<bool()>& done, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!done()) {
        if (deadline.hasExpired() || BenchLoop::interrupted())
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    }
    return true;
}

bool Benchmark::waitAllReady(int timeoutMs)
{
    return spin(
        [this] {
            return std::all_of(m_connections.cbegin(), m_connections.cend(),
                               [](RedisConnection* c) { return c->isReady(); });
        },
        timeoutMs);
}

bool Benchmark::setUp(QString* error)
{
    const EngineConfig& config = m_options.config;
    QList<NodeAddress> nodes = config.nodes;
    if (config.usesLocalFleet()) {
        RedisServerProcess::Options options;
        options.executable = config.redisServer;
        m_fleet = new LocalFleet(config.localNodeCount, options);
        if (!m_fleet->startAndWait(15000, error))
            return false;
        nodes = m_fleet->addresses();
    }
    return connectTo(nodes, error);
}

bool Benchmark::connectTo(const QList<NodeAddress>& nodes, QString* error)
{
    const EngineConfig& config = m_options.config;
    QList<NodeChannel*> channels;
    for (const NodeAddress& address : nodes) {
        RedisConnection::Options options;
        options.connectTimeoutMs = config.connectTimeoutMs;
        auto* connection = new RedisConnection(address, options, SteadyClock::instance());
        connection->open();
        m_connections << connection;
        channels << connection;
    }
    if (!waitAllReady(config.connectTimeoutMs + 2000)) {
        for (const RedisConnection* c : std::as_const(m_connections))
            if (!c->isReady())
                *error = QStringLiteral("%1: %2").arg(c->address().display(), c->lastError());
        return false;
    }
    m_redlock = new Redlock(channels, SteadyClock::instance());
    LockSettings settings = config.clientDefaults.lock;
    settings.retryCount = 0; // one attempt per cycle: we measure the algorithm, not the policy
    m_redlock->setSettings(settings);
    return true;
}

void Benchmark::disconnectNodes()
{
    delete m_redlock;
    m_redlock = nullptr;
    qDeleteAll(m_connections);
    m_connections.clear();
}

// The same floor and healthy Redlock over TLS, on as many local nodes speaking TLS only with a
// CA made for the run: what TLS costs a round, beside the plain figures (a figure, not judged).
void Benchmark::measureTls()
{
    disconnectNodes();
    m_fleet->stop();
    m_ca = std::make_unique<ThrowawayCa>();
    if (!m_ca->ok()) {
        m_tlsSkipped = m_ca->error();
        return;
    }
    RedisServerProcess::Options options;
    options.executable = m_options.config.redisServer;
    m_ca->applyTo(&options);
    m_tlsFleet = new LocalFleet(m_fleet->count(), options);
    QString error;
    if (!m_tlsFleet->startAndWait(15000, &error) || !connectTo(m_tlsFleet->addresses(), &error)) {
        m_tlsSkipped = error;
        return;
    }
    m_tlsFirstPhase = int(m_phases.size());
    measureFloor(QStringLiteral("floor tls"));
    measureRedlock(QStringLiteral("redlock healthy tls"), m_options.cycles);
}

// The floor: SET NX PX to every node at once, wait for every reply; DEL the same way.
void Benchmark::measureFloor(const QString& name)
{
    auto phase = std::make_shared<Phase>();
    phase->name = name;
    phase->firstOp = QStringLiteral("SET NX PX");
    phase->secondOp = QStringLiteral("DEL");
    const Clock& clock = SteadyClock::instance();
    const QByteArray ttl = QByteArray::number(m_redlock->settings().ttlMs);
    const auto roundTrip = [&](const QByteArrayList& command) {
        int answered = 0;
        const qint64 start = clock.nowUs();
        for (RedisConnection* c : std::as_const(m_connections))
            c->send(command, FloorTimeoutMs, [&answered](const CommandResult&) { ++answered; });
        spin([&] { return answered == m_connections.size(); }, FloorTimeoutMs * 2);
        return clock.nowUs() - start;
    };
    qint64 measuredUs = 0;
    for (int i = 0; i < WarmUpCycles + m_options.cycles; ++i) {
        if (BenchLoop::interrupted())
            return; // a phase cut short is not reported
        const qint64 set = roundTrip({"SET", BenchKey, "floor-value", "NX", "PX", ttl});
        const qint64 del = roundTrip({"DEL", BenchKey});
        if (i < WarmUpCycles)
            continue;
        phase->first.add(set);
        phase->second.add(del);
        measuredUs += set + del;
    }
    phase->cyclesPerSecond = m_options.cycles * 1e6 / double(measuredUs);
    m_phases << phase;
}

// Acquire then release, one attempt each, as a client of this app does it.
void Benchmark::measureRedlock(const QString& name, int cycles)
{
    auto phase = std::make_shared<Phase>();
    phase->name = name;
    phase->firstOp = QStringLiteral("acquire");
    phase->secondOp = QStringLiteral("release");
    const Clock& clock = SteadyClock::instance();
    qint64 measuredUs = 0;
    resetPeaks();
    for (int i = 0; i < WarmUpCycles + cycles; ++i) {
        if (BenchLoop::interrupted())
            return;
        std::optional<Redlock::AcquireResult> acquired;
        const qint64 start = clock.nowUs();
        m_redlock->acquire(BenchKey, [&](const Redlock::AcquireResult& r) { acquired = r; });
        spin([&] { return acquired.has_value(); }, 5000);
        const qint64 acquireUs = clock.nowUs() - start;
        if (!acquired || !acquired->acquired) {
            ++phase->failures;
            continue;
        }
        if (acquired->lock.validUntilUs <= acquired->attempts.last().decidedUs)
            ++phase->expiredLocks;
        bool released = false;
        const qint64 releaseStart = clock.nowUs();
        m_redlock->release(acquired->lock, [&](const Redlock::ReleaseResult&) { released = true; });
        if (!spin([&] { return released; }, 5000) && BenchLoop::interrupted())
            return;
        const qint64 releaseUs = clock.nowUs() - releaseStart;
        if (i < WarmUpCycles)
            continue;
        phase->first.add(acquireUs);
        phase->second.add(releaseUs);
        measuredUs += acquireUs + releaseUs;
    }
    phase->cyclesPerSecond = phase->first.count() * 1e6 / double(std::max<qint64>(measuredUs, 1));
    if (!m_frozen.isEmpty())
        phase->peakQueue = peakPending(m_frozen.first());
    m_phases << phase;
}

// With a majority frozen no attempt can succeed: each must fail, and fast.
void Benchmark::measureNoQuorum()
{
    auto phase = std::make_shared<Phase>();
    phase->name = QStringLiteral("%1 of %2 frozen").arg(m_frozen.size()).arg(m_connections.size());
    phase->firstOp = QStringLiteral("failed attempt");
    const Clock& clock = SteadyClock::instance();
    resetPeaks();
    for (int i = 0; i < NoQuorumAttempts; ++i) {
        if (BenchLoop::interrupted())
            return;
        std::optional<Redlock::AcquireResult> result;
        const qint64 start = clock.nowUs();
        m_redlock->acquire(BenchKey, [&](const Redlock::AcquireResult& r) { result = r; });
        spin([&] { return result.has_value(); }, 5000);
        phase->first.add(clock.nowUs() - start);
        if (result && result->acquired) {
            ++phase->expiredLocks; // a "lock" without a quorum would be a safety bug
            m_redlock->release(result->lock);
        }
    }
    phase->peakQueue = peakPending(m_frozen.first());
    m_phases << phase;
}

void Benchmark::resetPeaks()
{
    for (RedisConnection* c : std::as_const(m_connections))
        c->resetPeakPendingCount();
}

int Benchmark::peakPending(int firstNode) const
{
    int peak = 0;
    for (int i = firstNode; i < m_connections.size(); ++i)
        if (m_frozen.contains(i))
            peak = std::max(peak, m_connections[i]->peakPendingCount());
    return peak;
}

// Freezes the last `count` nodes (SIGSTOP): they accept connections and answer nothing.
void Benchmark::freeze(int count)
{
    for (int i = m_connections.size() - count; i < m_connections.size(); ++i) {
        if (m_frozen.contains(i))
            continue;
        m_fleet->node(i)->pause();
        m_frozen << i;
    }
}

void Benchmark::thaw()
{
    for (int i : std::as_const(m_frozen))
        m_fleet->node(i)->resume();
    m_frozen.clear();
}

int Benchmark::run()
{
    BenchLoop::keepReportIfCut(m_options.jsonPath);
    QString error;
    if (!setUp(&error)) {
        fprintf(stderr, "redlockscope: benchmark cannot start: %s\n", qPrintable(error));
        return 2;
    }
    out() << "Redlock Scope benchmark: " << m_connections.size()
          << (m_fleet ? " local" : " external") << " nodes, ttl " << m_redlock->settings().ttlMs
          << " ms, node timeout " << m_redlock->settings().nodeTimeoutMs << " ms, "
          << m_options.cycles << " cycles per phase after " << WarmUpCycles << " warm-up\n";
    out().flush();
    const bool frozenPhases = m_fleet && m_connections.size() >= 3;
    const int planned = (frozenPhases ? 4 : 2) + (m_fleet ? 2 : 0);
    measureFloor(QStringLiteral("floor"));
    measureRedlock(QStringLiteral("redlock healthy"), m_options.cycles);
    if (frozenPhases) {
        const int minority = (m_connections.size() - 1) / 2;
        freeze(minority);
        measureRedlock(QStringLiteral("redlock %1 frozen").arg(minority), m_options.frozenCycles);
        freeze(minority + 1);
        measureNoQuorum();
        thaw();
        if (!BenchLoop::interrupted())
            waitAllReady(5000);
    } else {
        out() << "(frozen-node phases skipped: they need local nodes, at least 3)\n";
    }
    if (m_fleet && !BenchLoop::interrupted())
        measureTls();
    else if (!m_fleet)
        m_tlsSkipped = QStringLiteral("they need local nodes");
    if (BenchLoop::interrupted())
        return reportInterrupted(planned);
    return printAndStore();
}

// The phases that ran to their end, and no verdict: the checks compare phases, and a run cut
// short is no measurement of them. Nothing is left frozen (the destructor thaws and stops).
int Benchmark::reportInterrupted(int planned)
{
    printTable();
    m_report.insert(QStringLiteral("interrupted"), true);
    m_report.insert(QStringLiteral("pass"), false);
    out() << QStringLiteral("\n%1 after %2 of %3 phases: no check is judged\n")
                 .arg(BenchLoop::interruptedBy())
                 .arg(m_phases.size())
                 .arg(planned);
    out().flush();
    fprintf(stderr, "redlockscope: benchmark %s\n", qPrintable(BenchLoop::interruptedBy()));
    return writeJson() ? Interruption::ExitCode : 2;
}

void Benchmark::printTable()
{
    QTextStream& o = out();
    o << QStringLiteral("\n%1 %2 %3 %4 %5 %6 %7 %8\n")
             .arg(QStringLiteral("phase"), -22)
             .arg(QStringLiteral("operation"), -15)
             .arg(QStringLiteral("n"), 6)
             .arg(QStringLiteral("p50 us"), 8)
             .arg(QStringLiteral("p90 us"), 8)
             .arg(QStringLiteral("p99 us"), 8)
             .arg(QStringLiteral("max us"), 8)
             .arg(QStringLiteral("cycles/s"), 9);
    QJsonArray phases;
    for (const auto& p : std::as_const(m_phases)) {
        const auto row = [&](const QString& op, const LatencyStats& s, bool withRate) {
            if (s.isEmpty())
                return;
            o << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                     .arg(p->name, -22)
                     .arg(op, -15)
                     .arg(qulonglong(s.count()), 6)
                     .arg(s.percentile(50), 8)
                     .arg(s.percentile(90), 8)
                     .arg(s.percentile(99), 8)
                     .arg(s.max(), 8)
                     .arg(withRate ? QString::number(p->cyclesPerSecond, 'f', 0) : QString(), 9);
            phases.append(QJsonObject{{QStringLiteral("phase"), p->name},
                                      {QStringLiteral("operation"), op},
                                      {QStringLiteral("n"), qint64(s.count())},
                                      {QStringLiteral("p50_us"), s.percentile(50)},
                                      {QStringLiteral("p90_us"), s.percentile(90)},
                                      {QStringLiteral("p99_us"), s.percentile(99)},
                                      {QStringLiteral("max_us"), s.max()},
                                      {QStringLiteral("cycles_per_s"), p->cyclesPerSecond},
                                      {QStringLiteral("failures"), p->failures},
                                      {QStringLiteral("expired_locks"), p->expiredLocks},
                                      {QStringLiteral("peak_queue_frozen"), p->peakQueue}});
        };
        row(p->firstOp, p->first, true);
        row(p->secondOp, p->second, false);
    }
    m_report.insert(QStringLiteral("phases"), phases);
}

int Benchmark::printAndStore()
{
    printTable();
    QTextStream& o = out();

    QJsonArray checks;
    QStringList failed;
    const auto check = [&](const QString& what, double value, const QString& target, bool ok) {
        // A NaN (an empty phase) compares false: it fails, as a check that measured nothing.
        o << QStringLiteral("%1 %2  (target %3)  %4\n")
                 .arg(what, -44)
                 .arg(value, 8, 'f', 3)
                 .arg(target, ok ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
        checks.append(QJsonObject{{QStringLiteral("check"), what},
                                  {QStringLiteral("value"), value},
                                  {QStringLiteral("target"), target},
                                  {QStringLiteral("pass"), ok}});
        if (!ok)
            failed << QStringLiteral("%1 is %2, target %3")
                          .arg(what, QString::number(value, 'f', 3), target);
    };
    o << "\n";
    const Phase& floor = *m_phases[0];
    const Phase& healthy = *m_phases[1];
    const double acquireRatio =
        double(healthy.first.percentile(50)) / double(floor.first.percentile(50));
    check(QStringLiteral("acquire p50 / floor SET p50"), acquireRatio, QStringLiteral("<= 1.25"),
          acquireRatio <= 1.25);
    const double cycleRatio = healthy.cyclesPerSecond / floor.cyclesPerSecond;
    check(QStringLiteral("acquire+release cycles/s / floor cycles/s"), cycleRatio,
          QStringLiteral(">= 0.8"), cycleRatio >= 0.8);
    if (plainPhases() >= 4) {
        const Phase& frozen = *m_phases[2];
        const Phase& noQuorum = *m_phases[3];
        const double frozenRatio =
            double(frozen.first.percentile(50)) / double(healthy.first.percentile(50));
        check(QStringLiteral("minority frozen acquire p50 / healthy p50"), frozenRatio,
              QStringLiteral("<= 1.5"), frozenRatio <= 1.5);
        const double limitMs = m_redlock->settings().nodeTimeoutMs + 10;
        const double worstMs = noQuorum.first.max() / 1000.0;
        check(QStringLiteral("majority frozen: slowest failed attempt (ms)"), worstMs,
              QStringLiteral("<= %1").arg(limitMs), worstMs <= limitMs);
        const int expired = healthy.expiredLocks + frozen.expiredLocks + noQuorum.expiredLocks;
        check(QStringLiteral("locks reported already expired or without quorum"), expired,
              QStringLiteral("== 0"), expired == 0);
        const int queue = std::max(frozen.peakQueue, noQuorum.peakQueue);
        check(QStringLiteral("peak requests queued on a frozen node"), queue,
              QStringLiteral("<= 2"), queue <= 2);
    }
    printTls();
    m_report.insert(QStringLiteral("checks"), checks);
    m_report.insert(QStringLiteral("pass"), failed.isEmpty());
    o.flush();
    const bool written = writeJson();
    for (const QString& failure : std::as_const(failed))
        fprintf(stderr, "redlockscope: benchmark check failed: %s\n", qPrintable(failure));
    if (!written)
        return 2;
    if (!failed.isEmpty()) {
        fprintf(stderr, "redlockscope: %lld of %lld benchmark checks failed\n",
                qlonglong(failed.size()), qlonglong(checks.size()));
        return 1;
    }
    return 0;
}

// TLS beside plain, per round: figures, not judged (what TLS costs depends on the CPU's AES
// and the kernel, not on the app).
void Benchmark::printTls()
{
    QTextStream& o = out();
    if (m_tlsFirstPhase < 0 || m_phases.size() < m_tlsFirstPhase + 2) {
        o << QStringLiteral("(TLS phases skipped: %1)\n").arg(m_tlsSkipped);
        m_report.insert(QStringLiteral("tls_skipped"), m_tlsSkipped);
        return;
    }
    const Phase& floor = *m_phases[0];
    const Phase& healthy = *m_phases[1];
    const Phase& tlsFloor = *m_phases[m_tlsFirstPhase];
    const Phase& tlsHealthy = *m_phases[m_tlsFirstPhase + 1];
    const auto ratio = [](const LatencyStats& over, const LatencyStats& under, int percentile) {
        return double(over.percentile(percentile)) / double(under.percentile(percentile));
    };
    QJsonObject tls;
    const auto figure = [&](const QString& what, const QString& key, double value) {
        o << QStringLiteral("%1 %2  (a figure, not judged)\n").arg(what, -44).arg(value, 8, 'f', 3);
        tls.insert(key, value);
    };
    figure(QStringLiteral("tls floor SET p50 / plain floor SET p50"),
           QStringLiteral("floor_set_p50_ratio"), ratio(tlsFloor.first, floor.first, 50));
    figure(QStringLiteral("tls acquire p50 / plain acquire p50"),
           QStringLiteral("acquire_p50_ratio"), ratio(tlsHealthy.first, healthy.first, 50));
    figure(QStringLiteral("tls acquire p99 / plain acquire p99"),
           QStringLiteral("acquire_p99_ratio"), ratio(tlsHealthy.first, healthy.first, 99));
    figure(QStringLiteral("tls cycles/s / plain cycles/s"), QStringLiteral("cycles_ratio"),
           tlsHealthy.cyclesPerSecond / healthy.cyclesPerSecond);
    figure(QStringLiteral("tls acquire p50 / tls floor SET p50"),
           QStringLiteral("acquire_over_floor_p50"), ratio(tlsHealthy.first, tlsFloor.first, 50));
    m_report.insert(QStringLiteral("tls"), tls);
}

// The phases the checks judge (floor, healthy, the frozen ones): those before the TLS ones.
int Benchmark::plainPhases() const
{
    return m_tlsFirstPhase >= 0 ? m_tlsFirstPhase : int(m_phases.size());
}

bool Benchmark::writeJson()
{
    if (m_options.jsonPath.isEmpty())
        return true;
    // All or nothing: a half-written report must not pass for a whole one.
    QString error;
    if (BenchLoop::saveReport(m_options.jsonPath, m_report, &error))
        return true;
    fprintf(stderr, "redlockscope: %s\n", qPrintable(SafeText::printable(error)));
    return false;
}
