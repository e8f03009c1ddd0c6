#pragma once

#include "clients/clientsettings.h"
#include "snapshot/clientsnapshot.h"
#include "record/historyevent.h"
#include "lock/lock.h"
#include "net/redisconnection.h"
#include "lock/redlock.h"

#include <QObject>
#include <QTimer>
#include <deque>
#include <functional>

class Clock;

// One simulated client: its own connection to every node and its own loop,
// acquire (with its retry policy) -> hold for the work time -> release -> think -> again.
// Everything it does is reported as history events; its state is read by snapshot().
class LockClient : public QObject
{
    Q_OBJECT

public:
    using State = ClientSnapshot::State;

    LockClient(int id, const QString& name, const QList<NodeAddress>& nodes,
               const RedisConnection::Options& connectionOptions, const ClientSettings& settings,
               const QByteArray& resource, const Clock& clock, QObject* parent = nullptr);
    ~LockClient() override;

    void start(); // begin (or resume after stop) the loop
    void stop();  // release if holding, then stay Stopped
    void setSettings(const ClientSettings& settings);

    // Faults. crash(): the client vanishes without releasing; its keys stay until their
    // TTL. pause(): a stop-the-world pause; everything it would do waits, and on resume()
    // it carries on as if nothing happened: a client paused while holding still believes
    // it holds, whatever its validity says (the critique's GC pause). restart(): a crashed
    // client comes back with an empty memory and starts its loop again.
    void crash();
    void pause(int forMs = 0); // 0: until resume()
    void resume();
    void restart();
    bool isPaused() const { return m_paused; }

    int id() const { return m_id; }
    const QString& name() const { return m_name; }
    State state() const { return m_state; }
    const ClientSettings& settings() const { return m_settings; }
    const Lock& lock() const { return m_lock; }
    bool believesHolding() const { return m_believes; }
    ClientSnapshot snapshot() const;
    Redlock* redlock() const { return m_redlock; }
    RedisConnection* connection(int node) const { return m_connections.at(node); }

signals:
    void event(const HistoryEvent& event);
    // A token this client sent to the nodes, so keys can be traced back to it.
    void tokenIssued(const QByteArray& token);
    void nodeAnswered(int node, Redlock::Operation operation, const NodeOutcome& outcome);

private:
    void setState(State state);
    void beginAcquire();
    void onAcquired(const Redlock::AcquireResult& result);
    void onWorkDone();
    void maybeExtend();
    void beginRelease(State after);
    void scheduleNext(int delayMs);
    void onAttemptDecided(const AttemptResult& attempt);
    void onNodeAnswered(Redlock::Operation operation, int node, const NodeOutcome& outcome);
    void record(HistoryEvent::Kind kind, const QString& detail = {}, double value = 0,
                int node = -1);
    void endBelief(const QString& why);
    void onValidityRanOut();
    // Runs `step` now, or at resume() when paused: a paused client does nothing.
    void whenRunning(std::function<void()> step);
    void freezeTimer(QTimer& timer, int* remainingMs);
    void thawTimer(QTimer& timer, int remainingMs);
    int workTimeMs() const;
    void updateLatencyStats() const;

    int m_id;
    QString m_name;
    ClientSettings m_settings;
    QByteArray m_resource;
    const Clock& m_clock;
    QList<RedisConnection*> m_connections;
    Redlock* m_redlock;
    State m_state = State::Idle;
    qint64 m_stateSinceUs = 0;
    bool m_running = false;
    Lock m_lock;
    QByteArray m_lastToken;
    int m_attempt = 0;
    QTimer m_stepTimer;     // think time and work time
    QTimer m_extendTimer;   // checks the believed validity while holding
    QTimer m_validityTimer; // fires when the believed validity runs out
    QTimer m_pauseTimer;    // ends a timed pause
    bool m_believes = false;
    bool m_paused = false;
    bool m_pausedWhileHolding = false;
    State m_stateBeforePause = State::Idle;
    int m_stepRemainingMs = -1;
    int m_extendRemainingMs = -1;
    QList<std::function<void()>> m_deferred; // what arrived during a pause
    quint64 m_attempts = 0;
    quint64 m_acquisitions = 0;
    QMap<QString, quint64> m_failures;
    std::deque<qint64> m_latenciesUs; // recent successful acquisitions, for mean and p99
    mutable bool m_latencyStatsDirty = false;
    mutable double m_meanAcquireUs = 0;
    mutable double m_p99AcquireUs = 0;
};
