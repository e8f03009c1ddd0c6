// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/safetychecker.h"

namespace {
using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using V = HistoryEvent::ViolationKind;
using N = CheckCounters::Name;
} // namespace

void SafetyChecker::feed(const HistoryEvent& e, QList<HistoryEvent>* found)
{
    switch (e.kind) {
    case K::Ok:
        if (e.operation == Op::Acquire)
            onAcquired(e, found);
        else if (e.operation == Op::Write)
            onWriteAccepted(e, found);
        break;
    case K::Invoke:
        if (e.operation == Op::Write)
            m_writeInvokedUs.insert(e.op, e.tUs);
        break;
    case K::Fail:
        if (e.operation == Op::Acquire)
            count(N::Failures, e.client);
        else if (e.operation == Op::Write) {
            m_writeInvokedUs.remove(e.op);
            if (e.failReason() == HistoryEvent::FailReason::Rejected)
                count(N::StaleWritesRejected, e.client);
            else if (e.failReason() == HistoryEvent::FailReason::Conflict)
                count(N::Conflicts, e.client);
        }
        break;
    case K::Attempt:
        if (e.failReason() == HistoryEvent::FailReason::SplitVote)
            count(N::SplitVotes, e.client);
        break;
    case K::LockLost:
        count(N::LockLost, e.client);
        break;
    case K::SectionEnd:
        onSectionEnd(e, found);
        break;
    case K::DeletedOthersKey:
        count(N::WrongReleases, e.client);
        break;
    case K::Reentered:
        count(N::Reentries, e.client);
        break;
    case K::StockSet: // a new stock: oversell counts from here
        m_initialStock = e.number;
        m_salesAtStockSet = m_total.sales;
        m_oversoldAtStockSet = m_total.oversold;
        break;
    default:
        break;
    }
}

int SafetyChecker::inSection(const QByteArray& resource) const
{
    return int(m_open.value(resource).size());
}

void SafetyChecker::count(CheckCounters::Name name, int client, qint64 amount)
{
    m_total.ref(name) += amount;
    if (client >= 0)
        m_byClient[client].ref(name) += amount;
}

// Events come in time order, so a new section can only overlap sections still open.
void SafetyChecker::onAcquired(const HistoryEvent& e, QList<HistoryEvent>* found)
{
    count(N::Acquisitions, e.client);
    QList<Section>& sections = m_open[e.resource];
    for (const Section& other : std::as_const(sections)) {
        if (other.client == e.client)
            continue;
        Violation v;
        v.kind = V::Overlap;
        v.resource = e.resource;
        v.firstClient = other.client;
        v.secondClient = e.client;
        v.firstNodes = other.nodes;
        v.secondNodes = e.nodeMask;
        v.startUs = e.tUs;
        count(N::Overlaps, e.client);
        open(v, e, found);
    }
    const Section section{e.client, e.op, e.tUs, e.nodeMask};
    sections << section;
    m_latest.insert(e.resource, section);
    m_sectionStart.insert(e.client, e.tUs);
}

void SafetyChecker::onSectionEnd(const HistoryEvent& e, QList<HistoryEvent>* found)
{
    m_open[e.resource].removeIf([&](const Section& s) { return s.client == e.client; });
    for (Violation& v : m_violations) {
        const bool involved = v.firstClient == e.client || v.secondClient == e.client;
        if (v.kind == V::Overlap && v.isOpen() && involved && v.resource == e.resource)
            close(v, e, found);
    }
}

void SafetyChecker::onWriteAccepted(const HistoryEvent& e, QList<HistoryEvent>* found)
{
    count(N::Sales, e.client);
    const qint64 invokedUs = m_writeInvokedUs.take(e.op);
    Violation v;
    v.resource = e.resource;
    v.secondClient = e.client;
    v.startUs = invokedUs > 0 ? invokedUs : e.tUs;
    // Stale: someone else acquired after this writer's section began.
    const Section latest = m_latest.value(e.resource);
    if (latest.client >= 0 && latest.client != e.client &&
        latest.startUs > m_sectionStart.value(e.client, latest.startUs)) {
        v.kind = V::StaleWrite;
        v.firstClient = latest.client;
        v.firstNodes = latest.nodes;
        count(N::StaleWrites, e.client);
        open(v, e, found);
        close(m_violations.last(), e, found);
    }
    // The writer read R and wrote R - 1; the stock was B just before: R - B sales erased.
    const qint64 read = e.number + 1;
    if (e.previous >= 0 && e.previous < read) {
        v.kind = V::LostUpdate;
        v.firstClient = -1;
        v.amount = read - e.previous;
        count(N::LostUpdates, e.client, v.amount);
        open(v, e, found);
        close(m_violations.last(), e, found);
    }
    const qint64 sold = m_total.sales - m_salesAtStockSet;
    const qint64 oversold = m_total.oversold - m_oversoldAtStockSet;
    if (m_initialStock >= 0 && sold > m_initialStock + oversold) {
        v.kind = V::Oversold;
        v.firstClient = -1;
        v.amount = sold - m_initialStock - oversold;
        count(N::Oversold, e.client, v.amount);
        open(v, e, found);
        close(m_violations.last(), e, found);
    }
}

void SafetyChecker::open(Violation v, const HistoryEvent& at, QList<HistoryEvent>* found)
{
    m_violations << v;
    if (found)
        found->append(v.toEvent(K::Violation, at.tUs));
}

void SafetyChecker::close(Violation& v, const HistoryEvent& at, QList<HistoryEvent>* found)
{
    v.endUs = at.tUs;
    if (found)
        found->append(v.toEvent(K::ViolationEnd, at.tUs));
}
