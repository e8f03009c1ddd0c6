// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/strategybenchmark.h"

#include "base/outputfile.h"
#include "base/safetext.h"
#include "bench/benchloop.h"
#include "bench/enginephase.h"
#include "bench/waitbenchmark.h"
#include "interruption.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>
#include <algorithm>
#include <cstdio>

namespace {
constexpr qint64 Stock = 1'000'000'000; // never sold out within a phase
// The contending clients' purchases/s against the serial ceiling's: the target (issue 34).
constexpr double CeilingTarget = 0.9;
// Where the ceiling runs in --contention's order: before the first phase and before the
// 1 ms stress (after one, many, many, one), so a drift in the load weighs on both alike.
constexpr int CeilingBeforePhase = 4;

bool hasLock(Strategy::Kind kind)
{
    using K = Strategy::Kind;
    return kind != K::None && kind != K::Watch;
}

QTextStream& out()
{
    static QTextStream stream(stdout);
    return stream;
}
} // namespace

StrategyBenchmark::StrategyBenchmark(const Options& options) : m_options(options) {}

StrategyBenchmark::~StrategyBenchmark() = default;

EngineConfig StrategyBenchmark::phaseConfig(Strategy::Kind kind, int clients, Retry retry) const
{
    EngineConfig config = m_options.config;
    config.nodes = m_nodes.lockNodes();
    config.storage = m_nodes.storage();
    config.initialClients = clients;
    // A resource of its own per phase: nothing one phase left on a node meets the next.
    config.resource = QStringLiteral("bench-%1-%2-%3")
                          .arg(Strategy::name(kind))
                          .arg(clients)
                          .arg(m_phaseNumber)
                          .toUtf8();
    ClientSettings& client = config.clientDefaults;
    client.strategy = kind;
    client.workMinMs = client.workMaxMs = 0;
    client.thinkMs = 0;
    client.autoExtend = false;
    client.lock.retryDelayMs = retry.delayMs;
    client.lock.retryJitterMs = retry.jitterMs;
    client.lock.jitter = retry.jitterMs > 0;
    return config;
}

// One single-client phase, not counted: the first engine of the process runs measurably
// slower (here 2,138 against 2,617 acquisitions/s for the same phase later), and the judged
// comparison must not start with the one client handicapped.
bool StrategyBenchmark::warmUp(QString* error)
{
    Phase phase;
    phase.retry = userRetry();
    return runPhase(&phase, error);
}

// The retry policy of the client settings (--config, or the defaults).
StrategyBenchmark::Retry StrategyBenchmark::userRetry() const
{
    const LockSettings& lock = m_options.config.clientDefaults.lock;
    return Retry{lock.retryDelayMs, lock.jitter ? lock.retryJitterMs : 0};
}

// --strategies: each rung with one client, then contended, losers retrying after 1 ms.
// --contention: Redlock with one client and contended with the user's retry policy, in the
// order one, many, many, one (judged), then contended with 1 ms retries (shown).
QList<StrategyBenchmark::Phase> StrategyBenchmark::plannedPhases() const
{
    const auto phase = [](Strategy::Kind kind, int clients, Retry retry) {
        Phase p;
        p.kind = kind;
        p.clients = clients;
        p.retry = retry;
        return p;
    };
    const int many = m_options.contendedClients;
    if (m_options.contention) {
        const auto redlock = Strategy::Kind::Redlock;
        return {phase(redlock, 1, userRetry()), phase(redlock, many, userRetry()),
                phase(redlock, many, userRetry()), phase(redlock, 1, userRetry()),
                phase(redlock, many, Retry{})};
    }
    QList<Phase> phases;
    for (Strategy::Kind kind : std::as_const(m_options.strategies))
        phases << phase(kind, 1, Retry{}) << phase(kind, many, Retry{});
    return phases;
}

// Runs the phase `phase` plans (strategy, clients, retry) and fills in its figures.
bool StrategyBenchmark::runPhase(Phase* phase, QString* error)
{
    ++m_phaseNumber;
    const Strategy::Kind kind = phase->kind;
    EnginePhase engine(phaseConfig(kind, 0, phase->retry));
    const std::optional<EnginePhase::Figures> figures =
        engine.measure(Stock, phase->clients, m_options.warmUpMs, m_options.phaseSeconds, error);
    if (!figures)
        return false;
    const EnginePhase::Figures& f = *figures;

    const double seconds = f.seconds;
    phase->seconds = seconds;
    phase->acquisitionsPerSecond = f.acquisitions / seconds;
    phase->purchasesPerSecond = f.sales / seconds;
    // `none` reports an acquire that sends nothing: no latency to show, not a zero one.
    const bool measured = hasLock(kind) && !f.acquireUs.isEmpty();
    phase->p50Us = measured ? double(f.acquireUs.percentile(50)) : -1;
    phase->p99Us = measured ? double(f.acquireUs.percentile(99)) : -1;
    if (measured)
        phase->acquireUs = f.acquireUs;
    phase->engineCpuUsPerCycle =
        double(f.engineCpuUs) /
        double(std::max<qint64>(1, hasLock(kind) ? f.acquisitions : f.sales));
    phase->handOversPerSecond = f.handOvers / seconds;
    phase->attemptsPerAcquisition =
        double(f.attempts) / double(std::max<qint64>(1, f.acquisitions));
    phase->failures = f.failures;
    phase->conflicts = f.conflicts;
    phase->splitVotes = f.splitVotes;
    phase->overlaps = f.overlaps;
    phase->lostUpdates = f.lostUpdates;
    return true;
}

void StrategyBenchmark::print(const Phase& p, QTextStream& s)
{
    const auto us = [](double v) {
        return v < 0 ? QStringLiteral("-") : QString::number(v / 1000.0, 'f', 2);
    };
    const bool lock = hasLock(p.kind);
    s << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12\n")
             .arg(Strategy::name(p.kind), -14)
             .arg(p.clients, 7)
             .arg(QStringLiteral("%1+%2").arg(p.retry.delayMs).arg(p.retry.jitterMs), 9)
             .arg(p.acquisitionsPerSecond, 10, 'f', 0)
             .arg(lock ? QString::number(p.handOversPerSecond, 'f', 0) : QStringLiteral("-"), 9)
             .arg(lock ? QString::number(p.attemptsPerAcquisition, 'f', 1) : QStringLiteral("-"), 9)
             .arg(p.purchasesPerSecond, 10, 'f', 0)
             .arg(us(p.p50Us), 9)
             .arg(us(p.p99Us), 9)
             .arg(p.engineCpuUsPerCycle, 10, 'f', 1)
             .arg(p.failures + p.conflicts, 9)
             .arg(p.overlaps > 0 || p.lostUpdates > 0 ? QStringLiteral("UNSAFE")
                                                      : QStringLiteral("safe"));
    s.flush();
}

QJsonObject StrategyBenchmark::toJson(const Phase& p)
{
    return QJsonObject{
        {QStringLiteral("strategy"), Strategy::name(p.kind)},
        {QStringLiteral("clients"), p.clients},
        {QStringLiteral("retry_delay_ms"), p.retry.delayMs},
        {QStringLiteral("retry_jitter_ms"), p.retry.jitterMs},
        {QStringLiteral("seconds"), p.seconds},
        {QStringLiteral("acquisitions_per_s"), p.acquisitionsPerSecond},
        {QStringLiteral("purchases_per_s"), p.purchasesPerSecond},
        {QStringLiteral("acquire_p50_us"), p.p50Us},
        {QStringLiteral("acquire_p99_us"), p.p99Us},
        {QStringLiteral("engine_cpu_us_per_cycle"), p.engineCpuUsPerCycle},
        {QStringLiteral("hand_overs_per_s"), p.handOversPerSecond},
        {QStringLiteral("attempts_per_acquisition"), p.attemptsPerAcquisition},
        {QStringLiteral("failed_attempts"), p.failures},
        {QStringLiteral("conflicts"), p.conflicts},
        {QStringLiteral("split_votes"), p.splitVotes},
        {QStringLiteral("overlaps"), p.overlaps},
        {QStringLiteral("lost_updates"), p.lostUpdates},
    };
}

// Redlock's phases with these clients and retry policy as one: rates over their summed
// time (seconds 0: none ran).
StrategyBenchmark::Phase StrategyBenchmark::pooled(int clients, Retry retry) const
{
    Phase sum;
    double acquisitions = 0, handOvers = 0, attempts = 0, purchases = 0;
    for (const Phase& p : std::as_const(m_phases)) {
        if (p.kind != Strategy::Kind::Redlock || p.clients != clients || p.retry != retry)
            continue;
        sum.seconds += p.seconds;
        purchases += p.purchasesPerSecond * p.seconds;
        sum.acquireUs.merge(p.acquireUs);
        acquisitions += p.acquisitionsPerSecond * p.seconds;
        handOvers += p.handOversPerSecond * p.seconds;
        attempts += p.attemptsPerAcquisition * p.acquisitionsPerSecond * p.seconds;
    }
    const double seconds = std::max(1e-9, sum.seconds);
    sum.clients = clients;
    sum.acquisitionsPerSecond = acquisitions / seconds;
    sum.purchasesPerSecond = purchases / seconds;
    if (!sum.acquireUs.isEmpty()) {
        sum.p50Us = double(sum.acquireUs.percentile(50));
        sum.p99Us = double(sum.acquireUs.percentile(99));
    }
    sum.handOversPerSecond = handOvers / seconds;
    sum.attemptsPerAcquisition = attempts / std::max(1.0, acquisitions);
    return sum;
}

// With --contention: the contended Redlock phases, with the user's retry policy, must reach
// the single client's acquisitions/s (hand-overs can overlap; a lock changing hands slower
// than one client cycles is the engine queueing, not the algorithm). They run one, many,
// many, one, so that a drift in the machine's load over the run weighs on both alike. The
// 1 ms phase is told with what it costs, not judged (docs/benchmarks.md, "The benchmark").
int StrategyBenchmark::judge(QTextStream& s)
{
    if (!m_options.contention)
        return 0;
    const Phase one = pooled(1, userRetry());
    const Phase many = pooled(m_options.contendedClients, userRetry());
    const Phase stress = pooled(m_options.contendedClients, Retry{});
    if (one.seconds <= 0 || many.seconds <= 0 || stress.seconds <= 0)
        return 2;
    const SerialCeiling::Figures ceiling = pooledCeiling();
    if (ceiling.purchases == 0)
        return 2;
    const double contention =
        many.acquisitionsPerSecond / std::max(1e-9, one.acquisitionsPerSecond);
    const double judged = many.purchasesPerSecond / ceiling.purchasesPerSecond();
    const double stressed =
        stress.acquisitionsPerSecond / std::max(1e-9, one.acquisitionsPerSecond);
    m_report.insert(QStringLiteral("contention_ratio"), contention);
    m_report.insert(QStringLiteral("ceiling_ratio"), judged);
    m_report.insert(QStringLiteral("stress_ratio"), stressed);
    m_report.insert(QStringLiteral("contended"),
                    QJsonObject{{QStringLiteral("clients"), many.clients},
                                {QStringLiteral("purchases_per_s"), many.purchasesPerSecond},
                                {QStringLiteral("acquisitions_per_s"), many.acquisitionsPerSecond},
                                {QStringLiteral("acquire_p50_us"), many.p50Us},
                                {QStringLiteral("acquire_p99_us"), many.p99Us}});
    s << QStringLiteral("ceiling: one client in a C loop on hiredis buys %1/s (acquire p50 %2 ms, "
                        "p99 %3 ms); %4 contending clients buy %5/s (acquire p50 %6 ms, p99 %7 "
                        "ms): ratio %8 (target >= %9) %10\n")
             .arg(ceiling.purchasesPerSecond(), 0, 'f', 0)
             .arg(ceiling.acquireUs.percentile(50) / 1000.0, 0, 'f', 2)
             .arg(ceiling.acquireUs.percentile(99) / 1000.0, 0, 'f', 2)
             .arg(many.clients)
             .arg(many.purchasesPerSecond, 0, 'f', 0)
             .arg(many.p50Us / 1000.0, 0, 'f', 2)
             .arg(many.p99Us / 1000.0, 0, 'f', 2)
             .arg(judged, 0, 'f', 3)
             .arg(CeilingTarget, 0, 'f', 2)
             .arg(judged >= CeilingTarget ? QStringLiteral("PASS") : QStringLiteral("FAIL"));
    s << QStringLiteral("contention: %1 clients make %2 acquisitions/s (%3 hand-overs/s), one "
                        "client %4/s: ratio %5 (not judged)\n")
             .arg(many.clients)
             .arg(many.acquisitionsPerSecond, 0, 'f', 0)
             .arg(many.handOversPerSecond, 0, 'f', 0)
             .arg(one.acquisitionsPerSecond, 0, 'f', 0)
             .arg(contention, 0, 'f', 2);
    s << QStringLiteral("hand-over stress, retries after 1 ms: %1 acquisitions/s, %2 hand-overs/s, "
                        "%3 tries per acquisition (10 commands each): ratio %4 (not judged)\n")
             .arg(stress.acquisitionsPerSecond, 0, 'f', 0)
             .arg(stress.handOversPerSecond, 0, 'f', 0)
             .arg(stress.attemptsPerAcquisition, 0, 'f', 1)
             .arg(stressed, 0, 'f', 2);
    return judged >= CeilingTarget ? 0 : 1;
}

// The ceiling's runs as one: purchases over their summed time, every acquire's latency.
SerialCeiling::Figures StrategyBenchmark::pooledCeiling() const
{
    SerialCeiling::Figures sum;
    for (const SerialCeiling::Figures& f : std::as_const(m_ceilings)) {
        sum.seconds += f.seconds;
        sum.purchases += f.purchases;
        sum.acquireUs.merge(f.acquireUs);
    }
    return sum;
}

bool StrategyBenchmark::runCeiling(QString* error)
{
    const QByteArray resource = "bench-ceiling-" + QByteArray::number(m_ceilings.size());
    const std::optional<SerialCeiling::Figures> f =
        SerialCeiling::measure(m_nodes.lockNodes(), m_nodes.storage(), resource,
                               resource + ":stock", m_options.config.clientDefaults.lock.ttlMs,
                               m_options.warmUpMs, m_options.phaseSeconds, error);
    if (!f)
        return false;
    printCeiling(*f, out());
    m_ceilings << *f;
    QJsonArray runs = m_report.value(QStringLiteral("ceiling_runs")).toArray();
    runs.append(QJsonObject{{QStringLiteral("seconds"), f->seconds},
                            {QStringLiteral("purchases_per_s"), f->purchasesPerSecond()},
                            {QStringLiteral("acquire_p50_us"), f->acquireUs.percentile(50)},
                            {QStringLiteral("acquire_p99_us"), f->acquireUs.percentile(99)}});
    m_report.insert(QStringLiteral("ceiling_runs"), runs);
    const SerialCeiling::Figures pooled = pooledCeiling();
    m_report.insert(
        QStringLiteral("ceiling"),
        QJsonObject{{QStringLiteral("purchases_per_s"), pooled.purchasesPerSecond()},
                    {QStringLiteral("acquire_p50_us"), pooled.acquireUs.percentile(50)},
                    {QStringLiteral("acquire_p99_us"), pooled.acquireUs.percentile(99)}});
    return true;
}

// A row of the table, in its columns: one client, purchases as its acquisitions.
void StrategyBenchmark::printCeiling(const SerialCeiling::Figures& f, QTextStream& s) const
{
    const QString none = QStringLiteral("-");
    s << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12\n")
             .arg(QStringLiteral("C ceiling"), -14)
             .arg(1, 7)
             .arg(none, 9)
             .arg(f.purchasesPerSecond(), 10, 'f', 0)
             .arg(none, 9)
             .arg(QStringLiteral("1.0"), 9)
             .arg(f.purchasesPerSecond(), 10, 'f', 0)
             .arg(f.acquireUs.percentile(50) / 1000.0, 9, 'f', 2)
             .arg(f.acquireUs.percentile(99) / 1000.0, 9, 'f', 2)
             .arg(none, 10)
             .arg(0, 9)
             .arg(none);
    s.flush();
}

bool StrategyBenchmark::writeJson(QString* error) const
{
    if (m_options.jsonPath.isEmpty())
        return true;
    return BenchLoop::saveReport(m_options.jsonPath, m_report, error);
}

int StrategyBenchmark::run()
{
    BenchLoop::keepReportIfCut(m_options.jsonPath);
    QString error;
    if (!m_nodes.start(m_options.config, &error)) {
        fprintf(stderr, "redlockscope: benchmark cannot start: %s\n", qPrintable(error));
        return 2;
    }
    out() << QStringLiteral("Redlock Scope strategies benchmark: %1 lock nodes, storage %2, "
                            "%3 s per phase after %4 ms warm-up, no work, no think time; "
                            "retry: delay + up to jitter, ms\n")
                 .arg(m_nodes.lockNodes().size())
                 .arg(m_nodes.storage().display())
                 .arg(m_options.phaseSeconds)
                 .arg(m_options.warmUpMs);
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 verdict\n")
                 .arg(QStringLiteral("strategy"), -14)
                 .arg(QStringLiteral("clients"), 7)
                 .arg(QStringLiteral("retry"), 9)
                 .arg(QStringLiteral("acquire/s"), 10)
                 .arg(QStringLiteral("handover/s"), 9)
                 .arg(QStringLiteral("tries/acq"), 9)
                 .arg(QStringLiteral("bought/s"), 10)
                 .arg(QStringLiteral("p50 ms"), 9)
                 .arg(QStringLiteral("p99 ms"), 9)
                 .arg(QStringLiteral("engine µs"), 10)
                 .arg(QStringLiteral("failed"), 9);
    const QList<Phase> planned = plannedPhases();
    if (m_options.contention && !warmUp(&error)) {
        if (BenchLoop::interrupted())
            return reportInterrupted(planned.size());
        fprintf(stderr, "redlockscope: warm-up: %s\n", qPrintable(SafeText::printable(error)));
        return 2;
    }
    QJsonArray phases;
    for (qsizetype i = 0; i < planned.size(); ++i) {
        Phase phase = planned[i];
        if (m_options.contention && (i == 0 || i == CeilingBeforePhase) && !runCeiling(&error)) {
            if (BenchLoop::interrupted())
                return reportInterrupted(planned.size());
            fprintf(stderr, "redlockscope: the serial ceiling: %s\n",
                    qPrintable(SafeText::printable(error)));
            return 2;
        }
        if (!runPhase(&phase, &error)) {
            m_report.insert(QStringLiteral("phases"), phases);
            BenchLoop::keepReportIfCut(m_options.jsonPath, m_report);
            if (BenchLoop::interrupted())
                return reportInterrupted(planned.size());
            fprintf(stderr, "redlockscope: %s with %d client(s): %s\n",
                    qPrintable(Strategy::name(phase.kind)), phase.clients,
                    qPrintable(SafeText::printable(error)));
            return 2;
        }
        print(phase, out());
        m_phases << phase;
        phases << toJson(phase);
    }
    m_report.insert(QStringLiteral("phases"), phases);
    if (!runWaitPhases(&error)) {
        if (BenchLoop::interrupted())
            return reportInterrupted(planned.size());
        fprintf(stderr, "redlockscope: wait=poll|pubsub: %s\n",
                qPrintable(SafeText::printable(error)));
        return 2;
    }
    m_report.insert(QStringLiteral("lock_nodes"), int(m_nodes.lockNodes().size()));
    const int code = judge(out());
    m_report.insert(QStringLiteral("pass"), code == 0);
    out().flush();
    if (!writeJson(&error)) {
        fprintf(stderr, "redlockscope: %s\n", qPrintable(error));
        return 2;
    }
    return code;
}

// The phases that ran to their end, and no verdict: a run cut short measures nothing to judge.
int StrategyBenchmark::reportInterrupted(qsizetype planned)
{
    out() << QStringLiteral("%1 after %2 of %3 phases: nothing is judged\n")
                 .arg(BenchLoop::interruptedBy())
                 .arg(m_phases.size())
                 .arg(planned);
    out().flush();
    fprintf(stderr, "redlockscope: benchmark %s\n", qPrintable(BenchLoop::interruptedBy()));
    m_report.insert(QStringLiteral("interrupted"), true);
    m_report.insert(QStringLiteral("pass"), false);
    m_report.insert(QStringLiteral("lock_nodes"), int(m_nodes.lockNodes().size()));
    QString error;
    if (!writeJson(&error)) {
        fprintf(stderr, "redlockscope: %s\n", qPrintable(SafeText::printable(error)));
        return 2;
    }
    return Interruption::ExitCode;
}

// With reentrant (or watchdog) in the list: pub/sub wake-up vs retry delay, same nodes.
bool StrategyBenchmark::runWaitPhases(QString* error)
{
    const auto& kinds = m_options.strategies;
    const auto kind = kinds.contains(Strategy::Kind::Reentrant) ? Strategy::Kind::Reentrant
                                                                : Strategy::Kind::Watchdog;
    if (!kinds.contains(kind))
        return true;
    EngineConfig config = phaseConfig(kind, 0, Retry{});
    WaitBenchmark bench(config, m_options.contendedClients, m_options.phaseSeconds,
                        m_options.warmUpMs);
    const bool ran = bench.run(out(), error);
    m_report.insert(QStringLiteral("wait_phases"), bench.toJson()); // what ran, at least
    return ran;
}
