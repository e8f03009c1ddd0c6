// SPDX-License-Identifier: GPL-3.0-or-later
// The client registry without nodes: a client that cannot be routed to every node (its
// listener on a node's proxy could not be opened) is refused with the reason, not added
// with a direct connection that no network fault would reach.
#include "base/steadyclock.h"
#include "clients/clientregistry.h"

#include <QSignalSpy>
#include <QTest>

class TestClientRegistry : public QObject
{
    Q_OBJECT

private slots:
    void clientWithoutARouteIsRefused()
    {
        ClientRegistry registry("stock-lock", ClientSettings{}, RedisConnection::Options{},
                                SteadyClock::instance());
        int asked = 0;
        registry.setRoutes([&asked](int id, const QString& name, QString* error) {
            ++asked;
            *error = QStringLiteral("proxy to 127.0.0.1:7001: cannot listen on 127.0.0.1 for "
                                    "%1 (%2): too many open files")
                         .arg(name)
                         .arg(id);
            return std::optional<QList<NodeRoute>>();
        });
        QSignalSpy events(&registry, &ClientRegistry::happened);
        const CommandAnswer answer = registry.add({}, {});
        QCOMPARE(asked, 1);
        QVERIFY(!answer.ok);
        QCOMPARE(answer.message,
                 QStringLiteral("C1 not added: proxy to 127.0.0.1:7001: cannot listen on "
                                "127.0.0.1 for C1 (1): too many open files"));
        QVERIFY(registry.all().isEmpty());
        QCOMPARE(events.count(), 0); // no "C1 added" in the history
        // The refused client used up no name: the next one is C1 again.
        const CommandAnswer again = registry.add({}, {});
        QVERIFY2(again.message.startsWith(QLatin1String("C1 not added")),
                 qPrintable(again.message));
    }
};

QTEST_GUILESS_MAIN(TestClientRegistry)
#include "tst_clientregistry.moc"
