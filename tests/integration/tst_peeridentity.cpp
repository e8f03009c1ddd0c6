// SPDX-License-Identifier: GPL-3.0-or-later
// Who is at the other end of an accepted loopback connection (PeerIdentity): the process that
// owns the client's socket, on real sockets of this process. A miss turns one client into two
// lanes (issue 31: a redis-py Redlock seen as F1 on one node and F2 on four, a false overlap),
// so the lookup must hold while the machine opens and closes connections around it.
#include "net/peeridentity.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <atomic>
#include <thread>

#include <unistd.h>

class TestPeerIdentity : public QObject
{
    Q_OBJECT

    static constexpr int TimeWaits = 20000;

    static QString self() { return QStringLiteral("pid:%1").arg(::getpid()); }

    // A connection from this process to `server`, and the server's end of it.
    static std::pair<std::unique_ptr<QTcpSocket>, QTcpSocket*> connectTo(QTcpServer& server)
    {
        auto client = std::make_unique<QTcpSocket>();
        client->connectToHost(server.serverAddress(), server.serverPort());
        if (!client->waitForConnected(5000) || !server.waitForNewConnection(5000))
            return {std::move(client), nullptr};
        return {std::move(client), server.nextPendingConnection()};
    }

private slots:
    void aLoopbackPeerIsItsProcess_data()
    {
        QTest::addColumn<QString>("address");
        QTest::newRow("ipv4") << QStringLiteral("127.0.0.1");
        QTest::newRow("ipv6") << QStringLiteral("::1");
    }
    void aLoopbackPeerIsItsProcess()
    {
        QFETCH(QString, address);
        QTcpServer server;
        if (!server.listen(QHostAddress(address)))
            QSKIP("no such loopback address on this machine");
        auto [client, accepted] = connectTo(server);
        QVERIFY(accepted);
        const ForeignIdentity who = PeerIdentity::of(accepted);
        QCOMPARE(who.key, self());
        QVERIFY2(who.label.contains(QStringLiteral("(pid %1)").arg(::getpid())),
                 qPrintable(who.label));
    }

    // A client that closed before it was looked at owns no socket any more: it is known by its
    // address, not taken for whoever else is there.
    void aPeerThatHasGoneIsItsAddress()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        auto [client, accepted] = connectTo(server);
        QVERIFY(accepted);
        client->abort();
        client.reset();
        const ForeignIdentity who = PeerIdentity::of(accepted);
        QCOMPARE(who.key, QStringLiteral("addr:127.0.0.1"));
        QCOMPARE(who.label, QStringLiteral("127.0.0.1"));
    }

    // A busy machine: thousands of sockets in TIME_WAIT (each closed connection leaves one for a
    // minute; the suite makes thousands). Every accepted connection is still found. Read line
    // by line, /proc/net/tcp gave QFile 8,191 lines and then said it had ended: a socket listed
    // further down was nobody's.
    void everyPeerIsFoundOnABusyMachine()
    {
        QTcpServer crowdServer;
        QVERIFY(crowdServer.listen(QHostAddress::LocalHost));
        for (int i = 0; i < TimeWaits; ++i) {
            auto [client, accepted] = connectTo(crowdServer);
            QVERIFY(accepted);
            delete accepted; // the server's end closes first and stays in TIME_WAIT
        }
        // More close around the lookups (a client's pool, the proxies' upstream connections).
        std::atomic<bool> stop = false;
        std::thread churn([&] {
            QTcpServer churnServer;
            churnServer.listen(QHostAddress::LocalHost);
            while (!stop)
                delete connectTo(churnServer).second;
        });
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        int missed = 0;
        QStringList seen;
        for (int i = 0; i < 300; ++i) {
            auto [client, accepted] = connectTo(server);
            QVERIFY(accepted);
            const ForeignIdentity who = PeerIdentity::of(accepted);
            if (who.key != self()) {
                ++missed;
                seen << who.key;
            }
            delete accepted;
        }
        stop = true;
        churn.join();
        QVERIFY2(missed == 0, qPrintable(QStringLiteral("%1 of 300 missed: %2")
                                             .arg(missed)
                                             .arg(seen.join(QLatin1String(", ")))));
    }
};

QTEST_GUILESS_MAIN(TestPeerIdentity)
#include "tst_peeridentity.moc"
