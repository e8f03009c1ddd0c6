// SPDX-License-Identifier: GPL-3.0-or-later
// The round judge keeps a round's node answers until the round is judged, and no longer
// (issue 32: with 200 clients the memory rose for as long as the run went on). An answer that
// arrives after its round was judged (a slow node, a timeout already counted) can serve no
// later round, and is not kept: what is kept is bounded by the rounds under way.
#include "model/nodeoutcome.h"
#include "record/roundjudge.h"

#include <QTest>

namespace {
using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;

HistoryEvent answer(int client, quint64 op, int node, qint64 sentUs, qint64 atUs)
{
    HistoryEvent e = HistoryEvent::forClient(K::NodeAnswer, client, Op::Acquire, op);
    e.operation = Op::Acquire;
    e.node = node;
    e.code = quint8(NodeOutcome::Kind::Taken);
    e.tUs = atUs;
    e.latencyUs = atUs - sentUs;
    return e;
}

HistoryEvent attempt(int client, quint64 op, qint64 sinceUs, qint64 atUs)
{
    HistoryEvent e = HistoryEvent::forClient(K::Attempt, client, Op::Acquire, op);
    e.sinceUs = sinceUs;
    e.tUs = atUs;
    e.token = QByteArray::number(client) + "-" + QByteArray::number(op);
    e.code = quint8(HistoryEvent::FailReason::NoQuorum);
    return e;
}
} // namespace

class TestRoundMemory : public QObject
{
    Q_OBJECT

private slots:
    // Rounds of 5 nodes, each op's last round judged with two answers still on their way
    // (timed out), which come after: a thousand ops keep nothing.
    void lateAnswersOfJudgedRoundsAreNotKept()
    {
        RoundJudge judge;
        qint64 t = 0;
        for (quint64 op = 1; op <= 1000; ++op) {
            const int client = int(op % 20) + 1;
            const qint64 start = t;
            for (int node = 0; node < 3; ++node)
                judge.note(answer(client, op, node, start, start + 100));
            t += 1000;
            const HistoryEvent round = attempt(client, op, start, t);
            judge.note(round);
            (void)judge.judge(round, {}, 5);
            judge.forget(round);
            for (int node = 3; node < 5; ++node) // late: sent in the round, answered after
                judge.note(answer(client, op, node, start, t + 50));
            t += 100;
        }
        QCOMPARE(judge.answersKept(), qsizetype(0));
    }

    // A round under way keeps its answers until it is judged.
    void aRoundUnderWayKeepsItsAnswers()
    {
        RoundJudge judge;
        const HistoryEvent first = attempt(1, 1, 0, 1000);
        judge.forget(first);
        judge.note(answer(1, 2, 0, 2000, 2100));
        judge.note(answer(1, 2, 1, 2000, 2200));
        QCOMPARE(judge.answersKept(), qsizetype(2));
        judge.forget(attempt(1, 2, 2000, 3000));
        QCOMPARE(judge.answersKept(), qsizetype(0));
    }
};

QTEST_GUILESS_MAIN(TestRoundMemory)
#include "tst_roundmemory.moc"
