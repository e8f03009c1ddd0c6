// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/replayclient.h"

#include "base/enumnames.h"
#include "model/fault.h"

namespace {
using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using Phase = ClientSnapshot::Phase;
} // namespace

ReplayClient::ReplayClient(int id, const QString& name, const QByteArray& resource,
                           const ClientSettings& settings, qint64 tUs, int fleetSize)
    : m_fleetSize(fleetSize)
{
    m_s.id = id;
    m_s.name = name;
    m_s.colorIndex = id - 1;
    m_s.resource = resource;
    m_s.settings = settings;
    m_s.stateSinceUs = tUs;
}

void ReplayClient::apply(const HistoryEvent& e)
{
    switch (e.kind) {
    case K::ClientState:
        m_s.state = ClientSnapshot::State(e.code);
        m_s.stateSinceUs = e.tUs;
        break;
    case K::Invoke:
        onInvoke(e);
        break;
    case K::Attempt:
        ++m_s.attempt;
        ++m_s.attempts;
        m_s.token = e.token;
        break;
    case K::Ok:
        onOk(e);
        break;
    case K::Fail:
        onFail(e);
        break;
    case K::LockLost:
        m_s.lockLost = true;
        ++m_s.lockLosses;
        break;
    case K::SectionEnd:
        onSectionEnd(e);
        break;
    case K::FaultStart:
        if (Fault::Kind(e.code) == Fault::Kind::Paused)
            m_s.pauseArmed = false; // the armed pause went off
        break;
    default:
        break;
    }
}

void ReplayClient::onInvoke(const HistoryEvent& e)
{
    switch (e.operation) {
    case Op::Acquire:
        m_s.attempt = 0;
        break;
    case Op::Read:
        m_s.phase = Phase::Reading;
        break;
    case Op::Write:
        m_s.phase = Phase::Writing;
        break;
    default:
        break;
    }
}

void ReplayClient::onOk(const HistoryEvent& e)
{
    switch (e.operation) {
    case Op::Acquire:
        ++m_s.acquisitions;
        m_s.token = e.token;
        m_s.fence = e.fence;
        m_s.lockNodes = e.nodeMask;
        m_s.validUntilUs = e.tUs + e.number;
        m_s.inSection = true;
        m_s.sectionSinceUs = e.tUs;
        m_s.lockLost = false;
        m_s.phase = Phase::Working;
        m_s.stockRead = -1;
        m_s.extensions = 0;
        if (e.latencyUs >= 0) {
            m_latencies.add(e.latencyUs);
        }
        break;
    case Op::Extend:
        if (m_s.inSection) {
            m_s.validUntilUs = e.tUs + e.number;
            ++m_s.extensions;
        }
        break;
    case Op::Read:
        m_s.stockRead = e.number;
        m_s.phase = Phase::Working;
        break;
    case Op::Write:
        ++m_s.sales;
        break;
    default:
        break;
    }
}

void ReplayClient::onFail(const HistoryEvent& e)
{
    if (e.operation == Op::Acquire)
        ++m_s.failures[EnumNames::name(e.failReason())];
    else if (e.operation == Op::Write && e.failReason() == HistoryEvent::FailReason::Rejected)
        ++m_s.rejectedWrites;
    else if (e.operation == Op::Read)
        m_s.phase = Phase::Working;
}

void ReplayClient::onSectionEnd(const HistoryEvent& e)
{
    const auto reason = HistoryEvent::SectionEndReason(e.code);
    m_s.inSection = false;
    m_s.phase = Phase::None;
    m_s.validUntilUs = 0;
    m_s.lastSectionEnd = reason;
    if (reason == HistoryEvent::SectionEndReason::GaveUp)
        ++m_s.gaveUp;
}

ClientSnapshot ReplayClient::snapshot() const
{
    ClientSnapshot s = m_s;
    s.strategy = s.settings.strategy;
    s.strategyNodes = Strategy::nodeCount(s.strategy, m_fleetSize);
    s.strategyQuorum = Strategy::quorum(s.strategy, m_fleetSize);
    s.lockLost = s.inSection && s.lockLost;
    if (!s.inSection) {
        s.lockNodes = 0;
        s.fence = {};
    }
    if (!m_latencies.isEmpty()) {
        s.meanAcquireUs = m_latencies.meanUs();
        s.p99AcquireUs = m_latencies.p99Us();
    }
    return s;
}
