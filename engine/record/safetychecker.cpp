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
    if (e.kind == K::Violation || e.kind == K::ViolationEnd || e.kind == K::RoundJudged)
        return; // a judge's own findings: found again from the facts
    m_lastUs = std::max(m_lastUs, e.tUs);
    switch (e.kind) {
    case K::Ok:
        if (e.operation == Op::Acquire) {
            onAcquired(e, found);
            m_sections.prune(e.tUs, std::min(e.tUs - HoldKeptUs, m_rounds.oldestStartUs(e.tUs)));
        } else if (e.operation == Op::Extend)
            m_sections.extended(e);
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
    case K::LockLost:
        if (m_sections.lockLost(e))
            count(N::LockLost, e.client);
        break;
    case K::SectionEnd:
        onSectionEnd(e, found);
        break;
    case K::DeletedOthersKey:
        onWrongRelease(e);
        break;
    case K::Reentered:
        count(N::Reentries, e.client);
        break;
    case K::StockSet:
        m_stock.stockSet(e, m_total.sales, m_total.oversold);
        break;
    case K::ClientAdded:
        if (e.addsForeignClient()) // what is known of its lock is a lease
            m_foreign.insert(e.client);
        m_names.insert(e.text, e.client);
        m_byClient[e.client]; // a client that never did anything still has its counters
        break;
    default:
        break;
    }
    if (e.client >= 0 && !e.resource.isEmpty())
        m_resources.insert(e.client, e.resource);
    m_rounds.note(e, m_sections,
                  [this, found](const RoundJudge::Judgement& j) { onJudged(j, found); });
}

void SafetyChecker::finish(QList<HistoryEvent>* found)
{
    m_rounds.finish(m_lastUs, m_sections,
                    [this, found](const RoundJudge::Judgement& j) { onJudged(j, found); });
    const QList<int> lost = m_sections.finish(m_lastUs, m_foreign);
    for (int client : lost)
        count(N::LockLost, client);
}

int SafetyChecker::inSection(const QByteArray& resource) const
{
    return int(m_sections.open(resource).size());
}

std::optional<CheckCounters> SafetyChecker::counters(const QString& name) const
{
    const QList<int> ids = m_names.values(name);
    if (ids.isEmpty())
        return std::nullopt;
    CheckCounters sum;
    const QSet<int> unique(ids.cbegin(), ids.cend());
    for (int id : unique)
        sum += counters(id);
    return sum;
}

void SafetyChecker::count(CheckCounters::Name name, int client, qint64 amount)
{
    m_total.ref(name) += amount;
    if (client >= 0)
        m_byClient[client].ref(name) += amount;
}

// A round judged once complete: its judgement is an event of its own; a split vote counts.
void SafetyChecker::onJudged(const RoundJudge::Judgement& j, QList<HistoryEvent>* found)
{
    if (j.reason == Fail::SplitVote) {
        count(N::SplitVotes, j.client);
        m_moments.split = {j.endUs, j.client, j.votes, j.voters};
    }
    if (found)
        found->append(j.toEvent(m_resources.value(j.client)));
}

// Events come in time order, so a new section can only overlap sections still open.
void SafetyChecker::onAcquired(const HistoryEvent& e, QList<HistoryEvent>* found)
{
    count(N::Acquisitions, e.client);
    const QList<SectionJudge::Section> others = m_sections.acquired(e);
    for (const SectionJudge::Section& other : others) {
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
}

void SafetyChecker::onSectionEnd(const HistoryEvent& e, QList<HistoryEvent>* found)
{
    if (m_sections.ended(e).value_or(false))
        count(N::LockLost, e.client);
    for (Violation& v : m_violations) {
        const bool involved = v.firstClient == e.client || v.secondClient == e.client;
        const bool overlap = v.kind == V::Overlap || v.kind == V::LeaseOverlap;
        if (overlap && v.isOpen() && involved && v.resource == e.resource)
            close(v, e, found);
    }
}

// Stale: someone else acquired after this writer last did.
StockJudge::Supersede SafetyChecker::supersederOf(const HistoryEvent& w) const
{
    if (const auto latest = m_sections.supersederOf(w))
        return StockJudge::Superseder{latest->client, latest->nodes};
    return std::nullopt;
}

void SafetyChecker::onWriteAccepted(const HistoryEvent& e, QList<HistoryEvent>* found)
{
    count(N::Sales, e.client);
    const qint64 invokedUs = m_writeInvokedUs.take(e.op);
    const qint64 oversoldBefore = m_total.oversold;
    qint64 lost = 0;
    for (Violation v : m_stock.accepted(e, supersederOf(e), m_total.sales, oversoldBefore, &lost)) {
        v.startUs = invokedUs > 0 ? invokedUs : e.tUs;
        report(v, e, found);
    }
    if (lost < 0) // sales an earlier write erased, brought back: the stock shows them again
        count(N::LostUpdates, e.client, lost);
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
    const StockJudge::Supersede superseder = supersederOf(e);
    const Fail judged = m_stock.refused(e, superseder, &evidence);
    e.code = quint8(judged);
    if (judged == Fail::Rejected) {
        // Who made it stale, as the history tells (the storage knows only the newer token).
        e.previous = superseder->client;
        count(N::StaleWritesRejected, e.client);
        m_moments.rejectedWrite = {e.tUs, e.client, superseder->client, e.fence, e.number};
        return;
    }
    evidence->startUs = invokedUs > 0 ? invokedUs : e.tUs;
    report(*evidence, e, found);
}

// Whose key it deleted: the client whose attempt used that token.
void SafetyChecker::onWrongRelease(const HistoryEvent& e)
{
    count(N::WrongReleases, e.client);
    m_moments.wrongRelease = {e.tUs, e.client, m_rounds.clientOf(e.token), e.node, e.token};
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
