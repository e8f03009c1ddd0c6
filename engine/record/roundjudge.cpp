// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/roundjudge.h"

#include "model/clientsnapshot.h"
#include "model/nodemask.h"
#include "model/nodeoutcome.h"

#include <QSet>
#include <algorithm>

namespace {
using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using Fail = HistoryEvent::FailReason;
using State = ClientSnapshot::State;
// Tokens kept to name the holder a node reports: far more than the keys alive at once.
constexpr qsizetype TokensKept = 100000;
// Answers kept per client while their attempt has not come (a round has one per node).
constexpr qsizetype WaitingKept = 1000;

bool said(const HistoryEvent& attempt)
{
    const Fail reason = attempt.failReason();
    // Files older than the round judgements carry the judged reason on the attempt.
    return reason == Fail::NoQuorum || reason == Fail::SplitVote || reason == Fail::HeldByAnother;
}
} // namespace

HistoryEvent RoundJudge::Judgement::toEvent(const QByteArray& resource) const
{
    HistoryEvent e = HistoryEvent::forClient(K::RoundJudged, client, Op::Acquire, op);
    e.tUs = endUs;
    e.resource = resource;
    e.sinceUs = startUs;
    e.code = quint8(reason);
    e.number = ownVotes;
    e.nodeMask = ownNodes;
    e.previous = reason == Fail::SplitVote                                        ? voters
                 : reason == Fail::HeldByAnother || reason == Fail::HeldByExpired ? holder
                                                                                  : -1;
    return e;
}

void RoundJudge::note(const HistoryEvent& e, const SectionJudge& sections, const Judged& judged)
{
    if (e.kind == K::Attempt) {
        onAttempt(e, sections, judged);
    } else if (e.kind == K::NodeAnswer) {
        onAnswer(e, sections, judged);
    } else if ((e.kind == K::ClientState &&
                (State(e.code) == State::Crashed || State(e.code) == State::Stopped)) ||
               e.kind == K::ClientRemoved) {
        const int client = e.client;
        completeWhere([client](const Round& r) { return r.client == client; }, e.tUs, sections,
                      judged);
    }
}

void RoundJudge::finish(qint64 lastUs, const SectionJudge& sections, const Judged& judged)
{
    completeWhere([](const Round&) { return true; }, lastUs, sections, judged);
}

int RoundJudge::clientOf(const QByteArray& token) const
{
    const auto it = m_attemptOfToken.constFind(token);
    return it == m_attemptOfToken.cend() ? -1 : it->client;
}

qint64 RoundJudge::oldestStartUs(qint64 nowUs) const
{
    qint64 oldest = nowUs;
    for (const Round& r : m_pending)
        oldest = std::min(oldest, r.startUs);
    for (const QList<HistoryEvent>& answers : m_waiting)
        for (const HistoryEvent& a : answers)
            oldest = std::min(oldest, a.sinceUs >= 0 ? a.sinceUs
                                                     : a.tUs - std::max<qint64>(0, a.latencyUs));
    return oldest;
}

qsizetype RoundJudge::kept() const
{
    qsizetype n = m_pending.size();
    for (const QList<HistoryEvent>& answers : m_waiting)
        n += answers.size();
    return n;
}

void RoundJudge::rememberToken(const HistoryEvent& attempt)
{
    if (attempt.token.isEmpty() || m_attemptOfToken.contains(attempt.token))
        return;
    m_attemptOfToken.insert(attempt.token, {attempt.client, attempt.tUs});
    m_tokens << attempt.token;
    if (m_tokens.size() > TokensKept) {
        for (const QByteArray& old : m_tokens.mid(0, TokensKept / 2))
            m_attemptOfToken.remove(old);
        m_tokens.remove(0, TokensKept / 2);
    }
}

void RoundJudge::onAttempt(const HistoryEvent& e, const SectionJudge& sections,
                           const Judged& judged)
{
    rememberToken(e);
    if (e.operation != Op::Acquire)
        return;
    // The answers that came before it are its own or an earlier round's: taken or dropped.
    const QList<HistoryEvent> before = m_waiting.take(e.client);
    if (!said(e))
        return;
    Round r;
    r.client = e.client;
    r.op = e.op;
    r.startUs = e.sinceUs;
    r.asked = e.askedMask ? e.askedMask : quint16(NodeMask::bit(m_nodeCount) - 1);
    r.resource = e.resource;
    for (const HistoryEvent& a : before)
        if (answers(a, r) && !r.answers.contains(a.node))
            r.answers.insert(a.node, a);
    m_pending << r;
    if (complete(r))
        completeWhere(
            [&](const Round& x) {
                return x.client == r.client && x.op == r.op && x.startUs == r.startUs;
            },
            e.tUs, sections, judged);
}

// An answer belongs to the round it names by its start; an answer without one (a file older than
// that field), to the round it was sent in.
bool RoundJudge::answers(const HistoryEvent& a, const Round& r)
{
    if (a.op != r.op)
        return false;
    if (a.sinceUs >= 0)
        return a.sinceUs == r.startUs;
    const qint64 sentUs = a.latencyUs >= 0 ? a.tUs - a.latencyUs : a.tUs;
    return sentUs >= r.startUs;
}

void RoundJudge::onAnswer(const HistoryEvent& e, const SectionJudge& sections, const Judged& judged)
{
    if (e.node < 0 || e.node >= 16)
        return;
    if (e.operation == Op::Release) {
        for (Round& r : m_pending)
            if (r.client == e.client && r.op == e.op)
                r.released |= quint16(NodeMask::bit(e.node));
    } else if (e.operation == Op::Acquire) {
        Round* owner = nullptr;
        for (Round& r : m_pending)
            if (r.client == e.client && answers(e, r))
                owner = &r;
        if (owner) {
            if (!owner->answers.contains(e.node))
                owner->answers.insert(e.node, e);
        } else {
            QList<HistoryEvent>& waiting = m_waiting[e.client];
            waiting << e;
            if (waiting.size() > WaitingKept)
                waiting.removeFirst();
        }
    } else {
        return;
    }
    const int client = e.client;
    completeWhere([client](const Round& r) { return r.client == client && complete(r); }, e.tUs,
                  sections, judged);
}

bool RoundJudge::complete(const Round& r)
{
    for (int node = 0; node < 16; ++node) {
        const quint16 bit = quint16(NodeMask::bit(node));
        if ((r.asked & bit) && !r.answers.contains(node) && !(r.released & bit))
            return false;
    }
    return true;
}

void RoundJudge::completeWhere(const std::function<bool(const Round&)>& which, qint64 endUs,
                               const SectionJudge& sections, const Judged& judged)
{
    QList<Round> done;
    m_pending.removeIf([&](const Round& r) {
        if (!which(r))
            return false;
        done << r;
        return true;
    });
    for (const Round& r : std::as_const(done))
        judged(judge(r, endUs, sections));
}

// Who a node voted for: the round's own client when it granted; when it refused, the client it
// named (the engine resolves the token it knows), else the client whose attempt used that token;
// -1 when it named none of the run's clients (an unknown vote).
int RoundJudge::voterOf(const HistoryEvent& a, const Round& r) const
{
    if (NodeOutcome::Kind(a.code) == NodeOutcome::Kind::Ok)
        return r.client;
    if (a.number > 0)
        return int(a.number);
    const int owner = clientOf(a.token);
    return owner > 0 ? owner : -1;
}

RoundJudge::Judgement RoundJudge::judge(const Round& r, qint64 endUs,
                                        const SectionJudge& sections) const
{
    Judgement j;
    j.client = r.client;
    j.op = r.op;
    j.startUs = r.startUs;
    j.endUs = endUs;
    j.votes = QList<int>(std::clamp(m_nodeCount, 0, 16), -1);
    const int majority = m_nodeCount / 2 + 1;
    QHash<int, int> tally; // client -> its votes
    quint16 reached = 0;   // answered ok or taken
    quint16 unknown = 0;   // taken, by nobody the run knows
    for (auto it = r.answers.cbegin(); it != r.answers.cend(); ++it) {
        const auto kind = NodeOutcome::Kind(it->code);
        if (kind != NodeOutcome::Kind::Ok && kind != NodeOutcome::Kind::Taken)
            continue;
        const quint16 bit = quint16(NodeMask::bit(it.key()));
        reached |= bit;
        const int voter = voterOf(*it, r);
        if (voter < 0) {
            unknown |= bit;
            continue;
        }
        ++tally[voter];
        if (it.key() < j.votes.size())
            j.votes[it.key()] = voter;
        if (voter == r.client)
            j.ownNodes |= bit;
    }
    j.ownVotes = tally.value(r.client);
    if (int(qPopulationCount(reached)) < majority)
        return j;
    // Most votes first, then the lowest client id.
    const auto ranked = [&tally](QList<int> clients) {
        std::sort(clients.begin(), clients.end(), [&tally](int a, int b) {
            const int va = tally.value(a);
            const int vb = tally.value(b);
            return va != vb ? va > vb : a < b;
        });
        return clients;
    };
    const QList<SectionJudge::Hold> holds = sections.holdsDuring(r.startUs, endUs, r.client);
    QList<int> holders;
    for (const SectionJudge::Hold& h : holds)
        if (!holders.contains(h.client))
            holders << h.client;
    const QList<int> byVotes = ranked(holders);
    for (int holder : byVotes) {
        for (const SectionJudge::Hold& h : holds) {
            if (h.client != holder)
                continue;
            const bool met = tally.value(holder) > 0 || (unknown & h.nodes) != 0;
            const bool missed = (h.nodes & ~reached) != 0;
            if (met || missed) {
                j.reason = Fail::HeldByAnother;
                j.holder = holder;
                return j;
            }
        }
    }
    QList<int> others;
    for (auto it = tally.cbegin(); it != tally.cend(); ++it)
        if (it.key() != r.client)
            others << it.key();
    const QList<int> othersByVotes = ranked(others);
    for (int other : othersByVotes) {
        if (tally.value(other) < majority)
            break;
        // Its keys: of attempts decided before this round began (leftovers), or still going on.
        bool leftovers = true;
        for (auto it = r.answers.cbegin(); it != r.answers.cend() && leftovers; ++it) {
            const auto kind = NodeOutcome::Kind(it->code);
            if (kind != NodeOutcome::Kind::Taken || voterOf(*it, r) != other)
                continue;
            const auto attempted = m_attemptOfToken.constFind(it->token);
            leftovers = attempted != m_attemptOfToken.cend() && attempted->tUs < r.startUs;
        }
        j.reason = leftovers ? Fail::HeldByExpired : Fail::HeldByAnother;
        j.holder = other;
        return j;
    }
    const bool anyMajority = std::any_of(tally.cbegin(), tally.cend(),
                                         [majority](int votes) { return votes >= majority; });
    if (!holders.isEmpty() || unknown != 0 || anyMajority)
        return j;
    if (tally.size() >= 2) {
        j.reason = Fail::SplitVote;
        j.voters = int(tally.size());
    }
    return j;
}
