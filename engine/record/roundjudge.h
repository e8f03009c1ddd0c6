// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"
#include "record/sectionjudge.h"

#include <QHash>
#include <QList>
#include <functional>

// Judges a failed acquisition round once it is complete, from all of its answers, late ones
// included, where the client that made it decided on the answers it had then (docs/domain.md,
// "Split votes", and "The checker's counters": "Rounds"). The client says "no quorum"; the judge
// tells whether another client held the lock (held by another), only the leftover keys of a lock
// no longer valid refused it (held by an expired lock), the votes were split (no client held a
// majority at any moment of the round, and its votes went to two clients or more), or none of
// these (no quorum).
//
// A round is complete when every node it asked answered it (or answered its release), when its
// client crashed, stopped or was removed, or at the end of the run.
class RoundJudge
{
public:
    struct Judgement
    {
        int client = -1; // whose round
        quint64 op = 0;
        qint64 startUs = 0;
        qint64 endUs = 0; // when it completed
        HistoryEvent::FailReason reason = HistoryEvent::FailReason::NoQuorum;
        int holder = -1;      // HeldByAnother, HeldByExpired: who
        int voters = 0;       // SplitVote: how many clients the votes went to
        int ownVotes = 0;     // the nodes that voted for the round's own client
        quint16 ownNodes = 0; // and which
        QList<int> votes;     // per node index, the client it voted for (-1: none, unknown)

        // The `round-judged` event that records it.
        HistoryEvent toEvent(const QByteArray& resource) const;
    };
    using Judged = std::function<void(const Judgement&)>;

    // `nodeCount`: the fleet's size; a majority of it is the quorum.
    explicit RoundJudge(int nodeCount) : m_nodeCount(nodeCount) {}

    // Every event, in order; the rounds it completes are judged against `sections` (the holds)
    // and handed to `judged`, in the order they completed.
    void note(const HistoryEvent& e, const SectionJudge& sections, const Judged& judged);
    // The end of the run at `lastUs`: every round still waiting is judged.
    void finish(qint64 lastUs, const SectionJudge& sections, const Judged& judged);
    // The client whose attempt used `token`, -1 when not one of this run's (or forgotten).
    int clientOf(const QByteArray& token) const;
    // The earliest start of a round still to be judged that has answered so far (`nowUs` when
    // none): the holds that ended before it can matter to no round but one that waits longer
    // than its per-node timeouts for a first answer.
    qint64 oldestStartUs(qint64 nowUs) const;
    // Rounds waiting to be complete and answers waiting for their attempt (for tests: bounded
    // by the rounds under way, however long the run goes on).
    qsizetype kept() const;

private:
    struct Round
    {
        int client = -1;
        quint64 op = 0;
        qint64 startUs = 0;
        quint16 asked = 0;
        QHash<int, HistoryEvent> answers; // node index -> its first answer
        quint16 released = 0;             // nodes that answered the round's release
        QByteArray resource;
    };
    struct Attempted
    {
        int client = -1;
        qint64 tUs = 0; // when its attempt was decided
    };

    void onAttempt(const HistoryEvent& e, const SectionJudge& sections, const Judged& judged);
    void onAnswer(const HistoryEvent& e, const SectionJudge& sections, const Judged& judged);
    static bool answers(const HistoryEvent& answer, const Round& round);
    static bool complete(const Round& round);
    void completeWhere(const std::function<bool(const Round&)>& which, qint64 endUs,
                       const SectionJudge& sections, const Judged& judged);
    Judgement judge(const Round& round, qint64 endUs, const SectionJudge& sections) const;
    int voterOf(const HistoryEvent& answer, const Round& round) const;
    void rememberToken(const HistoryEvent& attempt);

    int m_nodeCount;
    QList<Round> m_pending;                        // decided rounds, not yet complete
    QHash<int, QList<HistoryEvent>> m_waiting;     // client -> answers before their attempt
    QHash<QByteArray, Attempted> m_attemptOfToken; // every attempt's token
    QList<QByteArray> m_tokens;                    // in the order they came (to forget the oldest)
};
