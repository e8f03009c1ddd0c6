// SPDX-License-Identifier: GPL-3.0-or-later
// The critical section on a real resource (issue 8), against real nodes and a real storage: the
// oversell ladder's purchase with careless clients, the careful client, pauses far from and right
// before the write, fencing, and locks released on exit. Every verdict is checked against the
// storage's own data (GET stock) and the nodes' (PTTL).
#include "enginerunner.h"
#include "model/verdict.h"
#include "storage/stockaccess.h"
#include "testfleet.h"

#include <QTest>

namespace {

EngineConfig config(int clients, const QString& settings)
{
    EngineConfig c; // five local nodes and a local storage
    c.initialClients = 0;
    QString error;
    c.clientDefaults = *c.clientDefaults.withAssignments(settings.split(' '), &error);
    Q_ASSERT_X(error.isEmpty(), "config", qPrintable(error));
    c.initialClients = clients;
    return c;
}

bool startWithStock(EngineRunner& engine, int items, const QString& clients = {})
{
    QString error;
    if (!engine.start(20000, &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    QString message;
    if (!engine.command(QStringLiteral("stock %1").arg(items), &message)) {
        qWarning("%s", qPrintable(message));
        return false;
    }
    for (const QString& line : clients.split(';', Qt::SkipEmptyParts))
        if (!engine.command(line.trimmed(), &message)) {
            qWarning("%s: %s", qPrintable(line), qPrintable(message));
            return false;
        }
    return true;
}

qint64 storedStock(const EngineRunner& engine)
{
    QString error;
    const auto storage = NodeAddress::parse(engine.last().storage.address, &error);
    return TestFleet::redisCommand(*storage, {"GET", StockAccess::StockKey}).text.toLongLong();
}

QString verdictOf(const EngineRunner& engine)
{
    return Verdict::headline(engine.last().counters);
}

} // namespace

class TestCriticalSection : public QObject
{
    Q_OBJECT

private slots:
    // The oversell ladder's code: the job outlives the TTL. Careless clients write anyway: two
    // are inside at once, and the stock shows it (lost updates, the count the storage holds).
    void carelessClientsDamageTheStock()
    {
        EngineRunner engine(config(0, QStringLiteral("ttl=600 work=900 think=20 retrydelay=20 "
                                                     "retryjitter=20 careful=off")));
        QVERIFY(startWithStock(engine, 100, QStringLiteral("client add C1; client add C2")));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) {
                return s.counters.lostUpdates >= 2 && s.counters.staleWrites >= 1;
            },
            20000));
        QVERIFY(engine.command(QStringLiteral("client stop all")));
        // The storage card catches up (waited for: two busy cores outlast a fixed sleep).
        const qint64 left = storedStock(engine);
        QVERIFY(engine.settle());
        QVERIFY(engine.waitFor([left](const EngineSnapshot& s) { return s.storage.stock == left; },
                               10000));
        const CheckCounters& c = engine.last().counters;
        QVERIFY(c.overlaps >= 1);
        QVERIFY(c.lockLost >= 1);
        QCOMPARE(Verdict::level(c), Verdict::Level::Damaged);
        // The checker's lost updates are exactly what the storage shows.
        QCOMPARE(c.lostUpdates, c.sales - (100 - left));
    }

    void carefulClientsGiveUpAndNothingIsDamaged()
    {
        EngineRunner engine(config(0, QStringLiteral("ttl=600 work=900 think=20 retrydelay=20 "
                                                     "retryjitter=20 careful=on")));
        QVERIFY(startWithStock(engine, 100, QStringLiteral("client add C1; client add C2")));
        QVERIFY(engine.waitFor([](const EngineSnapshot& s) { return s.counters.lockLost >= 4; },
                               20000));
        const CheckCounters& c = engine.last().counters;
        QVERIFY2(c.safe(), qPrintable(verdictOf(engine)));
        QCOMPARE(c.sales, 0); // the work never fits: nothing is bought, nothing is damaged
        QCOMPARE(storedStock(engine), 100);
        quint64 gaveUp = 0;
        for (const ClientSnapshot& client : engine.last().clients)
            gaveUp += client.gaveUp;
        QVERIFY(gaveUp >= 4);
    }

    // Work that fits the TTL: every purchase is a sale, the stock counts down exactly.
    void aFittingSectionSellsExactly()
    {
        EngineRunner engine(config(0, QStringLiteral("ttl=2000 work=30 think=10 retrydelay=10 "
                                                     "retryjitter=20")));
        QVERIFY(startWithStock(engine, 20, QStringLiteral("client add; client add; client add")));
        QVERIFY(
            engine.waitFor([](const EngineSnapshot& s) { return s.counters.sales >= 20; }, 20000));
        QVERIFY(engine.settle());
        const CheckCounters& c = engine.last().counters;
        QVERIFY2(c.safe(), qPrintable(verdictOf(engine)));
        QCOMPARE(c.sales, 20);
        QCOMPARE(storedStock(engine), 0);
    }

    // A pause far from expiry is no violation, and a pause does not freeze the validity:
    // once resumed, the client still gives up when its validity ends (was: never noticed).
    void aShortPauseIsNoAlarmAndDoesNotFreezeValidity()
    {
        EngineRunner engine(config(1, QStringLiteral("ttl=1500 work=4000 think=20")));
        QString error;
        QVERIFY2(engine.start(20000, &error), qPrintable(error));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) { return !s.clients.isEmpty() && s.clients[0].inSection; },
            10000));
        QVERIFY(engine.command(QStringLiteral("client pause C1 200")));
        QVERIFY(engine.command(QStringLiteral("client add C2")));
        QVERIFY(engine.waitFor([](const EngineSnapshot& s) { return s.clients[0].lockLosses >= 1; },
                               5000));
        QVERIFY(
            engine.waitFor([](const EngineSnapshot& s) { return s.clients[0].gaveUp >= 1; }, 2000));
        QVERIFY(engine.settle());
        QVERIFY2(engine.last().counters.safe(), qPrintable(verdictOf(engine)));
    }

    // Kleppmann's GC pause, armed between the careful check and the write: C1's lock
    // expires while it is frozen, C2 acquires, C1 wakes and writes. Without fencing the
    // storage takes the stale write.
    void pauseBeforeWriteGivesAStaleWrite()
    {
        EngineRunner engine(config(0, QStringLiteral("ttl=800 work=200 think=50 retrydelay=20 "
                                                     "retryjitter=10 retries=50")));
        QVERIFY(startWithStock(engine, 100, QStringLiteral("client add C1")));
        QVERIFY(engine.command(QStringLiteral("client pause C1 1500 before-write")));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) {
                return !s.clients.isEmpty() && s.clients[0].state == ClientSnapshot::State::Paused;
            },
            5000));
        QVERIFY(engine.command(QStringLiteral("client add C2 work=100")));
        QVERIFY(engine.waitFor([](const EngineSnapshot& s) { return s.counters.staleWrites >= 1; },
                               10000));
        const CheckCounters& c = engine.last().counters;
        QVERIFY(c.overlaps >= 1);
        QCOMPARE(Verdict::level(c), Verdict::Level::Damaged);
    }

    // The same with fencing: C2's newer token reached the storage first, so C1's stale write
    // is rejected. The sections overlapped, the data is safe, and the verdict says both.
    void fencingRejectsTheStaleWrite()
    {
        EngineRunner engine(config(0, QStringLiteral("ttl=800 work=200 think=50 retrydelay=20 "
                                                     "retryjitter=10 retries=50 fencing=on")));
        QVERIFY(startWithStock(engine, 100, QStringLiteral("client add C1")));
        QVERIFY(
            engine.waitFor([](const EngineSnapshot& s) { return s.counters.sales >= 1; }, 10000));
        QVERIFY(engine.command(QStringLiteral("client pause C1 1500 before-write")));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) {
                return !s.clients.isEmpty() && s.clients[0].state == ClientSnapshot::State::Paused;
            },
            5000));
        QVERIFY(engine.command(QStringLiteral("client add C2 work=100")));
        QVERIFY(engine.waitFor(
            [](const EngineSnapshot& s) { return s.counters.staleWritesRejected >= 1; }, 10000));
        QVERIFY(engine.command(QStringLiteral("client stop all")));
        const CheckCounters& c = engine.last().counters;
        QVERIFY(c.overlaps >= 1);
        QCOMPARE(c.staleWrites, 0);
        QCOMPARE(c.lostUpdates, 0);
        QCOMPARE(Verdict::level(c), Verdict::Level::Fenced);
        QVERIFY2(verdictOf(engine).contains(QLatin1String("the data is safe")),
                 qPrintable(verdictOf(engine)));
        // The tokens the lane and the storage show are real: one counter per granting node.
        QVERIFY(
            engine.waitFor([](const EngineSnapshot& s) { return s.storage.rejected >= 1; }, 2000));
        QVERIFY(engine.last().storage.newestFence.nodes().size() >= 3);
        QVERIFY(engine.settle());
        QCOMPARE(engine.last().counters.sales, 100 - storedStock(engine));
    }

    // On exit every held lock is released on every reachable node: external nodes keep no
    // key for the rest of its TTL (checked with PTTL on the nodes themselves).
    void exitReleasesExternalKeys()
    {
        TestFleet fleet(5);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        EngineConfig c = config(1, QStringLiteral("ttl=30000 work=20000"));
        c.nodes = fleet.addresses();
        {
            EngineRunner engine(c);
            QString error;
            QVERIFY2(engine.start(20000, &error), qPrintable(error));
            QVERIFY(engine.waitFor(
                [](const EngineSnapshot& s) {
                    return !s.clients.isEmpty() && s.clients[0].inSection;
                },
                10000));
            for (int i = 0; i < 5; ++i)
                QVERIFY(fleet.command(i, {"PTTL", "stock-lock"}).integer > 20000);
        } // the app exits here
        for (int i = 0; i < 5; ++i)
            QCOMPARE(fleet.command(i, {"PTTL", "stock-lock"}).integer, -2);
    }
};

QTEST_GUILESS_MAIN(TestCriticalSection)
#include "tst_criticalsection.moc"
