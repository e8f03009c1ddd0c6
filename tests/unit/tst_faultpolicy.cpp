// SPDX-License-Identifier: GPL-3.0-or-later
// FaultPolicy, the network fault rules the proxy and the fault gate share: who is cut off or
// held, and the draws (which command is dropped, how long a chunk waits) from one seeded
// stream, in the order the traffic asks, so that one seed makes one story on either path.
#include "net/faultpolicy.h"

#include <QTest>
#include <vector>

class TestFaultPolicy : public QObject
{
    Q_OBJECT

private slots:
    void noFaultDrawsNothing()
    {
        FaultPolicy policy(7);
        FaultPolicy untouched(7);
        for (int i = 0; i < 100; ++i) {
            QVERIFY(!policy.drawDrop());
            QCOMPARE(policy.drawDelayUs(1), qint64(0));
        }
        // The stream was not advanced: the next draw is the first one.
        policy.setDropRate(0.5);
        untouched.setDropRate(0.5);
        for (int i = 0; i < 20; ++i)
            QCOMPARE(policy.drawDrop(), untouched.drawDrop());
    }

    void dropAllOrNothingDrawsNothing()
    {
        FaultPolicy policy(11);
        policy.setDropRate(1.0);
        for (int i = 0; i < 10; ++i)
            QVERIFY(policy.drawDrop());
        policy.setDropRate(0.0);
        QVERIFY(!policy.drawDrop());
        policy.setLatency(0, 30);
        FaultPolicy fresh(11);
        fresh.setLatency(0, 30);
        QCOMPARE(policy.drawDelayUs(1), fresh.drawDelayUs(1));
    }

    void sameSeedSameChoices()
    {
        const auto draws = [](quint32 seed) {
            FaultPolicy policy(seed);
            policy.setDropRate(0.3);
            policy.setLatency(10, 20);
            policy.setClientDelay(2, 5);
            std::vector<qint64> out;
            for (int i = 0; i < 200; ++i) {
                out.push_back(policy.drawDrop() ? -1 : 0);
                out.push_back(policy.drawDelayUs(i % 3));
            }
            return out;
        };
        QCOMPARE(draws(42), draws(42));
        QVERIFY(draws(42) != draws(43));
    }

    void delaysStayInTheirBounds()
    {
        FaultPolicy policy(3);
        policy.setLatency(10, 20);
        policy.setClientDelay(2, 5);
        for (int i = 0; i < 1000; ++i) {
            const qint64 other = policy.drawDelayUs(1);
            QVERIFY(other >= 10000 && other <= 30000);
            const qint64 own = policy.drawDelayUs(2); // its own 5 ms, and up to 1 ms more
            QVERIFY(own >= 15000 && own <= 36000);
        }
        policy.forgetClient(2);
        policy.setLatency(0, 0);
        QCOMPARE(policy.drawDelayUs(2), qint64(0));
    }

    void cutAndHeld()
    {
        FaultPolicy policy;
        QVERIFY(!policy.isCut(1));
        policy.setPartition(false, {2, 3});
        QVERIFY(!policy.isCut(1));
        QVERIFY(policy.isCut(3));
        policy.setPartition(true, {});
        QVERIFY(policy.isCut(1));
        policy.setHeld({0, 4});
        QVERIFY(policy.isHeld(4));
        QVERIFY(!policy.isHeld(0)); // 0 is nobody's (a foreign connection not known yet)
    }
};

QTEST_GUILESS_MAIN(TestFaultPolicy)
#include "tst_faultpolicy.moc"
