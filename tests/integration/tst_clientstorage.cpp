// SPDX-License-Identifier: GPL-3.0-or-later
// A client begins once every one of its connections has settled, the storage's included, also
// when the storage became known after the client started and its connection is the last to
// settle. It used to wait for ever then, idle with no attempt: the 8 clients of
// `--bench --vs-node-redlock` did so in about one phase of eight (issue 24).
#include "base/steadyclock.h"
#include "clients/clientregistry.h"
#include "testfleet.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

class TestClientStorage : public QObject
{
    Q_OBJECT

private slots:
    void aClientBeginsWhenTheStorageIsTheLastToSettle()
    {
        TestFleet fleet(5);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        // A storage that accepts and never answers: its handshake ends last, at its deadline.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        RedisConnection::Options options;
        options.connectTimeoutMs = 800;
        ClientRegistry registry("stock-lock", ClientSettings{}, options, SteadyClock::instance());
        QList<NodeRoute> nodes;
        for (const NodeAddress& address : fleet.addresses())
            nodes << NodeRoute{address};
        registry.setRoutes([nodes](int, const QString&, QString*) {
            return std::optional<QList<NodeRoute>>(nodes);
        });
        QSignalSpy events(&registry, &ClientRegistry::happened);
        QVERIFY(registry.add({}, {}).ok);
        // Known only now, while the client's connections to the nodes are still being made.
        registry.setStorage(NodeAddress{QStringLiteral("127.0.0.1"), silent.serverPort()});
        const auto began = [&events] {
            for (const QList<QVariant>& args : std::as_const(events)) {
                const auto e = args.at(0).value<HistoryEvent>();
                if (e.kind == HistoryEvent::Kind::Invoke &&
                    e.operation == HistoryEvent::Operation::Acquire)
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(began(), 5000);
    }
};

QTEST_GUILESS_MAIN(TestClientStorage)
#include "tst_clientstorage.moc"
