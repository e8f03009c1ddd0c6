// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/roundjudge.h"

#include "model/nodeoutcome.h"

#include <QSet>
#include <algorithm>

namespace {
using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using Fail = HistoryEvent::FailReason;
// Tokens kept to name the holder a node reports: far more than the keys alive at once.
constexpr qsizetype TokensKept = 100000;
} // namespace

void RoundJudge::note(const HistoryEvent& e)
{
    if (e.kind == K::NodeAnswer && e.operation == Op::Acquire) {
        const auto kind = NodeOutcome::Kind(e.code);
        Answer a;
        a.sentUs = e.latencyUs >= 0 ? e.tUs - e.latencyUs : e.tUs;
        a.node = e.node;
        a.ok = kind == NodeOutcome::Kind::Ok;
        a.answered = a.ok || kind == NodeOutcome::Kind::Taken;
        if (kind == NodeOutcome::Kind::Taken) {
            a.owner = e.token;
            a.ownerClient = e.number > 0 ? int(e.number) : -1;
        }
        // A late answer of a round already judged: no later round of the client can use it
        // (each begins after its last ended). Kept, it stayed for good when the op had no
        // round after it: memory that grew with every late answer (issue 32).
        if (a.sentUs < m_judgedUntilUs.value(e.client, -1))
            return;
        m_answers[e.op] << a;
    } else if (e.kind == K::Attempt && !e.token.isEmpty() && !m_clientOfToken.contains(e.token)) {
        m_clientOfToken.insert(e.token, e.client);
        m_tokens << e.token;
        if (m_tokens.size() > TokensKept)
            for (const QByteArray& old : m_tokens.mid(0, TokensKept / 2))
                m_clientOfToken.remove(old);
        if (m_tokens.size() > TokensKept)
            m_tokens.remove(0, TokensKept / 2);
    }
}

RoundJudge::Judgement RoundJudge::judge(const HistoryEvent& attempt, const QList<Holder>& inSection,
                                        int nodeCount) const
{
    const int quorum = nodeCount / 2 + 1;
    // This round's answers: those sent since it began (the op's earlier rounds came before).
    QHash<int, int> votes;                        // client -> nodes that voted for it
    QList<int> nodeVotes(qMax(0, nodeCount), -1); // node index -> the client it voted for
    quint16 reached = 0;
    quint16 failed = 0;  // down, timed out or an error: not reached
    quint16 unnamed = 0; // taken, by a holder the answer does not name (or no client of ours)
    for (const Answer& a : m_answers.value(attempt.op)) {
        if (a.sentUs < attempt.sinceUs || a.node < 0)
            continue;
        if (a.answered)
            reached |= quint16(1u << a.node);
        else
            failed |= quint16(1u << a.node);
        int voter = -1;
        if (a.ok)
            voter = attempt.client;
        else if (a.ownerClient > 0)
            voter = a.ownerClient;
        else if (!a.owner.isEmpty() && m_clientOfToken.contains(a.owner))
            voter = m_clientOfToken.value(a.owner);
        else if (a.answered)
            unnamed |= quint16(1u << a.node);
        if (voter >= 0) {
            ++votes[voter];
            if (a.node < nodeVotes.size())
                nodeVotes[a.node] = voter;
        }
    }
    Judgement j;
    // Fewer nodes reachable than a majority (those that failed before the decision taken
    // away; the rest answered, or would have after it): no holder and no split made it lose.
    if (nodeCount - int(qPopulationCount(failed)) < quorum)
        return j;
    for (auto it = votes.cbegin(); it != votes.cend(); ++it) {
        if (it.key() != attempt.client && it.value() >= quorum) {
            j.reason = Fail::HeldByAnother;
            j.holder = it.key();
            return j;
        }
    }
    for (const Holder& h : inSection) {
        // Its key met (named, or unnamed on a node it was granted), or nodes it holds missed.
        const bool seen = votes.contains(h.client) || (unnamed & h.nodes) != 0;
        const bool unreached = (h.nodes & ~reached) != 0;
        if (h.client != attempt.client && (seen || unreached)) {
            j.reason = Fail::HeldByAnother;
            j.holder = h.client;
            return j;
        }
    }
    if (votes.size() >= 2 && unnamed == 0) {
        j.reason = Fail::SplitVote;
        j.voters = int(votes.size());
        j.votes = nodeVotes;
    }
    return j;
}

void RoundJudge::forget(const HistoryEvent& attempt)
{
    // Answers of this op that come later belong to this round (late) or to the next one.
    QList<Answer>& answers = m_answers[attempt.op];
    answers.removeIf([&](const Answer& a) { return a.sentUs < attempt.tUs; });
    if (answers.isEmpty())
        m_answers.remove(attempt.op);
    qint64& judged = m_judgedUntilUs[attempt.client];
    judged = std::max(judged, attempt.tUs);
}
