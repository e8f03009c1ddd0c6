// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/safetychecker.h"

namespace {
using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using V = HistoryEvent::ViolationKind;
using N = CheckCounters::Name;
using Fail = HistoryEvent::FailReason;

// The counter each kind of violation adds to, by its amount or by one.
N counterOf(V kind)
{
    switch (kind) {
    case V::Overlap:
        return N::Overlaps;
    case V::StaleWrite:
        return N::StaleWrites;
    case V::LostUpdate:
        return N::LostUpdates;
    case V::Oversold:
        return N::Oversold;
    case V::ResetOverwritten:
        return N::ResetsOverwritten;
    case V::ValidWriteRejected:
        return N::ValidWritesRejected;
    case V::LeaseOverlap:
        return N::Overlaps;
    }
    Q_UNREACHABLE();
}

bool countsItems(V kind)
{
    return kind == V::LostUpdate || kind == V::Oversold;
}
} // namespace

void SafetyChecker::feed(HistoryEvent& e, QList<HistoryEvent>* found)
{
    m_rounds.note(e);
    switch (e.kind) {
    case K::Ok:
        if (e.operation == Op::Acquire)
            onAcquired(e, found);
        else if (e.operation == Op::Write)
            onWriteAccepted(e, found);
        else if (e.operation == Op::Read)
            m_stock.read(e);
        break;
    case K::Invoke:
        if (e.operation == Op::Write)
            m_writeInvokedUs.insert(e.op, e.tUs);
        break;
    case K::Fail:
        if (e.operation == Op::Acquire)
            count(N::Failures, e.client);
        else if (e.operation == Op::Write)
            onWriteRefused(e, found);
        break;
    case K::Attempt:
        onAttempt(e);
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
    case K::StockSet:
        m_stock.stockSet(e, m_total.sales, m_total.oversold);
        break;
    case K::ClientAdded:
        if (e.code == 1) // a foreign client: what is known of its lock is a lease
            m_foreign.insert(e.client);
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

// A round the client could not win: the client said "no quorum" from its own answers; the
// history says whether another held the lock, or the votes were split.
void SafetyChecker::onAttempt(HistoryEvent& e)
{
    const Fail said = e.failReason();
    if (e.operation == Op::Acquire &&
        (said == Fail::NoQuorum || said == Fail::SplitVote || said == Fail::HeldByAnother)) {
        QList<RoundJudge::Holder> holders;
        for (const Section& s : m_open.value(e.resource))
            holders << RoundJudge::Holder{s.client, s.nodes};
        const RoundJudge::Judgement j = m_rounds.judge(e, holders, m_nodeCount);
        e.code = quint8(j.reason);
        e.previous = j.reason == Fail::HeldByAnother ? j.holder
                     : j.reason == Fail::SplitVote   ? j.voters
                                                     : -1;
        if (j.reason == Fail::SplitVote)
            count(N::SplitVotes, e.client);
    }
    m_rounds.forget(e);
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
        const bool lease = m_foreign.contains(other.client) || m_foreign.contains(e.client);
        v.kind = lease ? V::LeaseOverlap : V::Overlap;
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
        const bool overlap = v.kind == V::Overlap || v.kind == V::LeaseOverlap;
        if (overlap && v.isOpen() && involved && v.resource == e.resource)
            close(v, e, found);
    }
}

// Stale: someone else acquired after this writer's section began.
StockJudge::Supersede SafetyChecker::supersederOf(const HistoryEvent& w) const
{
    const Section latest = m_latest.value(w.resource);
    if (latest.client >= 0 && latest.client != w.client &&
        latest.startUs > m_sectionStart.value(w.client, latest.startUs))
        return StockJudge::Superseder{latest.client, latest.nodes};
    return std::nullopt;
}

void SafetyChecker::onWriteAccepted(const HistoryEvent& e, QList<HistoryEvent>* found)
{
    count(N::Sales, e.client);
    const qint64 invokedUs = m_writeInvokedUs.take(e.op);
    const qint64 oversoldBefore = m_total.oversold;
    for (Violation v : m_stock.accepted(e, supersederOf(e), m_total.sales, oversoldBefore)) {
        v.startUs = invokedUs > 0 ? invokedUs : e.tUs;
        report(v, e, found);
    }
}

void SafetyChecker::onWriteRefused(HistoryEvent& e, QList<HistoryEvent>* found)
{
    const qint64 invokedUs = m_writeInvokedUs.take(e.op);
    const Fail said = e.failReason();
    if (said == Fail::Conflict) {
        count(N::Conflicts, e.client);
        return;
    }
    if (said != Fail::Rejected && said != Fail::RejectedValid)
        return;
    std::optional<Violation> evidence;
    const Fail judged = m_stock.refused(e, supersederOf(e), &evidence);
    e.code = quint8(judged);
    if (judged == Fail::Rejected) {
        count(N::StaleWritesRejected, e.client);
        return;
    }
    evidence->startUs = invokedUs > 0 ? invokedUs : e.tUs;
    report(*evidence, e, found);
}

// A violation that happens at one moment (a write): counted, opened and closed at once.
void SafetyChecker::report(const Violation& v, const HistoryEvent& at, QList<HistoryEvent>* found)
{
    count(counterOf(v.kind), at.client, countsItems(v.kind) ? v.amount : 1);
    open(v, at, found);
    close(m_violations.last(), at, found);
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
