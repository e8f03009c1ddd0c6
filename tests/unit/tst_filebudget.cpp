// SPDX-License-Identifier: GPL-3.0-or-later
// The open-file budget: what a number of clients needs, the refusal with the numbers when
// they do not fit, and the soft limit raised to the hard one.
#include "base/filebudget.h"

#include <QTest>
#include <sys/resource.h>

class TestFileBudget : public QObject
{
    Q_OBJECT

private slots:
    void needsGrowWithClientsAndNodes_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<bool>("local");
        QTest::addColumn<int>("clients");
        QTest::addColumn<bool>("viaProxy");
        QTest::addColumn<qint64>("files");
        // 64 for the process; per node, the storage counted as one more, 1 (monitor) + 3 (a
        // local node's process); per client and node 2 (its connection, and its pub/sub one
        // or a reconnect's), through the proxies 6 (client socket, proxy listener, accepted
        // end, upstream, a reconnect); per client 2 more for the storage.
        QTest::newRow("no clients, 5 local") << 5 << true << 0 << false << qint64(64 + 6 * 4);
        QTest::newRow("one client, 5 local") << 5 << true << 1 << false << qint64(64 + 24 + 10 + 2);
        QTest::newRow("200 clients, 5 local") << 5 << true << 200 << false << qint64(2488);
        QTest::newRow("200 clients, 5 external")
            << 5 << false << 200 << false << qint64(64 + 6 + 2400);
        QTest::newRow("50 clients, 9 local") << 9 << true << 50 << false << qint64(64 + 40 + 1000);
        QTest::newRow("one client, 5 local, proxies")
            << 5 << true << 1 << true << qint64(64 + 24 + 30 + 2);
        QTest::newRow("200 clients, 5 local, proxies") << 5 << true << 200 << true << qint64(6488);
    }

    void needsGrowWithClientsAndNodes()
    {
        QFETCH(int, nodes);
        QFETCH(bool, local);
        QFETCH(int, clients);
        QFETCH(bool, viaProxy);
        QFETCH(qint64, files);
        FileBudget budget(nodes, local, 1024);
        budget.setClientsViaProxy(viaProxy);
        QCOMPARE(budget.filesFor(clients), files);
    }

    void tooManyClientsAreRefusedWithTheNumbers()
    {
        // Given the common default limit of 1,024 files and five local nodes
        const FileBudget budget(5, true, 1024);
        // When 200 clients are asked for
        const QString refusal = budget.check(200);
        // Then the refusal gives the numbers
        QCOMPARE(refusal, QStringLiteral("200 clients × 5 nodes need about 2,488 open files; "
                                         "the limit is 1,024 (ulimit -n), enough for 78 clients"));
        QCOMPARE(budget.maxClients(), 78);
    }

    void theLastClientThatFits_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<bool>("local");
        QTest::addColumn<qint64>("limit");
        QTest::newRow("1024, 5 local") << 5 << true << qint64(1024);
        QTest::newRow("256, 3 external") << 3 << false << qint64(256);
        QTest::newRow("20000, 9 local") << 9 << true << qint64(20000);
        QTest::newRow("1048576, 1 local") << 1 << true << qint64(1048576);
    }

    void theLastClientThatFits()
    {
        QFETCH(int, nodes);
        QFETCH(bool, local);
        QFETCH(qint64, limit);
        const FileBudget budget(nodes, local, limit);
        const int most = budget.maxClients();
        QVERIFY(most > 0);
        QCOMPARE(budget.check(most), QString());
        QVERIFY(budget.filesFor(most) <= limit);
        QVERIFY(!budget.check(most + 1).isEmpty());
        QVERIFY(budget.filesFor(most + 1) > limit);
    }

    // How the engine's `client add` asks: the clients it has, plus the new one.
    void addingAClient()
    {
        const FileBudget budget(5, true, 1024);
        QCOMPARE(budget.check(77 + 1), QString());
        QVERIFY(budget.check(78 + 1).startsWith(QStringLiteral("79 clients × 5 nodes need")));
    }

    void notEvenTheNodesFit()
    {
        const FileBudget budget(9, true, 50);
        QCOMPARE(budget.maxClients(), 0);
        QCOMPARE(budget.check(1), QStringLiteral("1 client × 9 nodes need about 124 open files; "
                                                 "the limit is 50 (ulimit -n), enough for 0 "
                                                 "clients"));
    }

    void softLimitIsRaisedToTheHardOne()
    {
        // Given a soft limit below the hard one
        rlimit before{};
        QCOMPARE(::getrlimit(RLIMIT_NOFILE, &before), 0);
        rlimit lowered = before;
        lowered.rlim_cur = std::min<rlim_t>(before.rlim_max, 256);
        QCOMPARE(::setrlimit(RLIMIT_NOFILE, &lowered), 0);
        QCOMPARE(FileBudget::openFileLimit(), qint64(lowered.rlim_cur));
        // When the app raises it
        QString error;
        const qint64 now = FileBudget::raiseOpenFileLimit(&error);
        // Then the soft limit is the hard one
        QVERIFY2(error.isEmpty(), qPrintable(error));
        rlimit after{};
        QCOMPARE(::getrlimit(RLIMIT_NOFILE, &after), 0);
        QCOMPARE(after.rlim_cur, before.rlim_max);
        QCOMPARE(now, qint64(after.rlim_cur));
        QCOMPARE(FileBudget(5, true).limit(), now);
        ::setrlimit(RLIMIT_NOFILE, &before);
    }
};

QTEST_GUILESS_MAIN(TestFileBudget)
#include "tst_filebudget.moc"
