#include "clients/lockclient.h"

#include "core/clock.h"
#include "lock/locktoken.h"

#include <QRandomGenerator>
#include <algorithm>

namespace {
constexpr size_t LatencyWindow = 1000; // acquisitions kept for mean and p99
constexpr int ExtendCheckMs = 50;
} // namespace

LockClient::LockClient(int id, const QString& name, const QList<NodeAddress>& nodes,
                       const RedisConnection::Options& connectionOptions,
                       const ClientSettings& settings, const QByteArray& resource,
                       const Clock& clock, QObject* parent)
    : QObject(parent), m_id(id), m_name(name), m_settings(settings), m_resource(resource),
      m_clock(clock)
{
    QList<NodeChannel*> channels;
    for (const NodeAddress& address : nodes) {
        auto* connection = new RedisConnection(address, connectionOptions, clock, this);
        m_connections << connection;
        channels << connection;
    }
    m_redlock = new Redlock(channels, clock, this);
    m_redlock->setSettings(settings.lock);
    connect(m_redlock, &Redlock::attemptStarted, this,
            [this](const QByteArray&, int attempt, const QByteArray& token) {
                m_attempt = attempt;
                m_lastToken = token;
                ++m_attempts;
                emit tokenIssued(token);
                whenRunning([this] { setState(State::Acquiring); });
            });
    connect(m_redlock, &Redlock::attemptDecided, this, &LockClient::onAttemptDecided);
    connect(m_redlock, &Redlock::nodeAnswered, this, &LockClient::onNodeAnswered);
    m_stepTimer.setSingleShot(true);
    m_extendTimer.setInterval(ExtendCheckMs);
    connect(&m_extendTimer, &QTimer::timeout, this, &LockClient::maybeExtend);
    m_validityTimer.setSingleShot(true);
    m_validityTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_validityTimer, &QTimer::timeout, this, &LockClient::onValidityRanOut);
    m_pauseTimer.setSingleShot(true);
    m_pauseTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_pauseTimer, &QTimer::timeout, this, &LockClient::resume);
    m_stateSinceUs = m_clock.nowUs();
}

LockClient::~LockClient()
{
    m_redlock->cancel();
}

// --- the loop -----------------------------------------------------------------------------

void LockClient::start()
{
    if (m_running || m_state == State::Crashed)
        return;
    for (RedisConnection* connection : std::as_const(m_connections))
        if (connection->state() == RedisConnection::State::Disconnected)
            connection->open();
    m_running = true;
    setState(State::Idle);
    // Give fresh connections a moment to finish their handshake before the first try.
    scheduleNext(m_attempts == 0 ? 100 : 0);
}

void LockClient::stop()
{
    if (!m_running && !m_paused)
        return;
    if (m_paused)
        resume();
    m_running = false;
    m_stepTimer.stop();
    m_extendTimer.stop();
    m_validityTimer.stop();
    m_redlock->cancel();
    // A stopped client cleans up: whatever it holds or may just have set goes.
    if (!m_lastToken.isEmpty() && (m_state == State::Holding || m_state == State::Acquiring ||
                                   m_state == State::WaitingRetry)) {
        m_redlock->release(Lock{m_resource, m_lastToken});
        record(HistoryEvent::Kind::Release, QStringLiteral("released on stop"));
    }
    endBelief(QStringLiteral("stopped"));
    m_lock = {};
    setState(State::Stopped);
}

void LockClient::setSettings(const ClientSettings& settings)
{
    m_settings = settings;
    m_redlock->setSettings(settings.lock); // applies from the next operation on
}

void LockClient::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    m_stateSinceUs = m_clock.nowUs();
    record(HistoryEvent::Kind::ClientStateChanged, ClientSnapshot::stateName(state));
}

void LockClient::scheduleNext(int delayMs)
{
    m_stepTimer.disconnect();
    connect(&m_stepTimer, &QTimer::timeout, this, &LockClient::beginAcquire);
    m_stepTimer.start(delayMs);
}

void LockClient::beginAcquire()
{
    if (!m_running)
        return;
    record(HistoryEvent::Kind::AcquireInvoked);
    m_redlock->acquire(m_resource, [this](const Redlock::AcquireResult& result) {
        whenRunning([this, result] { onAcquired(result); });
    });
}

void LockClient::onAttemptDecided(const AttemptResult& attempt)
{
    HistoryEvent e;
    e.kind = HistoryEvent::Kind::AttemptDecided;
    e.token = attempt.token;
    e.value = attempt.okCount;
    e.detail = attempt.acquired
                   ? QStringLiteral("try %1: quorum %2/%3 in %4 ms")
                         .arg(attempt.attempt)
                         .arg(attempt.okCount)
                         .arg(attempt.quorum)
                         .arg(attempt.elapsedUs() / 1000.0, 0, 'f', 2)
                   : QStringLiteral("try %1: %2").arg(attempt.attempt).arg(attempt.reason);
    e.client = m_id;
    e.resource = m_resource;
    emit event(e);
    const bool willRetry = !attempt.acquired && attempt.attempt <= m_settings.lock.retryCount;
    if (willRetry)
        whenRunning([this] {
            if (m_running)
                setState(State::WaitingRetry);
        });
}

void LockClient::onNodeAnswered(Redlock::Operation operation, int node, const NodeOutcome& outcome)
{
    static const QString names[] = {QStringLiteral("acquire"), QStringLiteral("release"),
                                    QStringLiteral("extend")};
    QString detail = QStringLiteral("%1 %2 in %3 ms")
                         .arg(names[int(operation)], NodeOutcome::kindName(outcome.kind))
                         .arg(outcome.latencyUs() / 1000.0, 0, 'f', 2);
    if (!outcome.error.isEmpty())
        detail += QStringLiteral(": ") + outcome.error;
    HistoryEvent e;
    e.kind = HistoryEvent::Kind::NodeOutcome;
    e.client = m_id;
    e.node = node;
    e.resource = m_resource;
    e.token = outcome.owner;
    e.detail = detail;
    e.value = outcome.latencyUs() / 1000.0;
    emit event(e);
    emit nodeAnswered(node, operation, outcome);
}

void LockClient::onAcquired(const Redlock::AcquireResult& result)
{
    if (!m_running)
        return;
    if (!result.acquired) {
        const QString reason = result.reason.section(QLatin1Char(':'), 0, 0);
        ++m_failures[reason];
        record(HistoryEvent::Kind::AcquireFailed, result.reason);
        setState(State::Idle);
        scheduleNext(m_settings.thinkMs);
        return;
    }
    m_lock = result.lock;
    ++m_acquisitions;
    m_latenciesUs.push_back(result.attempts.last().elapsedUs());
    if (m_latenciesUs.size() > LatencyWindow)
        m_latenciesUs.pop_front();
    m_latencyStatsDirty = true;
    m_believes = true;
    record(HistoryEvent::Kind::AcquireOk,
           QStringLiteral("valid for %1 ms").arg(result.attempts.last().validityMs, 0, 'f', 1),
           result.attempts.last().validityMs);
    setState(State::Holding);
    m_stepTimer.disconnect();
    connect(&m_stepTimer, &QTimer::timeout, this, &LockClient::onWorkDone);
    m_stepTimer.start(workTimeMs());
    m_validityTimer.start(
        int(std::max<qint64>(0, (m_lock.validUntilUs - m_clock.nowUs() + 999) / 1000)));
    if (m_settings.autoExtend)
        m_extendTimer.start();
}

// A careful client watches its validity: when it runs out while the work goes on, it no
// longer believes it holds the lock. (A paused client cannot watch anything.)
void LockClient::onValidityRanOut()
{
    if (m_state == State::Holding && m_believes && !m_pausedWhileHolding)
        endBelief(QStringLiteral("validity ran out while working"));
}

void LockClient::maybeExtend()
{
    if (m_state != State::Holding || m_lock.isNull())
        return;
    const double left = m_lock.validityLeftMs(m_clock.nowUs());
    if (left > m_settings.extendBelowMs || left <= 0 ||
        m_lock.extensions >= m_settings.lock.maxExtensions)
        return;
    m_extendTimer.stop(); // one extension in flight at a time
    m_redlock->extend(m_lock, [this](const Redlock::ExtendResult& result) {
        whenRunning([this, result] {
            if (m_state != State::Holding || result.lock.token != m_lock.token)
                return;
            if (!result.extended) {
                record(HistoryEvent::Kind::Extend,
                       QStringLiteral("extension failed: %1").arg(result.attempt.reason));
                return;
            }
            m_lock = result.lock;
            record(HistoryEvent::Kind::Extend,
                   QStringLiteral("extended (%1 of %2), valid for %3 ms")
                       .arg(m_lock.extensions)
                       .arg(m_settings.lock.maxExtensions)
                       .arg(result.attempt.validityMs, 0, 'f', 1),
                   result.attempt.validityMs);
            m_validityTimer.start(
                int(std::max<qint64>(0, (m_lock.validUntilUs - m_clock.nowUs() + 999) / 1000)));
            m_extendTimer.start();
        });
    });
}

void LockClient::onWorkDone()
{
    m_extendTimer.stop();
    m_validityTimer.stop();
    beginRelease(State::Idle);
}

void LockClient::beginRelease(State after)
{
    endBelief(QStringLiteral("releasing"));
    m_pausedWhileHolding = false;
    setState(State::Releasing);
    const Lock lock = m_lock;
    m_redlock->release(lock, [this, after](const Redlock::ReleaseResult& result) {
        whenRunning([this, after, result] {
            record(HistoryEvent::Kind::Release,
                   QStringLiteral("released on %1 of %2 nodes")
                       .arg(result.releasedCount)
                       .arg(m_connections.size()),
                   result.releasedCount);
            m_lock = {};
            if (!m_running)
                return;
            setState(after);
            scheduleNext(m_settings.thinkMs);
        });
    });
}

void LockClient::endBelief(const QString& why)
{
    if (!m_believes)
        return;
    m_believes = false;
    record(HistoryEvent::Kind::HoldEnd, why);
}

// --- faults -------------------------------------------------------------------------------

void LockClient::crash()
{
    if (m_state == State::Crashed)
        return;
    m_paused = false;
    m_deferred.clear();
    m_running = false;
    m_stepTimer.stop();
    m_extendTimer.stop();
    m_validityTimer.stop();
    m_pauseTimer.stop();
    m_redlock->cancel(); // no release: a crashed process cleans up nothing
    for (RedisConnection* connection : std::as_const(m_connections))
        connection->close(); // its sockets die with it
    endBelief(QStringLiteral("crashed"));
    m_lock = {};
    record(HistoryEvent::Kind::FaultStart, QStringLiteral("%1 crashed").arg(m_name));
    setState(State::Crashed);
}

void LockClient::restart()
{
    if (m_state != State::Crashed)
        return;
    record(HistoryEvent::Kind::FaultEnd, QStringLiteral("%1 restarted").arg(m_name));
    m_state = State::Stopped;
    m_lastToken.clear();
    start();
}

void LockClient::pause(int forMs)
{
    if (m_paused || m_state == State::Crashed || m_state == State::Stopped)
        return;
    m_paused = true;
    m_stateBeforePause = m_state;
    m_pausedWhileHolding = m_state == State::Holding;
    freezeTimer(m_stepTimer, &m_stepRemainingMs);
    freezeTimer(m_extendTimer, &m_extendRemainingMs);
    m_validityTimer.stop(); // it cannot look at its clock while frozen
    record(HistoryEvent::Kind::FaultStart,
           forMs > 0 ? QStringLiteral("%1 paused for %2 ms").arg(m_name).arg(forMs)
                     : QStringLiteral("%1 paused").arg(m_name));
    setState(State::Paused);
    if (forMs > 0)
        m_pauseTimer.start(forMs);
}

void LockClient::resume()
{
    if (!m_paused)
        return;
    m_paused = false;
    m_pauseTimer.stop();
    record(HistoryEvent::Kind::FaultEnd, QStringLiteral("%1 resumed").arg(m_name));
    // Back where it was, as if no time had passed: a holder still believes it holds.
    setState(m_stateBeforePause);
    thawTimer(m_stepTimer, m_stepRemainingMs);
    thawTimer(m_extendTimer, m_extendRemainingMs);
    const QList<std::function<void()>> deferred = std::exchange(m_deferred, {});
    for (const auto& step : deferred)
        step();
}

void LockClient::whenRunning(std::function<void()> step)
{
    if (m_paused)
        m_deferred << std::move(step);
    else
        step();
}

void LockClient::freezeTimer(QTimer& timer, int* remainingMs)
{
    *remainingMs = timer.isActive() ? std::max(0, timer.remainingTime()) : -1;
    timer.stop();
}

void LockClient::thawTimer(QTimer& timer, int remainingMs)
{
    if (remainingMs < 0)
        return;
    if (timer.isSingleShot())
        timer.start(remainingMs);
    else
        timer.start(); // periodic: the next tick a full interval from now
}

// --- reporting ----------------------------------------------------------------------------

// Sorted only when a new acquisition came in, not on every snapshot (60 per second).
void LockClient::updateLatencyStats() const
{
    if (!m_latencyStatsDirty || m_latenciesUs.empty())
        return;
    m_latencyStatsDirty = false;
    std::vector<qint64> sorted(m_latenciesUs.begin(), m_latenciesUs.end());
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (qint64 v : sorted)
        sum += v;
    m_meanAcquireUs = sum / sorted.size();
    m_p99AcquireUs = sorted[std::min(sorted.size() - 1, size_t(sorted.size() * 0.99))];
}

int LockClient::workTimeMs() const
{
    if (m_settings.workMaxMs <= m_settings.workMinMs)
        return m_settings.workMinMs;
    return m_settings.workMinMs + int(QRandomGenerator::global()->bounded(
                                      m_settings.workMaxMs - m_settings.workMinMs + 1));
}

void LockClient::record(HistoryEvent::Kind kind, const QString& detail, double value, int node)
{
    HistoryEvent e;
    e.kind = kind;
    e.client = m_id;
    e.node = node;
    e.resource = m_resource;
    e.token = m_lock.isNull() ? m_lastToken : m_lock.token;
    e.detail = detail;
    e.value = value;
    emit event(e);
}

ClientSnapshot LockClient::snapshot() const
{
    ClientSnapshot s;
    s.id = m_id;
    s.name = m_name;
    s.colorIndex = m_id - 1;
    s.state = m_state;
    s.stateSinceUs = m_stateSinceUs;
    s.resource = m_resource;
    s.token = m_lock.isNull() ? m_lastToken : m_lock.token;
    s.validUntilUs = m_believes ? m_lock.validUntilUs : 0;
    s.believesHolding = m_believes;
    s.attempt = m_attempt;
    s.attempts = m_attempts;
    s.acquisitions = m_acquisitions;
    s.failures = m_failures;
    s.settings = m_settings;
    s.extensions = m_lock.extensions;
    updateLatencyStats();
    s.meanAcquireUs = m_meanAcquireUs;
    s.p99AcquireUs = m_p99AcquireUs;
    return s;
}
