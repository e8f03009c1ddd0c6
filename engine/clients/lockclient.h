// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clients/clientconnections.h"
#include "clients/clientjournal.h"
#include "clients/clientlease.h"
#include "clients/clientpause.h"
#include "clients/clientrandom.h"
#include "clients/clientstats.h"
#include "clients/stockpurchase.h"
#include "lock/lockstrategy.h"
#include "model/clientsettings.h"
#include "model/clientsnapshot.h"
#include "model/historyevent.h"
#include "model/lock.h"
#include "net/redisconnection.h"

#include <QObject>
#include <QTimer>
#include <functional>
#include <optional>

class Clock;

// One simulated client: its own connection to every node (and to the storage) and its own
// loop: acquire (with its retry policy) -> its critical section -> release -> think -> again.
// It owns the decisions; its parts do the rest (journal, purchase, lease, pause, randomness,
// statistics: docs/architecture.md, "The simulated client"). The rules it follows (when the
// section begins and ends, lock lost, careful and careless clients, stop-the-world pauses):
// docs/domain.md, "Critical section".
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
    using Moment = ClientPause::Moment;
    void armPause(Moment moment, int forMs = 0);
    void armCrash(Moment moment);
    void resume();
    void restart();
    bool isPaused() const { return m_pause.isPaused(); }
    // Why `verb` (crash, pause, resume, restart) cannot be done now; empty when it can.
    QString whyNot(const QString& verb) const;

    int id() const { return m_id; }
    const QString& name() const { return m_name; }
    State state() const { return m_state; }
    const ClientSettings& settings() const { return m_settings; }
    const Lock& lock() const { return m_lease.lock(); }
    bool inSection() const { return m_inSection; }
    // Its connections are made, or failed once, since it started: it tries from now on.
    bool connectionsSettled() const { return !m_connections.awaiting(); }
    // Releases sent and not yet answered (the app waits for them when it exits).
    int pendingReleases() const { return m_pendingReleases; }
    ClientSnapshot snapshot() const;
    LockStrategy* strategy() const { return m_strategy; }
    const QList<RedisConnection*>& connections() const { return m_connections.nodes(); }

signals:
    void happened(const HistoryEvent& event);
    // A token this client is about to send, so keys can be traced back to it at once.
    void tokenIssued(const QByteArray& token);
    // Every connection (the nodes', and the storage's when there is a stock) is made or
    // failed once: its first try follows.
    void connectionsReady();
    void nodeAnswered(int node, HistoryEvent::Operation operation, const NodeOutcome& outcome);

private:
    void adopt(LockStrategy* strategy);
    void onConnectionsSettled();
    void onHazard(LockStrategy::Hazard hazard, std::function<void()> proceed);
    bool fireArmed(Moment moment, const std::function<void()>& proceed);
    void reenter();
    bool optimistic() const;
    StockPurchase::Hooks purchaseHooks();
    ClientLease::Hooks leaseHooks();
    void closeSection(HistoryEvent::SectionEndReason reason);
    void countWrite(const StockAccess::WriteResult& w);
    void takeNextStrategy();
    void setState(State state);
    quint64 nextOp();
    void beginAcquire();
    void onAttemptStarted(quint64 op, int attempt, const QByteArray& token);
    void onAttemptDecided(quint64 op, const AttemptResult& attempt);
    void onAcquired(quint64 op, const LockStrategy::AcquireResult& result);
    void enterSection(quint64 op, const LockStrategy::AcquireResult& result);
    void onValidityDeadline();
    void noteLockLost();
    void giveUp();
    void endSection(HistoryEvent::SectionEndReason reason);
    void beginRelease();
    // Sends a release of `lock`, one operation in the history; `then` gets its answer. A lock
    // not `held` (an attempt in flight when the client stopped) is released only where its
    // token is.
    using Released = std::function<void(quint64 op, const LockStrategy::ReleaseResult&)>;
    void sendRelease(const Lock& lock, const Released& then, bool held = true);
    void scheduleNext(int delayMs, void (LockClient::*step)());
    void stopTimers();
    // Runs `step` now, or at resume() when paused: a paused client does nothing.
    void whenRunning(std::function<void()> step);

    int m_id;
    QString m_name;
    ClientSettings m_settings;
    QByteArray m_resource;
    const Clock& m_clock;
    ClientConnections m_connections;
    LockStrategy* m_strategy;
    quint64 m_nextOp = 0;
    State m_state = State::Idle;
    qint64 m_stateSinceUs = 0;
    bool m_running = false;
    QByteArray m_lastToken;
    int m_attempt = 0;

    // The critical section.
    bool m_inSection = false;
    quint64 m_sectionOp = 0;
    qint64 m_sectionSinceUs = 0;
    HistoryEvent::SectionEndReason m_lastSectionEnd = HistoryEvent::SectionEndReason::Released;

    QTimer m_stepTimer; // think time
    ClientJournal m_journal;
    StockPurchase m_purchase; // reads, works, writes (before m_pause: it freezes its timer)
    ClientLease m_lease;      // the lock held, its validity and extensions (as m_purchase)
    ClientPause m_pause;
    State m_stateBeforePause = State::Idle;
    LockStrategy* m_nextStrategy = nullptr; // takes over at the next acquisition

    int m_pendingReleases = 0;
    ClientStats m_stats;
    ClientRandom m_random;
};
