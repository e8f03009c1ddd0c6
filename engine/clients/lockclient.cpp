// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/lockclient.h"

#include "base/clock.h"
#include "base/enumnames.h"
#include "model/fault.h"
#include "storage/stockaccess.h"

#include <QRandomGenerator>
#include <QSignalBlocker>
#include <algorithm>

namespace {
using Op = HistoryEvent::Operation;
using End = HistoryEvent::SectionEndReason;
} // namespace

LockClient::LockClient(int id, const QString& name, LockStrategy* strategy,
                       const QList<RedisConnection*>& connections, const ClientSettings& settings,
                       const QByteArray& resource, const Clock& clock, QObject* parent)
    : QObject(parent), m_id(id), m_name(name), m_settings(settings), m_resource(resource),
      m_clock(clock), m_connections(connections, this), m_strategy(strategy),
      m_journal(id, resource, clock, [this](const HistoryEvent& e) { emit happened(e); }),
      m_purchase(m_journal, purchaseHooks()), m_lease(m_journal, m_settings, clock, leaseHooks()),
      m_pause({&m_stepTimer, m_lease.extendTimer(), m_purchase.workTimer()})
{
    adopt(strategy);
    m_stepTimer.setSingleShot(true);
    connect(&m_lease, &ClientLease::expired, this, &LockClient::onValidityDeadline);
    connect(&m_pause, &ClientPause::timedOut, this, &LockClient::resume);
    connect(&m_purchase, &StockPurchase::wrote, this, &LockClient::countWrite);
    connect(&m_purchase, &StockPurchase::finished, this, [this] { closeSection(End::Released); });
    // The stock could not be read: the purchase cannot go on, said so in the history and on
    // the lane.
    connect(&m_purchase, &StockPurchase::readFailed, this,
            [this] { closeSection(End::ReadFailed); });
    connect(&m_connections, &ClientConnections::settled, this, &LockClient::onConnectionsSettled);
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
    m_running = true;
    setState(State::Idle);
    m_connections.open(); // the first try waits for the handshakes
}

void LockClient::onConnectionsSettled()
{
    emit connectionsReady();
    whenRunning([this] {
        if (m_running)
            scheduleNext(0, &LockClient::beginAcquire);
    });
}

void LockClient::stop()
{
    if (!m_running && !isPaused())
        return;
    if (isPaused())
        resume();
    m_running = false;
    m_connections.stopWaiting();
    stopTimers();
    m_strategy->cancel();
    m_pendingReleases = 0; // cancelled: their answers will not be counted
    endSection(End::Stopped);
    // A stopped client cleans up: what it holds goes; what an attempt may just have set goes
    // only where it holds this client's token. A client that holds nothing deletes nothing,
    // whatever its rung (on setnx, setnx-expire and set-px a release deletes any key).
    const bool holding = m_state == State::Holding;
    if (!m_lastToken.isEmpty() &&
        (holding || m_state == State::Acquiring || m_state == State::WaitingRetry)) {
        sendRelease(
            Lock{m_resource, m_lastToken},
            [this](quint64 op, const LockStrategy::ReleaseResult& result) {
                m_journal.released(op, result);
            },
            holding);
    }
    m_lease.clear();
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
    connect(m_strategy, &LockStrategy::nodeAnswered, this,
            [this](quint64 op, Op operation, int node, const NodeOutcome& outcome) {
                m_journal.nodeAnswer(op, operation, node, outcome);
                emit nodeAnswered(node, operation, outcome);
            });
    connect(m_strategy, &LockStrategy::validityExtended, &m_lease, &ClientLease::renew);
    connect(m_strategy, &LockStrategy::deletedOthersKey, this,
            [this](quint64 op, int node, const QByteArray& token) {
                m_journal.deletedOthersKey(op, node, token);
            });
    connect(m_strategy, &LockStrategy::wokenUp, this,
            [this](quint64 op, qint64 waitedUs, int delayMs) {
                ++m_stats.wakeUps;
                m_journal.wokenUp(op, waitedUs, delayMs);
            });
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
    setRandomSeed(m_random.seedValue());
}

void LockClient::setRandomSeed(quint64 seed)
{
    m_random.seed(seed);
    m_strategy->setRandomSource([this](int bound) { return m_random.bounded(bound); });
    m_strategy->setNodeOrder(m_random.nodeOrder(m_strategy->nodeCount()));
}

QList<int> LockClient::networkDelays() const
{
    return m_random.networkDelays(m_strategy->nodeCount(), m_settings.netDelayMs);
}

void LockClient::setStock(StockAccess* stock)
{
    m_purchase.setStock(stock);
    if (stock) {
        stock->setParent(this);
        if (m_running)
            stock->open();
    }
    m_connections.setStock(stock);
}

void LockClient::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    m_stateSinceUs = m_clock.nowUs();
    m_journal.state(state);
}

// Operation ids are unique in the whole run without shared state: the client's id in the
// high half.
quint64 LockClient::nextOp()
{
    return (quint64(m_id) << 32) | ++m_nextOp;
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
    m_lease.stopWatching();
}

// --- acquiring ----------------------------------------------------------------------------

void LockClient::beginAcquire()
{
    if (!m_running)
        return;
    takeNextStrategy();
    if (optimistic()) {
        // WATCH / MULTI / EXEC: no lock to take; the purchase itself is the attempt.
        ++m_stats.attempts;
        setState(State::Holding);
        m_purchase.begin(true, {});
        return;
    }
    const quint64 op = nextOp();
    m_journal.invoke(Op::Acquire, op);
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
    ++m_stats.attempts;
    emit tokenIssued(token);
    // A reentrant holder's inner acquire is a step of its section: it stays "holding".
    whenRunning([this] {
        if (!m_inSection)
            setState(State::Acquiring);
    });
}

void LockClient::onAttemptDecided(quint64 op, const AttemptResult& attempt)
{
    m_journal.attempt(op, attempt);
    const bool willRetry = attempt.operation == Op::Acquire && !attempt.acquired &&
                           attempt.attempt <= m_settings.lock.retryCount;
    if (willRetry)
        whenRunning([this] {
            if (m_running)
                setState(State::WaitingRetry);
        });
}

void LockClient::onAcquired(quint64 op, const LockStrategy::AcquireResult& result)
{
    if (!m_running)
        return;
    if (!result.acquired) {
        ++m_stats.failures[EnumNames::name(result.reason)];
        m_journal.acquireFailed(op, result);
        setState(State::Idle);
        scheduleNext(m_settings.thinkMs, &LockClient::beginAcquire);
        return;
    }
    enterSection(op, result);
}

// --- the critical section -----------------------------------------------------------------

void LockClient::enterSection(quint64 op, const LockStrategy::AcquireResult& result)
{
    m_stats.noteAcquisition(result.attempts.last().elapsedUs());
    m_journal.acquired(op, result.lock, result.attempts.last().elapsedUs());
    m_inSection = true;
    m_sectionOp = op;
    m_sectionSinceUs = m_clock.nowUs();
    setState(State::Holding);
    m_lease.watch(result.lock, op, m_strategy);
    if (m_strategy->reentrant()) {
        reenter(); // the reentrant lock: its holder takes it again, then goes on
        return;
    }
    m_purchase.begin(false, m_lease.lock().fence);
}

// A reentrant lock's holder acquires it once more inside its section (a nested call, as in
// the oversell ladder's reentrant step) and gives that hold back before it goes on: the count
// on the node shows it (docs/domain.md, "Critical section").
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
                    ++m_stats.reentries;
                    m_journal.reentered(op, m_lease.lock().token);
                    m_strategy->release(m_lease.lock(), {}, nextOp()); // the inner hold, given back
                }
                m_purchase.begin(false, m_lease.lock().fence);
            });
        },
        op);
}

ClientLease::Hooks LockClient::leaseHooks()
{
    return {[this] { return nextOp(); },
            [this](std::function<void()> step) { whenRunning(std::move(step)); }};
}

StockPurchase::Hooks LockClient::purchaseHooks()
{
    StockPurchase::Hooks h;
    h.nextOp = [this] { return nextOp(); };
    h.defer = [this](std::function<void()> step) { whenRunning(std::move(step)); };
    h.workTimeMs = [this] { return m_random.workTimeMs(m_settings); };
    h.mayWrite = [this] {
        m_lease.stopExtending();
        // The careful client's last look at its validity before it touches the data.
        if (optimistic() || !m_settings.careful || !m_lease.isOver())
            return true;
        noteLockLost();
        giveUp();
        return false;
    };
    // Kleppmann's GC pause lands here: after the careful check, before the write
    // (docs/sources.md, "Kleppmann's critique").
    h.beforeWrite = [this](std::function<void()> write) {
        if (!fireArmed(Moment::BeforeWrite, write))
            write();
    };
    return h;
}

// The purchase is over (done, or the stock could not be read): the section ends and the lock
// is released. WATCH holds no lock: think, then the next purchase.
void LockClient::closeSection(HistoryEvent::SectionEndReason reason)
{
    if (optimistic()) {
        if (!m_running)
            return;
        setState(State::Idle);
        scheduleNext(m_settings.thinkMs, &LockClient::beginAcquire);
        return;
    }
    if (!m_inSection)
        return;
    endSection(reason);
    beginRelease();
}

void LockClient::countWrite(const StockAccess::WriteResult& w)
{
    if (w.conflict)
        ++m_stats.conflicts;
    else if (w.rejected)
        ++m_stats.rejectedWrites;
    else if (w.accepted)
        ++m_stats.sales;
}

bool LockClient::optimistic() const
{
    return m_strategy->exclusion() == LockStrategy::Exclusion::Optimistic;
}

// The validity ran out inside the section: the lock may be gone. A careful client gives up
// (unless its write is already on its way); a careless one carries on.
void LockClient::onValidityDeadline()
{
    if (!m_inSection)
        return;
    noteLockLost();
    if (m_settings.careful && m_purchase.phase() != Phase::Writing)
        giveUp();
}

void LockClient::noteLockLost()
{
    if (m_lease.noteLost())
        ++m_stats.lockLosses;
}

void LockClient::giveUp()
{
    ++m_stats.gaveUp;
    m_stepTimer.stop();
    endSection(End::GaveUp);
    beginRelease();
}

void LockClient::endSection(HistoryEvent::SectionEndReason reason)
{
    m_purchase.abandon();
    if (!m_inSection)
        return;
    // A section that ends after its validity lost its lock, however it ends (a paused client
    // that crashes or is stopped never saw its deadline pass).
    if (m_lease.isOver())
        noteLockLost();
    m_inSection = false;
    m_lastSectionEnd = reason;
    m_lease.stopWatching();
    m_journal.sectionEnd(m_sectionOp, reason, m_lease.lock().token, m_sectionSinceUs);
}

void LockClient::beginRelease()
{
    setState(State::Releasing);
    sendRelease(m_lease.lock(), [this](quint64 op, const LockStrategy::ReleaseResult& result) {
        whenRunning([this, op, result] {
            m_journal.released(op, result);
            m_lease.clear();
            if (!m_running)
                return;
            setState(State::Idle);
            scheduleNext(m_settings.thinkMs, &LockClient::beginAcquire);
        });
    });
}

void LockClient::sendRelease(const Lock& lock, const Released& then, bool held)
{
    const quint64 op = nextOp();
    m_journal.invoke(Op::Release, op);
    ++m_pendingReleases;
    auto answered = [this, op, then](const LockStrategy::ReleaseResult& result) {
        --m_pendingReleases;
        then(op, result);
    };
    if (held)
        m_strategy->release(lock, answered, op);
    else
        m_strategy->releaseUnheld(lock, answered, op);
}

// --- faults -------------------------------------------------------------------------------

QString LockClient::whyNot(const QString& verb) const
{
    const bool possible = (verb == QLatin1String("crash") && m_state != State::Crashed) ||
                          (verb == QLatin1String("pause") && !isPaused() &&
                           m_state != State::Crashed && m_state != State::Stopped) ||
                          (verb == QLatin1String("resume") && isPaused()) ||
                          (verb == QLatin1String("restart") && m_state == State::Crashed);
    if (possible)
        return {};
    return tr("cannot %1 %2 while it is %3").arg(verb, m_name, ClientSnapshot::stateName(m_state));
}

void LockClient::crash()
{
    if (m_state == State::Crashed)
        return;
    m_pause.forget();
    m_running = false;
    m_connections.stopWaiting();
    stopTimers();
    m_strategy->cancel(); // no release: a crashed process cleans up nothing
    m_pendingReleases = 0;
    m_purchase.cancel(tr("cancelled: the client crashed"));
    {
        // Its sockets die with it; what they say as they close is no node's answer.
        const QSignalBlocker quiet(m_strategy);
        m_connections.close();
    }
    endSection(End::Crashed);
    m_lease.clear();
    m_journal.faultStart(Fault::Kind::Crashed);
    setState(State::Crashed);
}

void LockClient::restart()
{
    if (m_state != State::Crashed)
        return;
    m_journal.faultEnd(Fault::Kind::Crashed, tr("restarted"));
    m_state = State::Stopped;
    m_lastToken.clear();
    start();
}

void LockClient::armPause(Moment moment, int forMs)
{
    m_pause.arm({moment, false, std::max(0, forMs)});
}

void LockClient::armCrash(Moment moment)
{
    m_pause.arm({moment, true, 0});
}

// The armed pause or crash, if it waits for `moment`: a pause freezes the client there and
// runs the rest once it resumes; a crash ends everything there. False when nothing fired.
bool LockClient::fireArmed(Moment moment, const std::function<void()>& proceed)
{
    const std::optional<ClientPause::Armed> armed = m_pause.take(moment);
    if (!armed)
        return false;
    if (armed->crash) {
        crash();
        return true;
    }
    pause(armed->pauseMs);
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

void LockClient::pause(int forMs)
{
    if (isPaused() || m_state == State::Crashed || m_state == State::Stopped)
        return;
    m_stateBeforePause = m_state;
    m_pause.begin(forMs);
    m_strategy->freeze();
    m_journal.faultStart(Fault::Kind::Paused,
                         forMs > 0 ? m_clock.nowUs() + qint64(forMs) * 1000 : 0);
    setState(State::Paused);
}

void LockClient::resume()
{
    if (!isPaused())
        return;
    const QList<std::function<void()>> deferred = m_pause.end();
    m_journal.faultEnd(Fault::Kind::Paused);
    setState(m_stateBeforePause);
    m_strategy->thaw();
    for (const auto& step : deferred)
        step();
}

void LockClient::whenRunning(std::function<void()> step)
{
    m_pause.whenRunning(std::move(step));
}

// --- reporting ----------------------------------------------------------------------------

ClientSnapshot LockClient::snapshot() const
{
    ClientSnapshot s;
    s.id = m_id;
    s.name = m_name;
    s.colorIndex = m_id - 1;
    s.state = m_state;
    s.stateSinceUs = m_stateSinceUs;
    s.resource = m_resource;
    s.token = m_lastToken;
    m_lease.copyTo(s, m_inSection);
    s.inSection = m_inSection;
    s.sectionSinceUs = m_sectionSinceUs;
    s.phase = m_purchase.phase();
    s.lastSectionEnd = m_lastSectionEnd;
    s.pauseArmed = m_pause.isArmed();
    s.strategy = m_settings.strategy;
    s.strategyQuorum = m_strategy->quorum();
    s.strategyNodes = m_strategy->nodeCount();
    s.pubsubWait = m_settings.lock.wait == LockSettings::Wait::PubSub;
    s.stockRead = m_purchase.stockRead();
    s.attempt = m_attempt;
    s.settings = m_settings;
    m_stats.copyTo(s);
    return s;
}
