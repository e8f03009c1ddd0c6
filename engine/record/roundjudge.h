// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QHash>
#include <QList>

// Judges a failed acquisition round from the whole history, where the client that made it
// saw only its own answers (docs/domain.md, "Split votes"). The client says "no quorum"; the
// judge tells which it was (a round that reached fewer nodes than a majority stays "no
// quorum": down, slow or cut-off nodes cost it, whoever held what):
// - held by another: another client held the lock: the nodes named it on a majority, or it
//   was inside its critical section and the round met its key or did not reach every node
//   it had been granted;
// - split vote: nobody held a majority and the votes went to two clients or more (the round's
//   own votes and the holders the refusing nodes named);
// - no quorum: anything else (nodes down or cut off, the client's own earlier keys).
class RoundJudge
{
public:
    // A client inside its critical section on the round's resource.
    struct Holder
    {
        int client = -1;
        quint16 nodes = 0; // granted to it
    };
    struct Judgement
    {
        HistoryEvent::FailReason reason = HistoryEvent::FailReason::NoQuorum;
        int holder = -1;  // HeldByAnother: who
        int voters = 0;   // SplitVote: how many clients the votes went to
        QList<int> votes; // SplitVote: per node index, the client it voted for (-1: none)
    };

    // Every event, in order (node answers, attempts, the tokens the attempts used).
    void note(const HistoryEvent& e);
    // The judgement of a failed round (its Attempt event), given who is in a section now and
    // the fleet's size (a majority of it is the quorum).
    Judgement judge(const HistoryEvent& attempt, const QList<Holder>& inSection,
                    int nodeCount) const;
    // The client whose attempt used `token`, -1 when not one of this run's (or forgotten).
    int clientOf(const QByteArray& token) const { return m_clientOfToken.value(token, -1); }
    // Forgets what no later round can need (answers of decided rounds, old tokens).
    void forget(const HistoryEvent& attempt);
    // Node answers kept for rounds still to be judged (for tests: bounded by the rounds
    // under way, however long the run).
    qsizetype answersKept() const
    {
        qsizetype n = 0;
        for (const QList<Answer>& answers : m_answers)
            n += answers.size();
        return n;
    }

private:
    struct Answer
    {
        qint64 sentUs = 0;
        int node = -1;
        bool ok = false;
        bool answered = false; // Ok or Taken: the node was reached (else down, timeout, error)
        QByteArray owner;      // Taken: the token the node named
        int ownerClient = -1;  // and whose it was, as recorded
    };

    QHash<quint64, QList<Answer>> m_answers; // op -> its node answers so far
    QHash<QByteArray, int> m_clientOfToken;  // every attempt's token -> its client
    QList<QByteArray> m_tokens;              // in the order they came (to forget the oldest)
    QHash<int, qint64> m_judgedUntilUs;      // client -> the end of its last judged round
};
