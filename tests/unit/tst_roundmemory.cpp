// SPDX-License-Identifier: GPL-3.0-or-later
// The round judge keeps a failed round until it is complete, and no longer (issue 32: with 200
// clients the memory rose for as long as the run went on). A round whose late answers come
// after its client decided is judged when the last one comes, and then nothing of it is kept;
// answers of a round that never comes are bounded per client. What is kept is bounded by the
// rounds under way.
#include "model/nodeoutcome.h"
#include "record/roundjudge.h"
#include "record/sectionjudge.h"

#include <QTest>

namespace {
using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
constexpr int Nodes = 5;

HistoryEvent answer(int client, quint64 op, int node, qint64 sentUs, qint64 atUs)
{
    HistoryEvent e = HistoryEvent::forClient(K::NodeAnswer, client, Op::Acquire, op);
    e.operation = Op::Acquire;
    e.node = node;
    e.code = quint8(NodeOutcome::Kind::Taken);
    e.tUs = atUs;
    e.sinceUs = sentUs; // the round it answers
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
    // Rounds of 5 nodes, each decided with two answers still on their way, which come after:
    // a thousand ops, each judged once its last answer came, keep nothing.
    void roundsCompletedByLateAnswersAreNotKept()
    {
        RoundJudge judge(Nodes);
        const SectionJudge sections;
        int judged = 0;
        const auto count = [&judged](const RoundJudge::Judgement&) { ++judged; };
        qint64 t = 0;
        for (quint64 op = 1; op <= 1000; ++op) {
            const int client = int(op % 20) + 1;
            const qint64 start = t;
            for (int node = 0; node < 3; ++node)
                judge.note(answer(client, op, node, start, start + 100), sections, count);
            t += 1000;
            judge.note(attempt(client, op, start, t), sections, count);
            for (int node = 3; node < Nodes; ++node) // late: sent in the round, answered after
                judge.note(answer(client, op, node, start, t + 50), sections, count);
            t += 100;
        }
        QCOMPARE(judged, 1000);
        QCOMPARE(judge.kept(), qsizetype(0));
    }

    // A round under way keeps its answers until its last answer completes it.
    void aRoundUnderWayKeepsItsAnswers()
    {
        RoundJudge judge(Nodes);
        const SectionJudge sections;
        int judged = 0;
        const auto count = [&judged](const RoundJudge::Judgement&) { ++judged; };
        judge.note(answer(1, 2, 0, 2000, 2100), sections, count);
        judge.note(answer(1, 2, 1, 2000, 2200), sections, count);
        QCOMPARE(judge.kept(), qsizetype(2)); // waiting for their attempt
        judge.note(attempt(1, 2, 2000, 3000), sections, count);
        QCOMPARE(judge.kept(), qsizetype(1)); // the round, waiting for nodes 3 to 5
        for (int node = 2; node < Nodes; ++node)
            judge.note(answer(1, 2, node, 2000, 3100), sections, count);
        QCOMPARE(judged, 1);
        QCOMPARE(judge.kept(), qsizetype(0));
    }

    // Answers whose attempt never comes (a client that vanished mid-round) are bounded.
    void answersWithoutAnAttemptAreBounded()
    {
        RoundJudge judge(Nodes);
        const SectionJudge sections;
        const auto none = [](const RoundJudge::Judgement&) {};
        for (quint64 op = 1; op <= 5000; ++op)
            judge.note(answer(7, op, int(op % Nodes), qint64(op) * 10, qint64(op) * 10 + 5),
                       sections, none);
        QVERIFY2(judge.kept() <= 1000, qPrintable(QString::number(judge.kept())));
    }
};

QTEST_GUILESS_MAIN(TestRoundMemory)
#include "tst_roundmemory.moc"
