// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/lockclient.h"

#include "base/clock.h"
#include "base/enumnames.h"
#include "model/fault.h"
#include "model/latencystats.h"
#include "storage/stockaccess.h"

#include <QRandomGenerator>
#include <algorithm>

namespace {
constexpr size_t LatencyWindow = 1000; // acquisitions kept for mean and p99
constexpr int ExtendCheckMs = 50;

using Kind = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using End = HistoryEvent::SectionEndReason;
} // namespace

LockClient::LockClient(int id, const QString& name, LockStrategy* strategy,
                       const QList<RedisConnection*>& connections, const ClientSettings& settings,
                       const QByteArray& resource, const Clock& clock, QObject* parent)
    : QObject(parent), m_id(id), m_name(name), m_settings(settings), m_resource(resource),
      m_clock(clock), m_connections(connections), m_strategy(strategy)
{
    for (RedisConnection* connection : std::as_const(m_connections))
        connection->setParent(this);
    adopt(strategy);
    m_stepTimer.setSingleShot(true);
    m_extendTimer.setInterval(ExtendCheckMs);
    connect(&m_extendTimer, &QTimer::timeout, this, &LockClient::maybeExtend);
    m_validityTimer.setSingleShot(true);
    m_validityTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_validityTimer, &QTimer::timeout, this,
            [this] { whenRunning([this] { onValidityDeadline(); }); });
    m_pauseTimer.setSingleShot(true);
    m_pauseTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_pauseTimer, &QTimer::timeout, this, &LockClient::resume);
    m_stateSinceUs = m_clock.nowUs();
    setRandomSeed(QRandomGenerator::global()->generate64());
}

LockClient::~LockClient()
{
    m_strategy->cancel();
}

// --- the loop -----------------------------------------------------------------------------

void LockClient::start()
{
    if (m_running || m_state == State::Crashed)
        return;
    for (RedisConnection* connection : std::as_const(m_connections))
        if (connection->state() == RedisConnection::State::Disconnected)
            connection->open();
    if (m_stock)
        m_stock->open();
    m_running = true;
    setState(State::Idle);
    m_awaitingConnections = true;
    for (RedisConnection* connection : std::as_const(m_connections))
        connect(connection, &RedisConnection::stateChanged, this, &LockClient::onConnectionSettled,
                Qt::UniqueConnection);
    onConnectionSettled();
}

// A client connects before it tries, as a real one does: the first try waits until each
// connection has finished its handshake or failed once (a node that is down, or cut off,
// stays so for the try, and says why). A try sent while connections are still being made
// would count them "down", and with many clients starting at once the burst of handshakes
// and tries together made commands miss their deadline and leave keys nobody owned.
void LockClient::onConnectionSettled()
{
    const bool settling =
        std::any_of(m_connections.cbegin(), m_connections.cend(), [](const RedisConnection* c) {
            return c->state() == RedisConnection::State::Resolving ||
                   c->state() == RedisConnection::State::Connecting;
        });
    if (!m_awaitingConnections || settling)
        return;
    m_awaitingConnections = false;
    for (RedisConnection* connection : std::as_const(m_connections))
        disconnect(connection, &RedisConnection::stateChanged, this,
                   &LockClient::onConnectionSettled);
    whenRunning([this] {
        if (m_running)
            scheduleNext(0, &LockClient::beginAcquire);
    });
}

void LockClient::stop()
{
    if (!m_running && !m_paused)
        return;
    if (m_paused)
        resume();
    m_running = false;
    m_awaitingConnections = false;
    stopTimers();
    m_strategy->cancel();
    m_pendingReleases = 0; // cancelled: their answers will not be counted
    endSection(End::Stopped);
    // A stopped client cleans up: whatever it holds or may just have set goes.
    if (!m_lastToken.isEmpty() && (m_state == State::Holding || m_state == State::Acquiring ||
                                   m_state == State::WaitingRetry)) {
        const quint64 op = nextOp();
        emitEvent(HistoryEvent::forClient(Kind::Invoke, m_id, Op::Release, op));
        ++m_pendingReleases;
        m_strategy->release(
            Lock{m_resource, m_lastToken},
            [this, op](const LockStrategy::ReleaseResult& result) {
                --m_pendingReleases;
                HistoryEvent e = HistoryEvent::forClient(Kind::Ok, m_id, Op::Release, op);
                e.number = result.releasedCount;
                emitEvent(e);
            },
            op);
    }
    m_lock = {};
    setState(State::Stopped);
}

void LockClient::setSettings(const ClientSettings& settings)
{
    m_settings = settings;
    m_strategy->setSettings(settings.lock); // applies from the next operation on
}

void LockClient::adopt(LockStrategy* strategy)
{
    m_strategy = strategy;
    m_strategy->setParent(this);
    m_strategy->setSettings(m_settings.lock);
    connect(m_strategy, &LockStrategy::attemptStarted, this, &LockClient::onAttemptStarted);
    connect(m_strategy, &LockStrategy::attemptDecided, this, &LockClient::onAttemptDecided);
    connect(m_strategy, &LockStrategy::nodeAnswered, this, &LockClient::onNodeAnswered);
    connect(m_strategy, &LockStrategy::validityExtended, this, &LockClient::onValidityExtended);
    connect(m_strategy, &LockStrategy::deletedOthersKey, this, &LockClient::onDeletedOthersKey);
    connect(m_strategy, &LockStrategy::wokenUp, this, &LockClient::onWokenUp);
    m_strategy->setHazardHook([this](LockStrategy::Hazard hazard, std::function<void()> proceed) {
        onHazard(hazard, std::move(proceed));
    });
}

void LockClient::setStrategy(LockStrategy* strategy)
{
    strategy->setParent(this);
    if (m_nextStrategy)
        m_nextStrategy->deleteLater();
    m_nextStrategy = strategy;
    // Between two acquisitions the switch is safe now; otherwise at the next one.
    if (!m_inSection &&
        (m_state == State::Idle || m_state == State::Stopped || m_state == State::Crashed))
        takeNextStrategy();
}

void LockClient::takeNextStrategy()
{
    if (!m_nextStrategy)
        return;
    LockStrategy* old = std::exchange(m_strategy, nullptr);
    old->cancel();
    old->disconnect(this);
    old->deleteLater();
    adopt(std::exchange(m_nextStrategy, nullptr));
    setRandomSeed(m_seed);
}

void LockClient::setRandomSeed(quint64 seed)
{
    m_seed = seed;
    m_random.seed(seed);
    m_strategy->setRandomSource([this](int bound) { return int(m_random.bounded(bound)); });
    QList<int> order;
    for (int i = 0; i < m_strategy->nodeCount(); ++i)
        order << i;
    std::shuffle(order.begin(), order.end(), m_random);
    m_strategy->setNodeOrder(order);
}

QList<int> LockClient::networkDelays() const
{
    // Its own stream, so the delays do not shift the other random choices.
    QRandomGenerator draw(m_seed ^ 0xD1B54A32D192ED03ULL);
    QList<int> delays;
    for (int i = 0; i < m_strategy->nodeCount(); ++i)
        delays << (m_settings.netDelayMs > 0 ? int(draw.bounded(m_settings.netDelayMs + 1)) : 0);
    return delays;
}

void LockClient::setStock(StockAccess* stock)
{
    m_stock = stock;
    if (m_stock) {
        m_stock->setParent(this);
        if (m_running)
            m_stock->open();
    }
}

void LockClient::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    m_stateSinceUs = m_clock.nowUs();
    HistoryEvent e = HistoryEvent::forClient(Kind::ClientState, m_id);
    e.code = quint8(state);
    emitEvent(e);
}

// Operation ids are unique in the whole run without shared state: the client's id in the
// high half.
quint64 LockClient::nextOp()
{
    return (quint64(m_id) << 32) | ++m_nextOp;
}

void LockClient::emitEvent(HistoryEvent e)
{
    e.client = m_id;
    if (e.resource.isEmpty())
        e.resource = m_resource;
    emit event(e);
}

void LockClient::scheduleNext(int delayMs, void (LockClient::*step)())
{
    m_stepTimer.disconnect();
    connect(&m_stepTimer, &QTimer::timeout, this, step);
    m_stepTimer.start(delayMs);
}

void LockClient::stopTimers()
{
    m_stepTimer.stop();
    m_extendTimer.stop();
    m_validityTimer.stop();
}

// --- acquiring ----------------------------------------------------------------------------

void LockClient::beginAcquire()
{
    if (!m_running)
        return;
    takeNextStrategy();
    if (optimistic()) {
        // WATCH / MULTI / EXEC: no lock to take; the purchase itself is the attempt.
        ++m_attempts;
        setState(State::Holding);
        m_phase = Phase::Reading;
        if (m_stock)
            readStock();
        else
            startWork();
        return;
    }
    const quint64 op = nextOp();
    emitEvent(HistoryEvent::forClient(Kind::Invoke, m_id, Op::Acquire, op));
    m_strategy->acquire(
        m_resource,
        [this, op](const LockStrategy::AcquireResult& result) {
            whenRunning([this, op, result] { onAcquired(op, result); });
        },
        op);
}

void LockClient::onAttemptStarted(quint64 op, int attempt, const QByteArray& token)
{
    Q_UNUSED(op)
    m_attempt = attempt;
    m_lastToken = token;
    ++m_attempts;
    emit tokenIssued(token);
    // A reentrant holder's inner acquire is a step of its section: it stays "holding".
    whenRunning([this] {
        if (!m_inSection)
            setState(State::Acquiring);
    });
}

void LockClient::onAttemptDecided(quint64 op, const AttemptResult& attempt)
{
    HistoryEvent e = HistoryEvent::forClient(Kind::Attempt, m_id, Op::Acquire, op);
    e.token = attempt.token;
    e.number = attempt.okCount;
    e.code = quint8(attempt.failReason);
    e.sinceUs = attempt.startUs;
    e.latencyUs = attempt.elapsedUs();
    e.nodeMask = attempt.okMask;
    emitEvent(e);
    const bool willRetry = !attempt.acquired && attempt.attempt <= m_settings.lock.retryCount;
    if (willRetry)
        whenRunning([this] {
            if (m_running)
                setState(State::WaitingRetry);
        });
}

void LockClient::onNodeAnswered(quint64 op, HistoryEvent::Operation operation, int node,
                                const NodeOutcome& outcome)
{
    HistoryEvent e = HistoryEvent::forClient(Kind::NodeAnswer, m_id, operation, op);
    e.node = node;
    e.code = quint8(outcome.kind);
    e.token = outcome.owner;
    e.text = outcome.error;
    e.latencyUs = outcome.latencyUs();
    emitEvent(e);
    emit nodeAnswered(node, operation, outcome);
}

void LockClient::onAcquired(quint64 op, const LockStrategy::AcquireResult& result)
{
    if (!m_running)
        return;
    if (!result.acquired) {
        ++m_failures[EnumNames::name(result.reason)];
        HistoryEvent e = HistoryEvent::forClient(Kind::Fail, m_id, Op::Acquire, op);
        e.code = quint8(result.reason);
        e.number = result.attempts.size();
        e.text = result.reasonText;
        emitEvent(e);
        setState(State::Idle);
        scheduleNext(m_settings.thinkMs, &LockClient::beginAcquire);
        return;
    }
    enterSection(op, result);
}

// --- the critical section -----------------------------------------------------------------

void LockClient::enterSection(quint64 op, const LockStrategy::AcquireResult& result)
{
    m_lock = result.lock;
    ++m_acquisitions;
    noteLatency(result.attempts.last().elapsedUs());
    HistoryEvent e = HistoryEvent::forClient(Kind::Ok, m_id, Op::Acquire, op);
    e.token = m_lock.token;
    e.fence = m_lock.fence;
    e.nodeMask = m_lock.nodeMask;
    e.number = m_lock.validUntilUs - m_clock.nowUs();
    e.latencyUs = result.attempts.last().elapsedUs();
    emitEvent(e);
    m_inSection = true;
    m_sectionOp = op;
    m_sectionSinceUs = m_clock.nowUs();
    m_lockLost = false;
    m_stockRead = -1;
    m_stockExists = false;
    setState(State::Holding);
    armValidityTimer();
    if (m_settings.autoExtend)
        m_extendTimer.start();
    if (m_strategy->reentrant()) {
        reenter(); // the seed's reentrant lock: its holder takes it again, then goes on
        return;
    }
    if (m_stock)
        readStock();
    else
        startWork();
}

// A reentrant lock's holder acquires it once more inside its section (a nested call in the
// seed's code) and gives that hold back before it goes on: the count on the node shows it.
void LockClient::reenter()
{
    const quint64 op = nextOp();
    const quint64 section = m_sectionOp;
    m_strategy->acquire(
        m_resource,
        [this, op, section](const LockStrategy::AcquireResult& result) {
            whenRunning([this, op, section, result] {
                if (!m_inSection || m_sectionOp != section)
                    return;
                if (result.acquired) {
                    ++m_reentries;
                    HistoryEvent e =
                        HistoryEvent::forClient(Kind::Reentered, m_id, Op::Acquire, op);
                    e.token = m_lock.token;
                    e.number = 2;
                    emitEvent(e);
                    m_strategy->release(m_lock, {}, nextOp()); // the inner hold, given back
                }
                if (m_stock)
                    readStock();
                else
                    startWork();
            });
        },
        op);
}

void LockClient::readStock()
{
    m_phase = Phase::Reading;
    const quint64 op = nextOp();
    emitEvent(HistoryEvent::forClient(Kind::Invoke, m_id, Op::Read, op));
    const quint64 section = m_sectionOp;
    const auto read = [this](StockAccess::ReadCallback done) {
        optimistic() ? m_stock->watchRead(std::move(done)) : m_stock->read(std::move(done));
    };
    read([this, op, section](const StockAccess::ReadResult& r) {
        whenRunning([this, op, section, r] {
            HistoryEvent e =
                HistoryEvent::forClient(r.ok ? Kind::Ok : Kind::Fail, m_id, Op::Read, op);
            e.node = HistoryEvent::StorageNode;
            e.latencyUs = r.latencyUs;
            e.number = r.value;
            e.text = r.error;
            if (!r.ok)
                e.code = quint8(HistoryEvent::FailReason::Unreachable);
            emitEvent(e);
            if (!optimistic() && (!m_inSection || m_sectionOp != section))
                return; // gave up or stopped meanwhile
            if (optimistic() && !m_running)
                return;
            m_stockExists = r.ok && r.exists;
            m_stockRead = m_stockExists ? r.value : -1;
            startWork();
        });
    });
}

void LockClient::startWork()
{
    m_phase = Phase::Working;
    scheduleNext(workTimeMs(), &LockClient::onWorkDone);
}

void LockClient::onWorkDone()
{
    if (!m_inSection && !optimistic())
        return;
    m_extendTimer.stop();
    // The careful client's last look at its validity before it touches the data.
    if (!optimistic() && m_settings.careful && validityOver()) {
        noteLockLost();
        giveUp();
        return;
    }
    // The critique's GC pause: it lands after the check, before the write.
    if (fireArmed(Moment::BeforeWrite, [this] { writeStock(); }))
        return;
    writeStock();
}

void LockClient::writeStock()
{
    // The seed's code: write only when there was a stock and some was left.
    if (!m_stock || !m_stockExists || m_stockRead <= 0) {
        if (optimistic()) {
            finishOptimistic();
            return;
        }
        endSection(End::Released);
        beginRelease();
        return;
    }
    m_phase = Phase::Writing;
    const quint64 op = nextOp();
    const qint64 value = m_stockRead - 1;
    HistoryEvent invoke = HistoryEvent::forClient(Kind::Invoke, m_id, Op::Write, op);
    invoke.node = HistoryEvent::StorageNode;
    invoke.number = value;
    invoke.fence = m_lock.fence;
    emitEvent(invoke);
    const FencingToken fence = m_lock.fence;
    const auto write = [this, value, fence](StockAccess::WriteCallback done) {
        optimistic() ? m_stock->execWrite(value, std::move(done))
                     : m_stock->write(value, fence, std::move(done));
    };
    write([this, op, value, fence](const StockAccess::WriteResult& w) {
        whenRunning([this, op, value, fence, w] {
            HistoryEvent e =
                HistoryEvent::forClient(w.accepted ? Kind::Ok : Kind::Fail, m_id, Op::Write, op);
            e.node = HistoryEvent::StorageNode;
            e.number = value;
            e.previous = w.previous;
            e.fence = fence;
            e.latencyUs = w.latencyUs;
            if (w.conflict) {
                ++m_conflicts;
                e.code = quint8(HistoryEvent::FailReason::Conflict);
                e.text = tr("the stock changed since it was watched: EXEC refused, read again");
            } else if (w.rejected) {
                ++m_rejectedWrites;
                e.code = quint8(HistoryEvent::FailReason::Rejected);
                e.text = tr("the storage holds fence %1").arg(w.newest.toDisplay());
            } else if (!w.accepted) {
                e.code = quint8(HistoryEvent::FailReason::Unreachable);
                e.text = w.error;
            } else {
                ++m_sales;
            }
            emitEvent(e);
            if (optimistic()) {
                w.conflict ? readStock() : finishOptimistic(); // a conflict: the purchase again
                return;
            }
            if (!m_inSection)
                return;
            endSection(End::Released);
            beginRelease();
        });
    });
}

// WATCH's purchase is done (sold, or nothing to sell): think, then the next one.
void LockClient::finishOptimistic()
{
    m_phase = Phase::None;
    if (!m_running)
        return;
    setState(State::Idle);
    scheduleNext(m_settings.thinkMs, &LockClient::beginAcquire);
}

bool LockClient::optimistic() const
{
    return m_strategy->exclusion() == LockStrategy::Exclusion::Optimistic;
}

// The validity deadline passed (or, after a pause, had passed): the lock may be gone.
void LockClient::onValidityDeadline()
{
    if (!m_inSection || m_lockLost)
        return;
    if (!validityOver()) {
        armValidityTimer(); // extended meanwhile
        return;
    }
    noteLockLost();
    if (m_settings.careful && m_phase != Phase::Writing)
        giveUp();
}

bool LockClient::validityOver() const
{
    return m_clock.nowUs() >= m_lock.validUntilUs;
}

void LockClient::armValidityTimer()
{
    const qint64 leftUs = m_lock.validUntilUs - m_clock.nowUs();
    m_validityTimer.start(int(std::clamp<qint64>((leftUs + 999) / 1000, 0, INT_MAX)));
}

void LockClient::noteLockLost()
{
    if (m_lockLost)
        return;
    m_lockLost = true;
    ++m_lockLosses;
    HistoryEvent e = HistoryEvent::forClient(Kind::LockLost, m_id, Op::None, m_sectionOp);
    e.token = m_lock.token;
    e.sinceUs = m_lock.validUntilUs;
    emitEvent(e);
}

void LockClient::giveUp()
{
    ++m_gaveUp;
    m_stepTimer.stop();
    endSection(End::GaveUp);
    beginRelease();
}

void LockClient::endSection(HistoryEvent::SectionEndReason reason)
{
    m_phase = Phase::None;
    if (!m_inSection)
        return;
    m_inSection = false;
    m_lastSectionGaveUp = reason == End::GaveUp;
    m_validityTimer.stop();
    m_extendTimer.stop();
    HistoryEvent e = HistoryEvent::forClient(Kind::SectionEnd, m_id, Op::None, m_sectionOp);
    e.code = quint8(reason);
    e.token = m_lock.token;
    e.sinceUs = m_sectionSinceUs;
    emitEvent(e);
}

void LockClient::maybeExtend()
{
    if (!m_inSection || m_lock.isNull())
        return;
    const double left = m_lock.validityLeftMs(m_clock.nowUs());
    if (left > m_settings.extendBelowMs || left <= 0 ||
        m_lock.extensions >= m_settings.lock.maxExtensions)
        return;
    m_extendTimer.stop(); // one extension in flight at a time
    const quint64 op = nextOp();
    emitEvent(HistoryEvent::forClient(Kind::Invoke, m_id, Op::Extend, op));
    m_strategy->extend(
        m_lock,
        [this, op](const LockStrategy::ExtendResult& result) {
            whenRunning([this, op, result] {
                HistoryEvent e = HistoryEvent::forClient(result.extended ? Kind::Ok : Kind::Fail,
                                                         m_id, Op::Extend, op);
                e.token = result.lock.token;
                e.latencyUs = result.attempt.elapsedUs();
                e.number = qint64(result.attempt.validityMs * 1000);
                e.code = quint8(result.attempt.failReason);
                e.text = result.attempt.reason;
                emitEvent(e);
                if (!m_inSection || result.lock.token != m_lock.token || !result.extended)
                    return;
                m_lock.validUntilUs = result.lock.validUntilUs;
                m_lock.extensions = result.lock.extensions;
                armValidityTimer();
                m_extendTimer.start();
            });
        },
        op);
}

void LockClient::beginRelease()
{
    setState(State::Releasing);
    const Lock lock = m_lock;
    const quint64 op = nextOp();
    emitEvent(HistoryEvent::forClient(Kind::Invoke, m_id, Op::Release, op));
    ++m_pendingReleases;
    m_strategy->release(
        lock,
        [this, op](const LockStrategy::ReleaseResult& result) {
            --m_pendingReleases;
            whenRunning([this, op, result] {
                HistoryEvent e = HistoryEvent::forClient(Kind::Ok, m_id, Op::Release, op);
                e.number = result.releasedCount;
                emitEvent(e);
                m_lock = {};
                if (!m_running)
                    return;
                setState(State::Idle);
                scheduleNext(m_settings.thinkMs, &LockClient::beginAcquire);
            });
        },
        op);
}

// --- faults -------------------------------------------------------------------------------

QString LockClient::whyNot(const QString& verb) const
{
    const bool possible = (verb == QLatin1String("crash") && m_state != State::Crashed) ||
                          (verb == QLatin1String("pause") && !m_paused &&
                           m_state != State::Crashed && m_state != State::Stopped) ||
                          (verb == QLatin1String("resume") && m_paused) ||
                          (verb == QLatin1String("restart") && m_state == State::Crashed);
    if (possible)
        return {};
    return tr("cannot %1 %2 while it is %3").arg(verb, m_name, ClientSnapshot::stateName(m_state));
}

void LockClient::crash()
{
    if (m_state == State::Crashed)
        return;
    m_paused = false;
    m_armed.reset();
    m_deferred.clear();
    m_running = false;
    m_awaitingConnections = false;
    stopTimers();
    m_pauseTimer.stop();
    m_strategy->cancel(); // no release: a crashed process cleans up nothing
    m_pendingReleases = 0;
    for (RedisConnection* connection : std::as_const(m_connections))
        connection->close(); // its sockets die with it
    if (m_stock)
        m_stock->close();
    endSection(End::Crashed);
    m_lock = {};
    HistoryEvent e = HistoryEvent::forClient(Kind::FaultStart, m_id);
    e.code = quint8(Fault::Kind::Crashed);
    emitEvent(e);
    setState(State::Crashed);
}

void LockClient::restart()
{
    if (m_state != State::Crashed)
        return;
    HistoryEvent e = HistoryEvent::forClient(Kind::FaultEnd, m_id);
    e.code = quint8(Fault::Kind::Crashed);
    e.text = tr("restarted");
    emitEvent(e);
    m_state = State::Stopped;
    m_lastToken.clear();
    start();
}

void LockClient::armPause(Moment moment, int forMs)
{
    m_armed = Armed{moment, false, std::max(0, forMs)};
}

void LockClient::armCrash(Moment moment)
{
    m_armed = Armed{moment, true, 0};
}

// The armed pause or crash, if it waits for `moment`: a pause freezes the client there and
// runs the rest once it resumes; a crash ends everything there. False when nothing fired.
bool LockClient::fireArmed(Moment moment, const std::function<void()>& proceed)
{
    if (!m_armed || m_armed->moment != moment)
        return false;
    const Armed armed = *std::exchange(m_armed, std::nullopt);
    if (armed.crash) {
        crash();
        return true;
    }
    pause(armed.pauseMs);
    whenRunning(proceed);
    return true;
}

void LockClient::onHazard(LockStrategy::Hazard hazard, std::function<void()> proceed)
{
    const Moment moment =
        hazard == LockStrategy::Hazard::BeforeExpire ? Moment::BeforeExpire : Moment::BeforeDelete;
    if (!fireArmed(moment, proceed))
        proceed();
}

// A watchdog renewed the lock on its own: the client's validity moves on with it.
void LockClient::onValidityExtended(const QByteArray& token, qint64 validUntilUs)
{
    if (!m_inSection || token != m_lock.token)
        return;
    m_lock.validUntilUs = validUntilUs;
    HistoryEvent e = HistoryEvent::forClient(Kind::Ok, m_id, Op::Extend, nextOp());
    e.token = token;
    e.number = validUntilUs - m_clock.nowUs();
    e.text = tr("renewed by the watchdog");
    emitEvent(e);
    armValidityTimer();
}

void LockClient::onDeletedOthersKey(quint64 op, int node, const QByteArray& token)
{
    HistoryEvent e = HistoryEvent::forClient(Kind::DeletedOthersKey, m_id, Op::Release, op);
    e.node = node;
    e.token = token;
    emitEvent(e);
}

void LockClient::onWokenUp(quint64 op, qint64 waitedUs, int delayMs)
{
    ++m_wakeUps;
    HistoryEvent e = HistoryEvent::forClient(Kind::WokenUp, m_id, Op::Acquire, op);
    e.resource = m_resource;
    e.latencyUs = waitedUs;
    e.number = delayMs;
    emitEvent(e);
}

void LockClient::pause(int forMs)
{
    if (m_paused || m_state == State::Crashed || m_state == State::Stopped)
        return;
    m_paused = true;
    m_stateBeforePause = m_state;
    // The work is the client's own CPU time: it resumes with what was left. The validity
    // deadline is wall-clock time and keeps running; what it triggers waits (whenRunning).
    freezeTimer(m_stepTimer, &m_stepRemainingMs);
    freezeTimer(m_extendTimer, &m_extendRemainingMs);
    m_strategy->freeze();
    HistoryEvent e = HistoryEvent::forClient(Kind::FaultStart, m_id);
    e.code = quint8(Fault::Kind::Paused);
    e.number = forMs > 0 ? m_clock.nowUs() + qint64(forMs) * 1000 : 0;
    emitEvent(e);
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
    HistoryEvent e = HistoryEvent::forClient(Kind::FaultEnd, m_id);
    e.code = quint8(Fault::Kind::Paused);
    emitEvent(e);
    setState(m_stateBeforePause);
    thawTimer(m_stepTimer, m_stepRemainingMs);
    thawTimer(m_extendTimer, m_extendRemainingMs);
    m_strategy->thaw();
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

void LockClient::noteLatency(qint64 us)
{
    m_latenciesUs.push_back(us);
    if (m_latenciesUs.size() > LatencyWindow)
        m_latenciesUs.pop_front();
    m_latencyStatsDirty = true;
}

// Sorted only when a new acquisition came in, not on every snapshot (60 per second).
void LockClient::updateLatencyStats() const
{
    if (!m_latencyStatsDirty || m_latenciesUs.empty())
        return;
    m_latencyStatsDirty = false;
    LatencyStats stats;
    for (qint64 v : m_latenciesUs)
        stats.add(v);
    m_meanAcquireUs = stats.mean();
    m_p99AcquireUs = double(stats.percentile(99));
}

int LockClient::workTimeMs() const
{
    if (m_settings.workMaxMs <= m_settings.workMinMs)
        return m_settings.workMinMs;
    return m_settings.workMinMs +
           int(m_random.bounded(m_settings.workMaxMs - m_settings.workMinMs + 1));
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
    s.fence = m_lock.fence;
    s.lockNodes = m_lock.nodeMask;
    s.validUntilUs = m_inSection ? m_lock.validUntilUs : 0;
    s.inSection = m_inSection;
    s.sectionSinceUs = m_sectionSinceUs;
    s.phase = m_phase;
    s.lockLost = m_inSection && m_lockLost;
    s.lastSectionGaveUp = m_lastSectionGaveUp;
    s.pauseArmed = m_armed.has_value();
    s.strategy = m_settings.strategy;
    s.strategyQuorum = m_strategy->quorum();
    s.strategyNodes = m_strategy->nodeCount();
    s.conflicts = m_conflicts;
    s.reentries = m_reentries;
    s.wakeUps = m_wakeUps;
    s.pubsubWait = m_settings.lock.wait == LockSettings::Wait::PubSub;
    s.stockRead = m_stockRead;
    s.attempt = m_attempt;
    s.attempts = m_attempts;
    s.acquisitions = m_acquisitions;
    s.sales = m_sales;
    s.lockLosses = m_lockLosses;
    s.gaveUp = m_gaveUp;
    s.rejectedWrites = m_rejectedWrites;
    s.failures = m_failures;
    s.settings = m_settings;
    s.extensions = m_lock.extensions;
    updateLatencyStats();
    s.meanAcquireUs = m_meanAcquireUs;
    s.p99AcquireUs = m_p99AcquireUs;
    return s;
}
