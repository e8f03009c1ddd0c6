#pragma once

#include "lock/attemptresult.h"
#include "lock/lock.h"
#include "lock/locksettings.h"
#include "net/nodechannel.h"

#include <QList>
#include <QObject>
#include <functional>
#include <memory>

class Clock;

// The Redlock algorithm over N independent nodes (design.md, "Redlock rules").
//
// acquire(): one fresh token per attempt; SET key token NX PX ttl sent to every node at
// once; the attempt is decided the moment N/2+1 nodes said OK or so many refused that a
// quorum cannot come; validity = ttl - elapsed - drift on the monotonic clock; a failed
// attempt releases on every node, then retries after a (jittered) delay.
// release(): compare-and-delete on every node. extend(): compare-and-PEXPIRE on every
// node, decided like an acquisition and bounded in count.
//
// Several operations may be in flight at once (a release of a failed attempt overlaps
// the retry delay). Completion callbacks are called once, unless cancel() came first.
class Redlock : public QObject
{
    Q_OBJECT

public:
    enum class Operation
    {
        Acquire,
        Release,
        Extend
    };
    Q_ENUM(Operation)

    struct AcquireResult
    {
        bool acquired = false;
        Lock lock;
        QList<AttemptResult> attempts;
        QString reason; // the last attempt's, when not acquired
    };
    struct ReleaseResult
    {
        int releasedCount = 0; // nodes where our key was deleted
        QList<NodeOutcome> nodes;
    };
    struct ExtendResult
    {
        bool extended = false;
        Lock lock; // with the new validity when extended
        AttemptResult attempt;
    };

    using AcquireCallback = std::function<void(const AcquireResult&)>;
    using ReleaseCallback = std::function<void(const ReleaseResult&)>;
    using ExtendCallback = std::function<void(const ExtendResult&)>;

    static const QByteArray ReleaseScript;
    static const QByteArray ExtendScript;

    Redlock(const QList<NodeChannel*>& nodes, const Clock& clock, QObject* parent = nullptr);
    ~Redlock() override;

    void setSettings(const LockSettings& settings) { m_settings = settings; }
    const LockSettings& settings() const { return m_settings; }
    int nodeCount() const { return int(m_nodes.size()); }
    int quorum() const { return nodeCount() / 2 + 1; }

    void acquire(const QByteArray& resource, AcquireCallback callback);
    void release(const Lock& lock, ReleaseCallback callback = {});
    void extend(const Lock& lock, ExtendCallback callback);
    // Forget every operation in flight: no callback of theirs will be called, pending
    // retries are dropped. Replies still arriving are ignored.
    void cancel();

    // The random part of the retry delay; tests replace it to make runs repeatable.
    void setRandomSource(std::function<int(int bound)> random) { m_random = std::move(random); }

signals:
    void attemptStarted(const QByteArray& resource, int attempt, const QByteArray& token);
    void attemptDecided(const AttemptResult& result);
    // Every node's answer to every operation as it comes, also after the decision.
    void nodeAnswered(Redlock::Operation operation, int node, const NodeOutcome& outcome);

private:
    struct Attempt;
    struct Acquisition;

    void startAttempt(const std::shared_ptr<Acquisition>& acquisition);
    void onAttemptReply(const std::shared_ptr<Attempt>& attempt, int node,
                        const CommandResult& result);
    void decide(const std::shared_ptr<Attempt>& attempt);
    void finishAcquireAttempt(const std::shared_ptr<Attempt>& attempt);
    void finishExtendAttempt(const std::shared_ptr<Attempt>& attempt);
    void sendToAll(const std::shared_ptr<Attempt>& attempt);
    void releaseToken(const QByteArray& resource, const QByteArray& token,
                      ReleaseCallback callback);
    int retryDelayMs();
    QByteArrayList commandFor(const Attempt& attempt, int node) const;
    static NodeOutcome outcomeOf(const Attempt& attempt, int node, const CommandResult& result);
    static NodeOutcome releaseOutcomeOf(const CommandResult& result);

    QList<NodeChannel*> m_nodes;
    const Clock& m_clock;
    LockSettings m_settings;
    quint64 m_epoch = 0; // bumped by cancel(): operations of an older epoch stay silent
    std::function<int(int)> m_random;
};
