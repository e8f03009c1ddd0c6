// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/lockstrategy.h"
#include "net/nodechannel.h"

#include <QList>
#include <functional>
#include <memory>

class Clock;

// The Redlock algorithm over N independent nodes (docs/domain.md, "The lock").
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
class Redlock : public LockStrategy
{
    Q_OBJECT

public:
    static const QByteArray ReleaseScript;
    static const QByteArray ExtendScript;
    static const QByteArray FencedAcquireScript;
    // The per-resource counter on each node that fencing tokens are made of.
    static QByteArray fenceKey(const QByteArray& resource);

    Redlock(const QList<NodeChannel*>& nodes, const Clock& clock, QObject* parent = nullptr);
    ~Redlock() override;

    void setSettings(const LockSettings& settings) override { m_settings = settings; }
    const LockSettings& settings() const { return m_settings; }
    int nodeCount() const override { return int(m_nodes.size()); }
    int quorum() const override { return nodeCount() / 2 + 1; }

    void acquire(const QByteArray& resource, AcquireCallback callback, quint64 op = 0) override;
    void release(const Lock& lock, ReleaseCallback callback = {}, quint64 op = 0) override;
    void extend(const Lock& lock, ExtendCallback callback, quint64 op = 0) override;

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
    void releaseToken(const QByteArray& resource, const QByteArray& token, ReleaseCallback callback,
                      quint64 op);
    static HistoryEvent::FailReason failReasonOf(const Attempt& attempt);
    QByteArrayList commandFor(const Attempt& attempt, int node) const;
    static NodeOutcome outcomeOf(const Attempt& attempt, int node, const CommandResult& result);
    static NodeOutcome releaseOutcomeOf(const CommandResult& result);

    QList<NodeChannel*> m_nodes;
    const Clock& m_clock;
    LockSettings m_settings;
};
