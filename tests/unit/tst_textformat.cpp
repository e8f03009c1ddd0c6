// SPDX-License-Identifier: GPL-3.0-or-later
// The shared value rules written once: how a span reads as a clock ("4:07", "1:02:03") and the
// run time built on it, the node masks written as node numbers, and the odd node count.
#include "base/textformat.h"
#include "model/nodecount.h"
#include "model/nodemask.h"

#include <QTest>

class TestTextFormat : public QObject
{
    Q_OBJECT

private slots:
    void clock_data()
    {
        QTest::addColumn<qint64>("us");
        QTest::addColumn<QString>("clock");
        QTest::addColumn<QString>("runTime");
        QTest::newRow("start") << qint64(0) << "0:00"
                               << "0:00.0";
        QTest::newRow("negative") << qint64(-5'000'000) << "0:00"
                                  << "0:00.0";
        QTest::newRow("seconds") << qint64(7'390'000) << "0:07"
                                 << "0:07.3";
        QTest::newRow("minutes") << qint64(247'300'000) << "4:07"
                                 << "4:07.3";
        QTest::newRow("under an hour") << qint64(3'599'900'000) << "59:59"
                                       << "59:59.9";
        QTest::newRow("an hour") << qint64(3'600'000'000) << "1:00:00"
                                 << "1:00:00";
        QTest::newRow("hours") << qint64(3'723'500'000) << "1:02:03"
                               << "1:02:03";
    }

    void clock()
    {
        QFETCH(qint64, us);
        QFETCH(QString, clock);
        QFETCH(QString, runTime);
        QCOMPARE(TextFormat::clock(us), clock);
        QCOMPARE(TextFormat::runTime(us), runTime);
    }

    void nodeMasks()
    {
        QCOMPARE(NodeMask::bit(0), 1u);
        QCOMPARE(NodeMask::bit(4), 16u);
        const quint32 mask = NodeMask::bit(0) | NodeMask::bit(2) | NodeMask::bit(3);
        QCOMPARE(NodeMask::numbers(mask), QList<int>({1, 3, 4}));
        QCOMPARE(NodeMask::text(mask, u", "), QStringLiteral("1, 3, 4"));
        QCOMPARE(NodeMask::text(NodeMask::bit(8), u" "), QStringLiteral("9"));
        QVERIFY(NodeMask::numbers(0).isEmpty());
        QCOMPARE(NodeMask::text(0, u", "), QString());
    }

    void oddNodeCounts()
    {
        QList<int> valid;
        for (int n = -1; n <= 11; ++n)
            if (NodeCount::isValid(n))
                valid << n;
        QCOMPARE(valid, QList<int>({1, 3, 5, 7, 9}));
    }
};

QTEST_MAIN(TestTextFormat)
#include "tst_textformat.moc"
