// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/enginephase.h"

#include "bench/benchloop.h"
#include "bench/threadcpu.h"
#include "control/enginecontroller.h"

#include <optional>

namespace {
constexpr int StartTimeoutMs = 20000;
constexpr int LastSnapshotMs = 150; // the engine publishes one at least every frame
constexpr int CommandTimeoutMs = 10000;
} // namespace

EnginePhase::EnginePhase(const EngineConfig& config)
    : m_engine(std::make_unique<EngineController>(config))
{
    QObject::connect(m_engine.get(), &EngineController::snapshotReady, m_engine.get(),
                     [this](const EngineSnapshot& s) { onSnapshot(s); });
}

EnginePhase::~EnginePhase() = default;

bool EnginePhase::start(qint64 stock, int clients, QString* error)
{
    if (!BenchLoop::start(*m_engine, StartTimeoutMs, error))
        return false;
    BenchLoop::addBuyers(*m_engine, stock, clients);
    return true;
}

std::optional<EnginePhase::Figures> EnginePhase::measure(qint64 stock, int clients, int warmUpMs,
                                                         int seconds, QString* error)
{
    if (!start(stock, clients, error))
        return std::nullopt;
    const bool warm = BenchLoop::runFor(warmUpMs);
    beginMeasuring();
    if (!warm || !BenchLoop::runFor(seconds * 1000)) {
        *error = BenchLoop::interruptedBy(); // a phase cut short is not reported
        return std::nullopt;
    }
    endMeasuring();
    return finish();
}

bool EnginePhase::command(const QString& line, QString* error)
{
    quint64 id = 0;
    std::optional<bool> done;
    const QMetaObject::Connection answered =
        QObject::connect(m_engine.get(), &EngineController::commandFinished, m_engine.get(),
                         [&](quint64 of, bool ok, const QString& message) {
                             if (of != id)
                                 return;
                             done = ok;
                             if (!ok)
                                 *error = message;
                         });
    id = m_engine->execute(line);
    QElapsedTimer clock;
    clock.start();
    while (!done && clock.elapsed() < CommandTimeoutMs && BenchLoop::runFor(10)) {
    }
    QObject::disconnect(answered);
    if (!done)
        *error = BenchLoop::interrupted() ? BenchLoop::interruptedBy()
                                          : QStringLiteral("no answer to \"%1\"").arg(line);
    return done.value_or(false);
}

void EnginePhase::onSnapshot(const EngineSnapshot& s)
{
    m_counters = s.counters;
    if (!m_measuring)
        return;
    bool acquired = false;
    for (const HistoryEvent& e : s.newEvents) {
        if (e.operation != HistoryEvent::Operation::Acquire)
            continue;
        if (e.kind == HistoryEvent::Kind::Attempt)
            ++m_figures.attempts;
        if (e.kind != HistoryEvent::Kind::Ok)
            continue;
        acquired = true;
        m_figures.acquireUs.add(e.latencyUs);
        if (m_lastHolder >= 0 && e.client != m_lastHolder)
            ++m_figures.handOvers;
        m_lastHolder = e.client;
    }
    if (acquired)
        closeStall();
}

// Snapshots come at least once a frame: a stall is timed from the one that showed the last
// acquisition (or the window's start) to the one that shows the next (or the window's end).
void EnginePhase::closeStall()
{
    const qint64 now = m_clock.elapsed();
    m_figures.longestStallMs = std::max(m_figures.longestStallMs, now - m_stallStartMs);
    m_stallStartMs = now;
}

void EnginePhase::beginMeasuring()
{
    m_before = m_counters;
    m_cpu0 = ThreadCpu::us("engine");
    m_measuring = true;
    m_clock.start();
    m_stallStartMs = 0;
}

// The counters at both ends are the newest snapshot's, each at most a frame old: the window
// they count is as long as the one timed.
void EnginePhase::endMeasuring()
{
    m_figures.seconds = m_clock.elapsed() / 1000.0;
    closeStall();
    m_figures.engineCpuUs = ThreadCpu::us("engine") - m_cpu0;
    m_measuring = false;
    m_after = m_counters;
}

EnginePhase::Figures EnginePhase::finish()
{
    BenchLoop::runFor(LastSnapshotMs); // a violation found at the end still counts
    m_engine->shutdown();
    Figures f = m_figures;
    f.acquisitions = m_after.acquisitions - m_before.acquisitions;
    f.sales = m_after.sales - m_before.sales;
    f.failures = m_after.failures - m_before.failures;
    f.conflicts = m_after.conflicts - m_before.conflicts;
    f.splitVotes = m_after.splitVotes - m_before.splitVotes;
    f.overlaps = m_counters.overlaps;
    f.lostUpdates = m_counters.lostUpdates;
    return f;
}
