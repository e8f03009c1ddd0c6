// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/lockstrategy.h"
#include "model/clientsnapshot.h"
#include "model/fault.h"
#include "model/historyevent.h"

#include <QCoreApplication>
#include <functional>

class Clock;

// What one client writes into the history: every operation's invoke and outcome, its state,
// its critical section and the faults it suffers, each a typed event with the client's id and
// resource (docs/domain.md, "History"). The client decides; the journal says it in events.
class ClientJournal
{
    Q_DECLARE_TR_FUNCTIONS(ClientJournal)

public:
    using Sink = std::function<void(const HistoryEvent&)>;
    using Op = HistoryEvent::Operation;

    ClientJournal(int clientId, const QByteArray& resource, const Clock& clock, Sink sink);

    // An event of this client's (recorded by record(), which fills in the client and, if
    // empty, the resource).
    HistoryEvent event(HistoryEvent::Kind kind, Op operation = Op::None, quint64 op = 0) const;
    void record(HistoryEvent e) const;
    void invoke(Op operation, quint64 op) const;
    void state(ClientSnapshot::State state) const;
    void attempt(quint64 op, const AttemptResult& attempt) const;
    void nodeAnswer(quint64 op, Op operation, int node, const NodeOutcome& outcome) const;
    void acquireFailed(quint64 op, const LockStrategy::AcquireResult& result) const;
    void acquired(quint64 op, const Lock& lock, qint64 latencyUs) const;
    void reentered(quint64 op, const QByteArray& token) const;
    void lockLost(quint64 sectionOp, const Lock& lock) const;
    void sectionEnd(quint64 sectionOp, HistoryEvent::SectionEndReason reason,
                    const QByteArray& token, qint64 sinceUs) const;
    void extendOutcome(quint64 op, const LockStrategy::ExtendResult& result) const;
    void renewedByWatchdog(quint64 op, const QByteArray& token, qint64 validUntilUs) const;
    void released(quint64 op, const LockStrategy::ReleaseResult& result) const;
    void deletedOthersKey(quint64 op, int node, const QByteArray& token) const;
    void wokenUp(quint64 op, qint64 waitedUs, int delayMs) const;
    void faultStart(Fault::Kind kind, qint64 untilUs = 0) const;
    void faultEnd(Fault::Kind kind, const QString& text = {}) const;

private:
    int m_clientId;
    QByteArray m_resource;
    const Clock& m_clock;
    Sink m_sink;
};
