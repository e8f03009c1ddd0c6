// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/lockstrategy.h"
#include "model/clientsettings.h"
#include "model/clientsnapshot.h"
#include "model/historyevent.h"
#include "model/lock.h"
#include "net/redisconnection.h"

#include <QObject>
#include <QRandomGenerator>
#include <QTimer>
#include <deque>
#include <functional>
#include <optional>

class Clock;
class StockAccess;

// One simulated client: its own connection to every node (and to the storage) and its own
// loop: acquire (with its retry policy) -> its critical section -> release -> think -> again.
//
// The critical section (design.md "Critical section") runs from acquire-ok until the
// client writes, gives up, releases, crashes or is stopped. With a stock on the storage it
// is the seed's naive purchase: read the stock, work for the work time, write stock - 1.
// Validity is a deadline on the monotonic clock: when it passes inside the section the
// client records "lock lost"; a careful client then gives up before writing and releases,
// a careless one carries on and writes anyway. A careful client also checks its validity
// right before the write; a pause armed for that moment (armPause) reproduces the
// critique's GC-pause hazard.
//
// A pause is stop-the-world: whatever the client would do waits until it resumes; then it
// carries on from where it was, its clock having moved on (deadlines are checked against
// the monotonic clock, never frozen).
class LockClient : public QObject
{
    Q_OBJECT

public:
    using State = ClientSnapshot::State;
    using Phase = ClientSnapshot::Phase;

    LockClient(int id, const QString& name, LockStrategy* strategy,
               const QList<RedisConnection*>& connections, const ClientSettings& settings,
               const QByteArray& resource, const Clock& clock, QObject* parent = nullptr);
    ~LockClient() override;

    void start(); // begin (or resume after stop) the loop
    void stop();  // release if holding, then stay Stopped
    void setSettings(const ClientSettings& settings);
    // Locks with `strategy` from the next acquisition on (now when it is not in the middle of
    // one); the client owns it.
    void setStrategy(LockStrategy* strategy);
    // Every random choice the client makes (work times, retry jitter, the order it reaches
    // the nodes in) comes from this seed: a seeded scenario replays the same way.
    void setRandomSeed(quint64 seed);
    // The client's delay to each node (netdelay), drawn once from its seed; all 0 without.
    QList<int> networkDelays() const;
    // The storage, once a stock exists: the work under the lock becomes a purchase.
    void setStock(StockAccess* stock);

    // Faults. crash(): the client vanishes without releasing; its keys stay until their
    // TTL. pause(): stop-the-world for forMs (0: until resume()). armPause(): the
    // same pause, armed for the moment after the careful check and before the write.
    // restart(): a crashed client comes back with an empty memory.
    void crash();
    void pause(int forMs = 0);
    // The moments a pause or a crash can be armed for: right before the stock write (the
    // GC-pause hazard), between SETNX and EXPIRE, between GET and DEL.
    enum class Moment
    {
        BeforeWrite,
        BeforeExpire,
        BeforeDelete
    };
    Q_ENUM(Moment) // "before-write", ... in the command language (EnumNames)
    void armPause(Moment moment, int forMs = 0);
    void armCrash(Moment moment);
    void resume();
    void restart();
    bool isPaused() const { return m_paused; }
    // Why `verb` (crash, pause, resume, restart) cannot be done now; empty when it can.
    QString whyNot(const QString& verb) const;

    int id() const { return m_id; }
    const QString& name() const { return m_name; }
    State state() const { return m_state; }
    const ClientSettings& settings() const { return m_settings; }
    const Lock& lock() const { return m_lock; }
    bool inSection() const { return m_inSection; }
    // Releases sent and not yet answered (the app waits for them when it exits).
    int pendingReleases() const { return m_pendingReleases; }
    ClientSnapshot snapshot() const;
    LockStrategy* strategy() const { return m_strategy; }
    const QList<RedisConnection*>& connections() const { return m_connections; }

signals:
    void event(const HistoryEvent& event);
    // A token this client is about to send, so keys can be traced back to it at once.
    void tokenIssued(const QByteArray& token);
    void nodeAnswered(int node, HistoryEvent::Operation operation, const NodeOutcome& outcome);

private:
    struct Armed
    {
        Moment moment = Moment::BeforeWrite;
        bool crash = false;
        int pauseMs = 0;
    };

    void adopt(LockStrategy* strategy);
    void onConnectionSettled();
    void onHazard(LockStrategy::Hazard hazard, std::function<void()> proceed);
    bool fireArmed(Moment moment, const std::function<void()>& proceed);
    void onValidityExtended(const QByteArray& token, qint64 validUntilUs);
    void onDeletedOthersKey(quint64 op, int node, const QByteArray& token);
    void onWokenUp(quint64 op, qint64 waitedUs, int delayMs);
    void reenter();
    bool optimistic() const;
    void finishOptimistic();
    void takeNextStrategy();
    void setState(State state);
    quint64 nextOp();
    void emitEvent(HistoryEvent e);
    void beginAcquire();
    void onAttemptStarted(quint64 op, int attempt, const QByteArray& token);
    void onAttemptDecided(quint64 op, const AttemptResult& attempt);
    void onNodeAnswered(quint64 op, HistoryEvent::Operation operation, int node,
                        const NodeOutcome& outcome);
    void onAcquired(quint64 op, const LockStrategy::AcquireResult& result);
    void enterSection(quint64 op, const LockStrategy::AcquireResult& result);
    void readStock();
    void startWork();
    void onWorkDone();
    void writeStock();
    void onValidityDeadline();
    void noteLockLost();
    void giveUp();
    void endSection(HistoryEvent::SectionEndReason reason);
    void maybeExtend();
    void beginRelease();
    void scheduleNext(int delayMs, void (LockClient::*step)());
    void stopTimers();
    void armValidityTimer();
    bool validityOver() const;
    // Runs `step` now, or at resume() when paused: a paused client does nothing.
    void whenRunning(std::function<void()> step);
    void freezeTimer(QTimer& timer, int* remainingMs);
    void thawTimer(QTimer& timer, int remainingMs);
    int workTimeMs() const;
    void noteLatency(qint64 us);
    void updateLatencyStats() const;

    int m_id;
    QString m_name;
    ClientSettings m_settings;
    QByteArray m_resource;
    const Clock& m_clock;
    QList<RedisConnection*> m_connections;
    LockStrategy* m_strategy;
    StockAccess* m_stock = nullptr;
    quint64 m_nextOp = 0;
    State m_state = State::Idle;
    qint64 m_stateSinceUs = 0;
    bool m_running = false;
    bool m_awaitingConnections = false; // started: the first try waits for the handshakes
    Lock m_lock;
    QByteArray m_lastToken;
    int m_attempt = 0;

    // The critical section.
    bool m_inSection = false;
    quint64 m_sectionOp = 0;
    qint64 m_sectionSinceUs = 0;
    Phase m_phase = Phase::None;
    bool m_lockLost = false;
    bool m_lastSectionGaveUp = false;
    qint64 m_stockRead = -1; // -1: not read, or no stock
    bool m_stockExists = false;

    QTimer m_stepTimer;     // think time, work time
    QTimer m_extendTimer;   // checks the validity left while holding (auto-extend)
    QTimer m_validityTimer; // the validity deadline, on the monotonic clock
    QTimer m_pauseTimer;    // ends a timed pause
    bool m_paused = false;
    State m_stateBeforePause = State::Idle;
    int m_stepRemainingMs = -1;
    int m_extendRemainingMs = -1;
    std::optional<Armed> m_armed;            // a pause or crash waiting for its moment
    LockStrategy* m_nextStrategy = nullptr;  // takes over at the next acquisition
    QList<std::function<void()>> m_deferred; // what arrived during a pause

    int m_pendingReleases = 0;
    quint64 m_attempts = 0;
    quint64 m_acquisitions = 0;
    quint64 m_sales = 0;
    quint64 m_lockLosses = 0;
    quint64 m_gaveUp = 0;
    quint64 m_rejectedWrites = 0;
    quint64 m_conflicts = 0; // WATCH: writes EXEC refused
    quint64 m_reentries = 0; // reentrant: holds taken again inside the section
    quint64 m_wakeUps = 0;   // wait=pubsub: tries an unlock message brought forward
    QMap<QString, quint64> m_failures;
    mutable QRandomGenerator m_random;
    quint64 m_seed = 0;
    std::deque<qint64> m_latenciesUs; // recent successful acquisitions, for mean and p99
    mutable bool m_latencyStatsDirty = false;
    mutable double m_meanAcquireUs = 0;
    mutable double m_p99AcquireUs = 0;
};
