// SPDX-License-Identifier: GPL-3.0-or-later
// The counterexample search's schedules (engine/search/): drawn from the seed and nothing
// else, never more nodes faulty at once than the bound, never a fault a node or a client
// cannot take then, every fault over before the end, and always a scenario the parser takes.
#include "scenario/scenarioparser.h"
#include "search/schedulegenerator.h"

#include <QTest>

namespace {

using Kind = ScheduleStep::Kind;
using F = SearchOptions::FaultKind;

SearchOptions options(Strategy::Kind strategy, const QList<F>& faults, int clients = 3,
                      int maxFaulty = -1)
{
    SearchOptions o;
    o.strategy = strategy;
    o.faults = faults;
    o.clients = clients;
    o.maxFaulty = maxFaulty;
    return o;
}

// When each node is taken by a fault, as the generator counts it.
QList<QPair<int, int>> busy(const Schedule& s, int node)
{
    QList<QPair<int, int>> spans;
    for (const ScheduleStep& step : s.steps)
        if (step.isNodeFault() && step.node == node)
            spans << qMakePair(step.atMs,
                               step.busyUntilMs(s.endMs * 4, ScheduleGenerator::SettleMs));
    return spans;
}

int joinedAt(const Schedule& s, const QString& client)
{
    for (const ScheduleStep& step : s.steps)
        if (step.kind == Kind::AddClient && step.client == client)
            return step.atMs;
    return -1;
}

} // namespace

class TestScheduleGenerator : public QObject
{
    Q_OBJECT

private slots:
    void sameSeedSameSchedule()
    {
        const ScheduleGenerator generator(
            options(Strategy::Kind::Redlock, SearchOptions::allFaults()));
        QSet<QString> texts;
        for (quint64 seed = 1; seed <= 50; ++seed) {
            const Schedule a = generator.generate(seed);
            const Schedule b = generator.generate(seed);
            QCOMPARE(a.toScenario(), b.toScenario());
            // A second generator made from the same options draws the same.
            QCOMPARE(ScheduleGenerator(options(Strategy::Kind::Redlock, SearchOptions::allFaults()))
                         .generate(seed)
                         .toScenario(),
                     a.toScenario());
            texts.insert(a.toScenario());
        }
        QCOMPARE(texts.size(), 50); // fifty seeds, fifty schedules
    }

    void seedSequenceIsFixedAndFitsAScenario()
    {
        quint64 seed = 1;
        QSet<quint64> seen;
        for (int i = 0; i < 1000; ++i) {
            seed = ScheduleGenerator::nextSeed(seed);
            QVERIFY(seed < (quint64(1) << 53));
            seen.insert(seed);
        }
        QCOMPARE(seen.size(), 1000);
        // Fixed values: a search with seed 1 tries these schedules, today and after any change.
        QCOMPARE(ScheduleGenerator::nextSeed(1), ScheduleGenerator::nextSeed(1));
        QCOMPARE(ScheduleGenerator(options(Strategy::Kind::Redlock, {})).generate(7).seed, 7u);
    }

    void neverMoreNodesFaultyThanTheBound_data()
    {
        QTest::addColumn<int>("bound");
        QTest::newRow("one") << 1;
        QTest::newRow("two (a minority of five)") << -1;
        QTest::newRow("three") << 3;
    }

    void neverMoreNodesFaultyThanTheBound()
    {
        QFETCH(int, bound);
        const SearchOptions o =
            options(Strategy::Kind::Redlock, SearchOptions::allFaults(), 3, bound);
        const ScheduleGenerator generator(o);
        int faults = 0;
        int mostAtOnce = 0;
        for (quint64 seed = 1; seed <= 400; ++seed) {
            const Schedule s = generator.generate(seed);
            for (int node = 1; node <= 5; ++node) {
                const auto spans = busy(s, node);
                for (qsizetype i = 0; i < spans.size(); ++i)
                    for (qsizetype j = i + 1; j < spans.size(); ++j)
                        QVERIFY2(spans[i].second <= spans[j].first ||
                                     spans[j].second <= spans[i].first,
                                 qPrintable(QStringLiteral("seed %1: node %2 takes two faults at "
                                                           "once:\n%3")
                                                .arg(seed)
                                                .arg(node)
                                                .arg(s.toScenario())));
            }
            // At every fault's start, how many nodes are taken.
            for (const ScheduleStep& step : s.steps) {
                if (!step.isNodeFault())
                    continue;
                ++faults;
                QSet<int> taken;
                for (int node = 1; node <= 5; ++node)
                    for (const auto& span : busy(s, node))
                        if (span.first <= step.atMs && step.atMs < span.second)
                            taken.insert(node);
                mostAtOnce = std::max(mostAtOnce, int(taken.size()));
                QVERIFY2(taken.size() <= o.faultyBound(),
                         qPrintable(QStringLiteral("seed %1: %2 nodes faulty at %3 ms:\n%4")
                                        .arg(seed)
                                        .arg(taken.size())
                                        .arg(step.atMs)
                                        .arg(s.toScenario())));
            }
        }
        QVERIFY(faults > 400);                 // faults were drawn, not left out
        QCOMPARE(mostAtOnce, o.faultyBound()); // and the bound is reached, not only kept
    }

    void clientFaultsOnlyWhereTheyCanBe()
    {
        const ScheduleGenerator generator(
            options(Strategy::Kind::SetnxExpire, {F::ClientPause, F::ClientCrash}, 3));
        QSet<QString> moments;
        for (quint64 seed = 1; seed <= 400; ++seed) {
            const Schedule s = generator.generate(seed);
            for (const ScheduleStep& step : s.steps) {
                if (!step.isClientFault())
                    continue;
                QVERIFY(joinedAt(s, step.client) >= 0);
                QVERIFY(joinedAt(s, step.client) <= step.atMs); // not before it joined
                moments.insert(step.moment);
                if (!step.moment.isEmpty())
                    QVERIFY(step.endLines().isEmpty()); // an armed crash is never restarted
                // Nothing else is done to that client while this lasts.
                for (const ScheduleStep& other : s.steps) {
                    if (&other == &step || !other.isClientFault() || other.client != step.client)
                        continue;
                    const int until = step.busyUntilMs(s.endMs * 4, ScheduleGenerator::SettleMs);
                    const int otherUntil =
                        other.busyUntilMs(s.endMs * 4, ScheduleGenerator::SettleMs);
                    QVERIFY2(until <= other.atMs || otherUntil <= step.atMs,
                             qPrintable(s.toScenario()));
                }
            }
        }
        // The rung's own hazard is among the moments drawn, and nothing another rung has.
        QVERIFY(moments.contains(QStringLiteral("before-expire")));
        QVERIFY(moments.contains(QStringLiteral("before-write")));
        QVERIFY(!moments.contains(QStringLiteral("before-delete")));
    }

    void everyFaultEndsBeforeTheScheduleDoes()
    {
        const ScheduleGenerator generator(
            options(Strategy::Kind::Redlock, SearchOptions::allFaults()));
        for (quint64 seed = 1; seed <= 300; ++seed) {
            const Schedule s = generator.generate(seed);
            for (const ScheduleStep& step : s.steps) {
                QVERIFY(step.atMs <= s.endMs);
                if (!step.endLines().isEmpty() || step.kind == Kind::Pause ||
                    step.kind == Kind::Kill || step.kind == Kind::ClientPause)
                    QVERIFY2(step.endMs() <= s.endMs, qPrintable(s.toScenario()));
            }
        }
    }

    void aScenarioTheParserTakes()
    {
        for (Strategy::Kind strategy : {Strategy::Kind::Redlock, Strategy::Kind::TokenGetDel}) {
            SearchOptions o = options(strategy, SearchOptions::allFaults());
            o.persistence = SearchOptions::Persistence::Always;
            const ScheduleGenerator generator(o);
            for (quint64 seed = 1; seed <= 100; ++seed) {
                const Schedule s = generator.generate(seed);
                ScenarioParser::Error error;
                const auto parsed =
                    ScenarioParser::parse(s.toScenario({QStringLiteral("a comment")},
                                                       {{500, "A caption", "字幕", "字幕"}},
                                                       {QStringLiteral("expect safe")}),
                                          QStringLiteral("generated"), {5}, &error);
                QVERIFY2(parsed, qPrintable(error.message));
                QCOMPARE(parsed->seed, std::optional<quint64>(s.seed));
                QVERIFY(s.toScenario().contains(QStringLiteral("node persistence 5 always")));
            }
        }
    }

    void singleNodeRungsAreFaultedOnTheirNode()
    {
        const ScheduleGenerator generator(
            options(Strategy::Kind::TokenLua, {F::Kill, F::Pause, F::Partition, F::Clock}));
        int faults = 0;
        for (quint64 seed = 1; seed <= 100; ++seed)
            for (const ScheduleStep& step : generator.generate(seed).steps)
                if (step.isNodeFault()) {
                    QCOMPARE(step.node, 1);
                    ++faults;
                }
        QVERIFY(faults > 100);
    }

    void pinnedSettingsStayAndTheRestIsDrawn()
    {
        SearchOptions o = options(Strategy::Kind::Redlock, {F::ClientPause});
        o.pinned = {QStringLiteral("ttl=1000"), QStringLiteral("careful=off")};
        const ScheduleGenerator generator(o);
        QSet<QString> works;
        for (quint64 seed = 1; seed <= 50; ++seed) {
            const Schedule s = generator.generate(seed);
            QCOMPARE(s.defaults.first(), QStringLiteral("strategy=redlock"));
            QVERIFY(s.defaults.contains(QStringLiteral("ttl=1000")));
            QVERIFY(s.defaults.contains(QStringLiteral("careful=off")));
            QCOMPARE(s.defaults.filter(QStringLiteral("ttl=")).size(), 1);
            for (const QString& d : s.defaults)
                if (d.startsWith(QStringLiteral("work=")))
                    works.insert(d);
            ClientSettings settings;
            QString error;
            QVERIFY2(settings.withAssignments(s.defaults, &error), qPrintable(error));
            // A pause is of the lock's scale: from a fifth of the TTL to three TTLs.
            for (const ScheduleStep& step : s.steps)
                if (step.kind == Kind::ClientPause)
                    QVERIFY(step.lengthMs >= 200 && step.lengthMs <= 3000);
        }
        QVERIFY(works.size() > 10);
    }

    void partitionsCutOnlyClientsThatAreThere()
    {
        const ScheduleGenerator generator(options(Strategy::Kind::Redlock, {F::Partition}, 4));
        int named = 0;
        for (quint64 seed = 1; seed <= 200; ++seed) {
            const Schedule s = generator.generate(seed);
            for (const ScheduleStep& step : s.steps)
                for (const QString& client : step.cut) {
                    ++named;
                    QVERIFY(joinedAt(s, client) <= step.atMs);
                }
        }
        QVERIFY(named > 50);
    }
};

QTEST_GUILESS_MAIN(TestScheduleGenerator)
#include "tst_schedulegenerator.moc"
