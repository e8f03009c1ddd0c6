// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/clientjournal.h"

#include "base/clock.h"

namespace {
using Kind = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
} // namespace

ClientJournal::ClientJournal(int clientId, const QByteArray& resource, const Clock& clock,
                             Sink sink)
    : m_clientId(clientId), m_resource(resource), m_clock(clock), m_sink(std::move(sink))
{}

HistoryEvent ClientJournal::event(Kind kind, Op operation, quint64 op) const
{
    return HistoryEvent::forClient(kind, m_clientId, operation, op);
}

void ClientJournal::record(HistoryEvent e) const
{
    e.client = m_clientId;
    if (e.resource.isEmpty())
        e.resource = m_resource;
    m_sink(e);
}

void ClientJournal::invoke(Op operation, quint64 op) const
{
    record(event(Kind::Invoke, operation, op));
}

void ClientJournal::state(ClientSnapshot::State state) const
{
    HistoryEvent e = event(Kind::ClientState);
    e.code = quint8(state);
    record(e);
}

void ClientJournal::attempt(quint64 op, const AttemptResult& attempt) const
{
    HistoryEvent e = event(Kind::Attempt, attempt.operation, op);
    e.token = attempt.token;
    e.number = attempt.okCount;
    e.code = quint8(attempt.failReason);
    e.sinceUs = attempt.startUs;
    e.latencyUs = attempt.elapsedUs();
    e.nodeMask = attempt.okMask;
    e.askedMask = attempt.askedMask;
    record(e);
}

void ClientJournal::nodeAnswer(quint64 op, Op operation, int node, const NodeOutcome& outcome) const
{
    HistoryEvent e = event(Kind::NodeAnswer, operation, op);
    e.node = node;
    e.code = quint8(outcome.kind);
    e.token = outcome.owner;
    e.text = outcome.error;
    e.latencyUs = outcome.latencyUs();
    e.sinceUs = outcome.roundStartUs; // which round it answers (a late answer comes after it)
    record(e);
}

void ClientJournal::acquireFailed(quint64 op, const LockStrategy::AcquireResult& result) const
{
    HistoryEvent e = event(Kind::Fail, Op::Acquire, op);
    e.code = quint8(result.reason);
    e.number = result.attempts.size();
    e.text = result.reasonText;
    record(e);
}

void ClientJournal::acquired(quint64 op, const Lock& lock, qint64 latencyUs) const
{
    HistoryEvent e = event(Kind::Ok, Op::Acquire, op);
    e.token = lock.token;
    e.fence = lock.fence;
    e.nodeMask = lock.nodeMask;
    e.number = lock.validUntilUs - m_clock.nowUs();
    e.latencyUs = latencyUs;
    record(e);
}

void ClientJournal::reentered(quint64 op, const QByteArray& token) const
{
    HistoryEvent e = event(Kind::Reentered, Op::Acquire, op);
    e.token = token;
    e.number = 2;
    record(e);
}

void ClientJournal::lockLost(quint64 sectionOp, const Lock& lock) const
{
    HistoryEvent e = event(Kind::LockLost, Op::None, sectionOp);
    e.token = lock.token;
    e.sinceUs = lock.validUntilUs;
    record(e);
}

void ClientJournal::sectionEnd(quint64 sectionOp, HistoryEvent::SectionEndReason reason,
                               const QByteArray& token, qint64 sinceUs) const
{
    HistoryEvent e = event(Kind::SectionEnd, Op::None, sectionOp);
    e.code = quint8(reason);
    e.token = token;
    e.sinceUs = sinceUs;
    record(e);
}

void ClientJournal::extendOutcome(quint64 op, const LockStrategy::ExtendResult& result) const
{
    HistoryEvent e = event(result.extended ? Kind::Ok : Kind::Fail, Op::Extend, op);
    e.token = result.lock.token;
    e.latencyUs = result.attempt.elapsedUs();
    // The new validity when extended; a failed extension gives none (the lock's own deadline
    // stands).
    e.number = result.extended ? qint64(result.attempt.validityMs * 1000) : 0;
    e.code = quint8(result.attempt.failReason);
    e.text = result.attempt.reason;
    record(e);
}

void ClientJournal::renewedByWatchdog(quint64 op, const QByteArray& token,
                                      qint64 validUntilUs) const
{
    HistoryEvent e = event(Kind::Ok, Op::Extend, op);
    e.token = token;
    e.number = validUntilUs - m_clock.nowUs();
    e.text = tr("renewed by the watchdog");
    record(e);
}

void ClientJournal::released(quint64 op, const LockStrategy::ReleaseResult& result) const
{
    HistoryEvent e = event(Kind::Ok, Op::Release, op);
    e.number = result.releasedCount;
    record(e);
}

void ClientJournal::deletedOthersKey(quint64 op, int node, const QByteArray& token) const
{
    HistoryEvent e = event(Kind::DeletedOthersKey, Op::Release, op);
    e.node = node;
    e.token = token;
    record(e);
}

void ClientJournal::wokenUp(quint64 op, qint64 waitedUs, int delayMs) const
{
    HistoryEvent e = event(Kind::WokenUp, Op::Acquire, op);
    e.latencyUs = waitedUs;
    e.number = delayMs;
    record(e);
}

void ClientJournal::faultStart(Fault::Kind kind, qint64 untilUs) const
{
    HistoryEvent e = event(Kind::FaultStart);
    e.code = quint8(kind);
    e.number = untilUs;
    record(e);
}

void ClientJournal::faultEnd(Fault::Kind kind, const QString& text) const
{
    HistoryEvent e = event(Kind::FaultEnd);
    e.code = quint8(kind);
    e.text = text;
    record(e);
}
