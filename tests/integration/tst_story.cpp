// SPDX-License-Identifier: GPL-3.0-or-later
// The same seed tells the same story (issue 21): what depends on the machine (connection
// handshakes, process start) stays out of the story's timeline, and the moment a class waits
// for comes every time. Real nodes, a real storage.
#include "enginerunner.h"
#include "record/eventtext.h"
#include "testfleet.h"

#include <QSignalSpy>
#include <QTest>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;

EngineConfig config()
{
    EngineConfig c; // five local nodes and a local storage
    c.initialClients = 0;
    return c;
}

QList<HistoryEvent> matching(const EngineRunner& engine,
                             const std::function<bool(const HistoryEvent&)>& test)
{
    QList<HistoryEvent> out;
    for (const HistoryEvent& e : engine.events())
        if (test(e))
            out << e;
    return out;
}

ScenarioResult play(EngineRunner& engine, const QString& text, int timeoutMs)
{
    QSignalSpy finished(&engine.controller(), &EngineController::scenarioFinished);
    engine.controller().runScenario(QStringLiteral("test"), text);
    if (!finished.wait(timeoutMs))
        return {ScenarioResult::Outcome::CouldNotRun, {}, QStringLiteral("no end in time")};
    engine.settle(); // every event of the scenario has arrived
    return finished.first().first().value<ScenarioResult>();
}

} // namespace

class TestStory : public QObject
{
    Q_OBJECT

private slots:
    // The GC-pause case with fencing, written as a user would: the paused client's read must
    // not fail "still connecting" (its first read waited for the storage's handshake), so its
    // stale write comes, and is refused, every time.
    void theRejectionComesEveryTime()
    {
        for (int run = 0; run < 3; ++run) {
            EngineRunner engine(config());
            QString error;
            QVERIFY2(engine.start(20000, &error), qPrintable(error));
            const ScenarioResult r =
                play(engine,
                     QStringLiteral("stock 100\n"
                                    "client add A ttl=2000 work=1000 fencing=on think=60000\n"
                                    "client pause A 4000 before-write\n"
                                    "client add B ttl=2000 work=300 fencing=on think=60000 "
                                    "retries=100 retrydelay=100\n"
                                    "wait until stale-write-rejected 10000\n"
                                    "expect overlaps == 1\n"
                                    "expect stale_writes_rejected == 1\n"
                                    "expect stale_writes == 0\n"),
                     20000);
            QVERIFY2(r.outcome == ScenarioResult::Outcome::Passed, qPrintable(r.reason));
            QVERIFY(matching(engine, [](const HistoryEvent& e) {
                        return e.is(K::Fail, Op::Read);
                    }).isEmpty());
        }
    }

    // `client add` answers once the client's connections are made: the next line of a story
    // begins at the same point whatever the handshakes cost. Its first try follows at once.
    void addingAClientWaitsForItsConnections()
    {
        EngineRunner engine(config());
        QString error;
        QVERIFY2(engine.start(20000, &error), qPrintable(error));
        QVERIFY(engine.command(QStringLiteral("stock 10")));
        QVERIFY(engine.command(QStringLiteral("client add C1 think=60000")));
        // Answered: every one of its connections is up, and it has tried (or is trying).
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) {
                return !s.clients.isEmpty() && s.clients.first().attempts >= 1;
            },
            2000));
        const QList<HistoryEvent> answers =
            matching(engine, [](const HistoryEvent& e) { return e.kind == K::NodeAnswer; });
        for (const HistoryEvent& e : answers)
            QVERIFY2(!e.text.contains(QStringLiteral("still connecting")),
                     qPrintable(EventText().describe(e)));
    }

    // A read the storage does not answer ends the section in words (and the lock is
    // released), instead of working on with nothing read.
    void aFailedReadEndsTheSection()
    {
        TestFleet storage(1);
        QVERIFY2(storage.ok(), qPrintable(storage.error()));
        EngineConfig c = config();
        c.storage = storage.address(0);
        EngineRunner engine(c);
        QString error;
        QVERIFY2(engine.start(20000, &error), qPrintable(error));
        QVERIFY(engine.command(QStringLiteral("stock 10")));
        QVERIFY(engine.command(QStringLiteral("client add C1 work=100 think=500")));
        QVERIFY(
            engine.waitFor([](const EngineSnapshot& s) { return s.counters.sales >= 1; }, 10000));
        storage.node(0)->kill(); // SIGKILL: the next read is refused
        const auto readFailedEnd = [](const HistoryEvent& e) {
            return e.kind == K::SectionEnd && HistoryEvent::SectionEndReason(e.code) ==
                                                  HistoryEvent::SectionEndReason::ReadFailed;
        };
        QVERIFY(engine.waitFor(
            [&](const EngineSnapshot&) { return !matching(engine, readFailedEnd).isEmpty(); },
            10000));
        const HistoryEvent end = matching(engine, readFailedEnd).constFirst();
        QVERIFY(EventText().describe(end).contains(QStringLiteral("read failed")));
        // Released at once: no write, no work on nothing.
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) {
                return !s.clients.isEmpty() && !s.clients.first().inSection;
            },
            2000));
        QCOMPARE(engine.last().counters.sales, 1);
    }
};

QTEST_GUILESS_MAIN(TestStory)
#include "tst_story.moc"
