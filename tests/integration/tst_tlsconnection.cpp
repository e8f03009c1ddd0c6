// SPDX-License-Identifier: GPL-3.0-or-later
// RedisConnection over TLS (rediss://) against real redis-server processes that speak TLS
// only, with a CA and certificates the test makes (TestCertificates): the handshake, a
// killed node, mutual TLS, and every certificate failure said in words, never a hang.
#include "base/steadyclock.h"
#include "net/nodeproxy.h"
#include "net/redisconnection.h"
#include "net/tlsstream.h"
#include "testcertificates.h"
#include "testfleet.h"
#include "tlstestfleet.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QPointer>
#include <QSslConfiguration>
#include <QTest>
#include <QTimer>
#include <memory>
#include <optional>

namespace {

using State = RedisConnection::State;

constexpr int kConnectTimeoutMs = 3000; // a TLS handshake on a busy machine

RedisConnection::Options options()
{
    RedisConnection::Options o;
    o.connectTimeoutMs = kConnectTimeoutMs;
    o.backoffInitialMs = 50;
    o.backoffMaxMs = 200;
    return o;
}

NodeAddress tlsAddress(quint16 port, const TlsSettings& settings)
{
    NodeAddress address;
    address.port = port;
    address.tls = true;
    address.tlsSettings = settings;
    return address;
}

std::optional<CommandResult> run(RedisConnection& connection, const QByteArrayList& args)
{
    QEventLoop loop;
    auto result = std::make_shared<std::optional<CommandResult>>();
    QPointer<QEventLoop> waiting(&loop);
    connection.send(args, 3000, [result, waiting](const CommandResult& r) {
        *result = r;
        if (waiting)
            waiting->quit();
    });
    QTimer::singleShot(8000, &loop, &QEventLoop::quit);
    loop.exec();
    return *result;
}

// The first error a connection to `address` reports, how long it took to say it, and whether
// the handshake proved it a TLS set-up the node refuses (read as it is told: the next attempt
// starts afresh).
struct Failure
{
    QString error;
    qint64 ms = 0;
    bool tlsRefused = false;
};

Failure firstError(const NodeAddress& address)
{
    RedisConnection connection(address, options(), SteadyClock::instance());
    QElapsedTimer clock;
    clock.start();
    Failure first;
    QObject::connect(&connection, &RedisConnection::stateChanged, &connection,
                     [&](RedisConnection::State, const QString& error) {
                         if (first.error.isEmpty() && !error.isEmpty())
                             first = {error, clock.elapsed(), connection.tlsRefused()};
                     });
    connection.open();
    const bool failed =
        QTest::qWaitFor([&] { return !first.error.isEmpty(); }, 4 * kConnectTimeoutMs);
    Q_UNUSED(failed); // the caller compares the words: none is a failure too
    return first;
}

// Opens `connection` and waits until it is ready, for the time a TLS handshake takes here.
bool becomesReady(RedisConnection& connection)
{
    connection.open();
    return QTest::qWaitFor([&connection] { return connection.state() == State::Ready; },
                           2 * kConnectTimeoutMs);
}

} // namespace

class TestTlsConnection : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(m_certs.ok(), qPrintable(m_certs.error()));
        m_ca.caFile = m_certs.path(QStringLiteral("ca.pem"));
    }

    void commandsOverTls()
    {
        TlsTestFleet fleet(m_certs, 1);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        RedisConnection connection(tlsAddress(fleet.port(0), m_ca), options(),
                                   SteadyClock::instance());
        QVERIFY2(becomesReady(connection), qPrintable(connection.lastError()));
        QVERIFY(connection.lastError().isEmpty());
        QVERIFY(connection.serverVersion().startsWith(QLatin1Char('7')));
        const auto set = run(connection, {"SET", "tls-key", "over tls"});
        QVERIFY(set && set->status == CommandResult::Status::Replied);
        QVERIFY(set->reply.isOkStatus());
        const auto get = run(connection, {"GET", "tls-key"});
        QVERIFY(get && get->status == CommandResult::Status::Replied);
        QCOMPARE(get->reply.text, QByteArray("over tls"));
        // A reply larger than one TLS record (16 KiB) comes whole.
        const QByteArray big(200 * 1024, 'x');
        QVERIFY(run(connection, {"SET", "big", big})->reply.isOkStatus());
        QCOMPARE(run(connection, {"GET", "big"})->reply.text, big);
    }

    void nameFromHostName()
    {
        TlsTestFleet fleet(m_certs, 1);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        NodeAddress address = tlsAddress(fleet.port(0), m_ca);
        address.host = QStringLiteral("localhost"); // checked against DNS:localhost
        RedisConnection connection(address, options(), SteadyClock::instance());
        QVERIFY2(becomesReady(connection), qPrintable(connection.lastError()));
    }

    void killedNodeReconnects()
    {
        TlsTestFleet fleet(m_certs, 1);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        RedisConnection connection(tlsAddress(fleet.port(0), m_ca), options(),
                                   SteadyClock::instance());
        QVERIFY2(becomesReady(connection), qPrintable(connection.lastError()));
        const qint64 pid = connection.serverPid();
        fleet.node(0)->kill();
        QTRY_VERIFY_WITH_TIMEOUT(connection.state() != State::Ready, 5000);
        QVERIFY2(connection.lastError().startsWith(QLatin1String("connection lost")) ||
                     connection.lastError() == QLatin1String("connection refused"),
                 qPrintable(connection.lastError()));
        fleet.node(0)->start();
        QVERIFY(fleet.node(0)->waitUntilRunning(10000));
        QTRY_COMPARE_WITH_TIMEOUT(connection.state(), State::Ready, 4 * kConnectTimeoutMs);
        QVERIFY(connection.serverPid() != pid);
    }

    // A certificate the check refuses, said in words; then the same node with the setting
    // that accepts it (none for an expired one: only --tls-insecure would).
    void refusedCertificate_data()
    {
        QTest::addColumn<QString>("certificate");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("serverName"); // the name to check that accepts it
        QTest::addColumn<bool>("insecure");      // --tls-insecure accepts it
        QTest::newRow("expired") << QStringLiteral("expired")
                                 << QStringLiteral(
                                        "the node's certificate expired on 2020-01-02T00:00:00Z")
                                 << QString() << false;
        QTest::newRow("wrong name")
            << QStringLiteral("wrongname")
            << QStringLiteral("the node's certificate is for wrong.example, not 127.0.0.1 "
                              "(--tls-server-name sets the name to check)")
            << QStringLiteral("wrong.example") << false;
        QTest::newRow("unknown CA") << QStringLiteral("unknown")
                                    << QStringLiteral("the node's certificate is signed by an "
                                                      "unknown CA (Redlock Scope test other-ca; "
                                                      "give its CA with --tls-ca)")
                                    << QString() << true;
    }

    void refusedCertificate()
    {
        QFETCH(QString, certificate);
        QFETCH(QString, expected);
        QFETCH(QString, serverName);
        QFETCH(bool, insecure);
        TlsTestFleet::Options o;
        o.certificate = certificate;
        TlsTestFleet fleet(m_certs, 1, o);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        const Failure refused = firstError(tlsAddress(fleet.port(0), m_ca));
        QCOMPARE(refused.error, expected);
        QVERIFY(refused.tlsRefused); // proved by the handshake: it stops a run's start
        if (serverName.isEmpty() && !insecure)
            return;
        TlsSettings accepting = m_ca;
        accepting.serverName = serverName;
        accepting.insecure = insecure;
        RedisConnection connection(tlsAddress(fleet.port(0), accepting), options(),
                                   SteadyClock::instance());
        QVERIFY2(becomesReady(connection), qPrintable(connection.lastError()));
    }

    // The node's proxy (foreign clients' exposed ports, --client-path proxy) speaks TLS to a
    // rediss:// node and plain to its clients: a plain connection through it reaches the node,
    // a large reply comes whole, and a certificate the check refuses reaches the client in the
    // words a direct connection would say.
    void aProxyReachesATlsNode()
    {
        TlsTestFleet fleet(m_certs, 1);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        NodeProxy proxy(QStringLiteral("127.0.0.1"), fleet.port(0));
        proxy.setUpstreamTls(m_ca);
        QVERIFY(proxy.setUpstreamConnectTimeout(kConnectTimeoutMs));
        const quint16 port = proxy.listenPort(1, QStringLiteral("C1"));
        QVERIFY2(port != 0, qPrintable(proxy.lastError()));
        NodeAddress plain;
        plain.port = port;
        RedisConnection connection(plain, options(), SteadyClock::instance());
        QVERIFY2(becomesReady(connection), qPrintable(connection.lastError()));
        QVERIFY(run(connection, {"SET", "through", "the proxy"})->reply.isOkStatus());
        QCOMPARE(run(connection, {"GET", "through"})->reply.text, QByteArray("the proxy"));
        const QByteArray big(200 * 1024, 'y');
        QVERIFY(run(connection, {"SET", "big", big})->reply.isOkStatus());
        QCOMPARE(run(connection, {"GET", "big"})->reply.text, big);

        TlsTestFleet::Options o;
        o.certificate = QStringLiteral("unknown");
        TlsTestFleet other(m_certs, 1, o);
        QVERIFY2(other.ok(), qPrintable(other.error()));
        NodeProxy refusing(QStringLiteral("127.0.0.1"), other.port(0));
        refusing.setUpstreamTls(m_ca);
        QVERIFY(refusing.setUpstreamConnectTimeout(kConnectTimeoutMs));
        NodeAddress refused;
        refused.port = refusing.listenPort(1, QStringLiteral("C1"));
        QVERIFY2(refused.port != 0, qPrintable(refusing.lastError()));
        const QString error = firstError(refused).error;
        QVERIFY2(error.contains(QLatin1String("the node's certificate is signed by an unknown CA")),
                 qPrintable(error));
    }

    void plainClientAgainstTlsPort()
    {
        TlsTestFleet fleet(m_certs, 1);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        NodeAddress plain = tlsAddress(fleet.port(0), {});
        plain.tls = false;
        const Failure f = firstError(plain);
        QVERIFY2(f.error.endsWith(QLatin1String("(is it a TLS port? then use rediss://)")),
                 qPrintable(f.error));
        QVERIFY(!f.tlsRefused); // a guess: a plain node reset during its handshake says the same
        QVERIFY2(f.ms < 2 * kConnectTimeoutMs, qPrintable(QString::number(f.ms)));
    }

    void tlsClientAgainstPlainPort()
    {
        TestFleet fleet(1);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        const Failure f = firstError(tlsAddress(fleet.address(0).port, m_ca));
        // Either the node answers the hello with an error line (not TLS), or it waits for a
        // line end that never comes, until the connect deadline: both say the same thing.
        QVERIFY2(f.error.contains(QLatin1String("is it a plain port? then use redis://")),
                 qPrintable(f.error));
        QVERIFY2(f.ms < 3 * kConnectTimeoutMs, qPrintable(QString::number(f.ms)));
    }

    void mutualTls()
    {
        TlsTestFleet::Options o;
        o.authClients = true;
        TlsTestFleet fleet(m_certs, 1, o);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));

        const Failure without = firstError(tlsAddress(fleet.port(0), m_ca));
        QVERIFY2(without.error.contains(QLatin1String("requires a client certificate")),
                 qPrintable(without.error));
        QVERIFY(without.tlsRefused);

        TlsSettings rogue = m_ca;
        rogue.certFile = m_certs.path(QStringLiteral("rogue-client.pem"));
        rogue.keyFile = m_certs.path(QStringLiteral("rogue-client.key"));
        const Failure refused = firstError(tlsAddress(fleet.port(0), rogue));
        QVERIFY2(refused.error.startsWith(QLatin1String("the node refused the client certificate")),
                 qPrintable(refused.error));
        QVERIFY(refused.tlsRefused);

        TlsSettings client = m_ca;
        client.certFile = m_certs.path(QStringLiteral("client.pem"));
        client.keyFile = m_certs.path(QStringLiteral("client.key"));
        RedisConnection connection(tlsAddress(fleet.port(0), client), options(),
                                   SteadyClock::instance());
        QVERIFY2(becomesReady(connection), qPrintable(connection.lastError()));
        QCOMPARE(run(connection, {"PING"})->reply.text, QByteArray("PONG"));
    }

    void unusableFiles_data()
    {
        QTest::addColumn<QString>("ca");
        QTest::addColumn<QString>("cert");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("expected");
        const QString missing = m_certs.path(QStringLiteral("missing.pem"));
        const QString ca = m_certs.path(QStringLiteral("ca.pem"));
        const QString key = m_certs.path(QStringLiteral("client.key"));
        QTest::newRow("missing CA")
            << missing << QString() << QString()
            << QStringLiteral("the TLS CA file %1 does not exist").arg(missing);
        QTest::newRow("CA not PEM")
            << key << QString() << QString()
            << QStringLiteral("the TLS CA file %1 holds no PEM certificate").arg(key);
        QTest::newRow("missing key")
            << ca << m_certs.path(QStringLiteral("client.pem")) << missing
            << QStringLiteral("the TLS key file %1 does not exist").arg(missing);
        QTest::newRow("certificate without key")
            << ca << m_certs.path(QStringLiteral("client.pem")) << QString()
            << QStringLiteral("a TLS client certificate needs its key (--tls-key)");
        QTest::newRow("key is a certificate")
            << ca << m_certs.path(QStringLiteral("client.pem")) << ca
            << QStringLiteral("the TLS key file %1 holds no unencrypted PEM private key").arg(ca);
    }

    void unusableFiles()
    {
        QFETCH(QString, ca);
        QFETCH(QString, cert);
        QFETCH(QString, key);
        QFETCH(QString, expected);
        TlsSettings settings;
        settings.caFile = ca;
        settings.certFile = cert;
        settings.keyFile = key;
        // No node needed: the files are read before anything connects.
        const Failure f = firstError(tlsAddress(RedisServerProcess::freeLoopbackPort(), settings));
        QCOMPARE(f.error, expected);
        QVERIFY(!f.tlsRefused); // our files, not the node: the config's check says so first
    }

private:
    TestCertificates m_certs;
    TlsSettings m_ca;
};

QTEST_GUILESS_MAIN(TestTlsConnection)
#include "tst_tlsconnection.moc"
