// SPDX-License-Identifier: GPL-3.0-or-later
// One contract for every rung of the ladder (LockStrategy), run against real redis-server
// nodes: a lock excludes a second taker until it is released; callbacks come once and never
// inside the call; cancel() silences; each attempt announces its token; the answer of the
// node is reported. The rungs without a lock (none, watch) promise less, and say so.
#include "base/enumnames.h"
#include "base/steadyclock.h"
#include "lock/lockstrategy.h"
#include "lock/strategyfactory.h"
#include "net/redisconnection.h"
#include "testfleet.h"

#include <QSignalSpy>
#include <QTest>
#include <optional>

namespace {

using Kind = Strategy::Kind;

// One client's view: connections to every node and a strategy over them.
struct Client
{
    QObject owner;
    QList<RedisConnection*> connections;
    LockStrategy* strategy = nullptr;

    Client(const TestFleet& fleet, Kind kind)
    {
        QList<NodeChannel*> channels;
        for (const NodeAddress& address : fleet.addresses()) {
            auto* c = new RedisConnection(address, {}, SteadyClock::instance(), &owner);
            c->open();
            connections << c;
            channels << c;
        }
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(connections.cbegin(), connections.cend(),
                                             [](auto* c) { return c->isReady(); }),
                                 5000);
        QString error;
        strategy =
            StrategyFactory::create(kind, channels, nullptr, SteadyClock::instance(), &error);
        if (strategy) {
            strategy->setParent(&owner);
            LockSettings s;
            s.ttlMs = 3000;
            s.retryCount = 0;
            strategy->setSettings(s);
        }
    }

    LockStrategy::AcquireResult acquire()
    {
        std::optional<LockStrategy::AcquireResult> out;
        bool insideCall = true;
        bool calledInside = false;
        strategy->acquire("contract-lock", [&](const LockStrategy::AcquireResult& r) {
            calledInside = insideCall;
            out = r;
        });
        insideCall = false;
        if (!QTest::qWaitFor([&] { return out.has_value(); }, 5000))
            qFatal("acquire never answered");
        if (calledInside)
            qFatal("acquire answered from inside the call");
        return *out;
    }

    LockStrategy::ReleaseResult release(const Lock& lock)
    {
        std::optional<LockStrategy::ReleaseResult> out;
        strategy->release(lock, [&](const LockStrategy::ReleaseResult& r) { out = r; });
        if (!QTest::qWaitFor([&] { return out.has_value(); }, 5000))
            qFatal("release never answered");
        return *out;
    }
};

} // namespace

class TestStrategyContract : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<AttemptResult>(); }

    void everyRung_data()
    {
        QTest::addColumn<Kind>("kind");
        for (const QString& name : Strategy::names()) {
            const auto kind = *EnumNames::parse<Kind>(name);
            QString why;
            if (StrategyFactory::canRun(kind, false, &why))
                QTest::newRow(qPrintable(name)) << kind;
        }
    }

    void everyRung()
    {
        QFETCH(Kind, kind);
        TestFleet fleet(3);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        Client a(fleet, kind);
        Client b(fleet, kind);
        QVERIFY(a.strategy && b.strategy);
        // The settings' answer (fencing=on said to do nothing) is the strategy's own.
        QCOMPARE(Strategy::canFence(kind), a.strategy->canFence());
        const bool locks = a.strategy->exclusion() == LockStrategy::Exclusion::Lock;

        // Each attempt announces its token before the nodes see it.
        QSignalSpy started(a.strategy, &LockStrategy::attemptStarted);
        QSignalSpy decided(a.strategy, &LockStrategy::attemptDecided);
        const auto first = a.acquire();
        QVERIFY(first.acquired);
        QVERIFY(!first.lock.token.isEmpty());
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.first().at(2).toByteArray(), first.lock.token);
        QCOMPARE(decided.size(), 1);
        QVERIFY(first.lock.validUntilUs > SteadyClock::instance().nowUs());

        // A lock excludes a second taker; no lock does not.
        const auto second = b.acquire();
        QCOMPARE(second.acquired, !locks);
        if (locks)
            QVERIFY(second.reason != HistoryEvent::FailReason::None);

        // Released, the lock can be taken by the other.
        a.release(first.lock);
        const auto third = b.acquire();
        QVERIFY(third.acquired);
        b.release(third.lock);

        // The keys it used are gone from every node (no key left behind by a release).
        for (int node = 0; node < fleet.count(); ++node)
            QCOMPARE(fleet.command(node, {"EXISTS", "contract-lock"}).integer, 0);

        // cancel() silences what is in flight.
        bool called = false;
        a.strategy->acquire("contract-lock",
                            [&](const LockStrategy::AcquireResult&) { called = true; });
        a.strategy->cancel();
        QTest::qWait(300);
        QVERIFY(!called);
    }

    void unknownOrUnavailableRungsSayWhy()
    {
        QString why;
        QVERIFY(!StrategyFactory::canRun(Kind::Failover, false, &why));
        QVERIFY2(why.contains(QStringLiteral("Sentinel")), qPrintable(why));
        QVERIFY(!EnumNames::parse<Kind>(QStringLiteral("paxos")));
    }
};

QTEST_GUILESS_MAIN(TestStrategyContract)
#include "tst_strategycontract.moc"
