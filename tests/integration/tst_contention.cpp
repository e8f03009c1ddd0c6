// SPDX-License-Identifier: GPL-3.0-or-later
// Ten clients contending for one resource on five real nodes for 20 s: mutual exclusion
// holds (the safety checker finds no overlapping believed windows) and everyone progresses.
#include "enginerunner.h"
#include "model/verdict.h"
#include "testfleet.h"

#include <QTest>
#include <algorithm>

class TestContention : public QObject
{
    Q_OBJECT

private slots:
    void tenClientsTwentySeconds()
    {
        TestFleet fleet(5);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        EngineConfig config;
        config.nodes = fleet.addresses();
        config.initialClients = 10;
        config.clientDefaults.lock.ttlMs = 2000;
        config.clientDefaults.workMinMs = 50;
        config.clientDefaults.workMaxMs = 150;
        config.clientDefaults.thinkMs = 20;
        config.clientDefaults.extendBelowMs = 500;
        EngineRunner engine(config);
        QString error;
        QVERIFY2(engine.start(10000, &error), qPrintable(error));

        QTest::qWait(20000); // twenty seconds of contention, at the least

        // One holder at a time, each for ~100 ms: about 100 acquisitions in 20 s is the best
        // possible; well over half of that, and every client served, shows the lock is not
        // stuck. Progress, not a rate: two busy cores under the sanitizers fit fewer rounds
        // into the same 20 s, so the run goes on until it is there (a bound for a hang only).
        const auto total = [&engine] {
            quint64 sum = 0;
            for (const ClientSnapshot& c : engine.last().clients)
                sum += c.acquisitions;
            return sum;
        };
        const auto everyoneServed = [&engine] {
            const QList<ClientSnapshot>& clients = engine.last().clients;
            return std::all_of(clients.cbegin(), clients.cend(),
                               [](const ClientSnapshot& c) { return c.acquisitions > 0; });
        };
        QTRY_VERIFY2_WITH_TIMEOUT(everyoneServed() && total() > 60,
                                  qPrintable(QStringLiteral("%1 acquisitions").arg(total())),
                                  120000);

        const EngineSnapshot& s = engine.last();
        QCOMPARE(s.clients.size(), 10);
        QVERIFY2(s.counters.safe(), qPrintable(Verdict::headline(s.counters)));
        for (const ClientSnapshot& c : s.clients)
            QVERIFY2(c.acquisitions > 0, qPrintable(c.name + QStringLiteral(" never acquired")));
        // Independently of the checker: never two clients in their critical sections at once.
        int holders = 0;
        for (const HistoryEvent& e : engine.events()) {
            if (e.is(HistoryEvent::Kind::Ok, HistoryEvent::Operation::Acquire))
                ++holders;
            else if (e.kind == HistoryEvent::Kind::SectionEnd)
                --holders;
            QVERIFY2(holders <= 1,
                     qPrintable(QStringLiteral("two holders at %1 s").arg(e.tUs / 1e6)));
        }
    }
};

QTEST_GUILESS_MAIN(TestContention)
#include "tst_contention.moc"
