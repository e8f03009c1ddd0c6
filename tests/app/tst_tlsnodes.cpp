// SPDX-License-Identifier: GPL-3.0-or-later
// The app against five real redis-server nodes that speak TLS only (rediss://), with a CA
// and certificates the test makes: a scenario locks, kills a node and is judged as on plain
// nodes; every TLS failure is said in words with exit 2, and nothing hangs.
#include "apprun.h"
#include "base/loopbackports.h"
#include "testcertificates.h"
#include "testfleet.h"
#include "tlstestfleet.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using AppRun::Result;

// Three clients buy under Redlock; node 5 is killed (SHUTDOWN, over TLS: an external node);
// a majority is left and the lock goes on.
const QByteArray kScenario = "seed 4\n"
                             "defaults ttl=2000 work=100-200 think=50\n"
                             "stock 1000\n"
                             "client add C1\n"
                             "client add C2\n"
                             "client add C3\n"
                             "wait until acquired 15000\n"
                             "sleep 1000\n"
                             "node kill 5\n"
                             "sleep 2000\n"
                             "expect safe\n"
                             "expect acquisitions >= 5\n";

QString writeScenario(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("tls.rls"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(kScenario);
    return path;
}

QString text(const Result& r)
{
    return QString::fromUtf8(r.out + "\n--- stderr ---\n" + r.err);
}

// A short headless run against `nodes`: it must end by itself within the time given.
Result shortRun(const QStringList& nodeArgs)
{
    return AppRun::run(QStringList{QStringLiteral("--headless"), QStringLiteral("--no-record"),
                                   QStringLiteral("--duration"), QStringLiteral("3")}
                           << nodeArgs,
                       40000);
}

} // namespace

class TestTlsNodes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(m_certs.ok(), qPrintable(m_certs.error())); }

    void scenarioOnTlsNodesIsJudged()
    {
        TlsTestFleet fleet(m_certs, 5);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        QTemporaryDir dir;
        const Result r =
            AppRun::run({QStringLiteral("--headless"), QStringLiteral("--no-record"),
                         QStringLiteral("--allow-destructive"), QStringLiteral("--scenario"),
                         writeScenario(dir), QStringLiteral("--nodes"), fleet.urls(),
                         QStringLiteral("--tls-ca"), ca()},
                        90000);
        QVERIFY2(r.exitCode == 0, qPrintable(text(r)));
        QVERIFY2(r.out.contains("verdict: PASS"), qPrintable(text(r)));
        // The kill went to node 5 over TLS and took it down.
        QTRY_COMPARE_WITH_TIMEOUT(fleet.node(4)->state(), RedisServerProcess::State::Stopped, 5000);
    }

    // A mixed fleet: two plain nodes, three TLS ones, and the storage over TLS.
    void mixedFleetAndTlsStorage()
    {
        TlsTestFleet tls(m_certs, 4);
        QVERIFY2(tls.ok(), qPrintable(tls.error()));
        TestFleet plain(2);
        QVERIFY2(plain.ok(), qPrintable(plain.error()));
        const QStringList urls = tls.urls().split(QLatin1Char(','));
        const QString nodes = QStringList{plain.address(0).display(), urls.at(0),
                                          plain.address(1).display(), urls.at(1), urls.at(2)}
                                  .join(QLatin1Char(','));
        const Result r = shortRun({QStringLiteral("--nodes"), nodes, QStringLiteral("--storage"),
                                   urls.at(3), QStringLiteral("--tls-ca"), ca()});
        QVERIFY2(r.exitCode == 0, qPrintable(text(r)));
        QVERIFY2(r.out.contains("acquire ok"), qPrintable(text(r)));
        QVERIFY2(r.out.contains("TLS to the rediss:// nodes, their certificates checked against"),
                 qPrintable(text(r)));
    }

    void insecureIsSaid()
    {
        TlsTestFleet::Options o;
        o.certificate = QStringLiteral("unknown"); // a CA the run does not know
        TlsTestFleet fleet(m_certs, 1, o);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        const Result r =
            shortRun({QStringLiteral("--nodes"), fleet.urls(), QStringLiteral("--tls-insecure")});
        QVERIFY2(r.exitCode == 0, qPrintable(text(r)));
        QVERIFY2(r.out.contains("TLS WITHOUT verification (--tls-insecure)"), qPrintable(text(r)));
        QVERIFY2(r.out.contains("acquire ok"), qPrintable(text(r)));
    }

    void mutualTls()
    {
        TlsTestFleet::Options o;
        o.authClients = true;
        TlsTestFleet fleet(m_certs, 3, o);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        const Result with =
            shortRun({QStringLiteral("--nodes"), fleet.urls(), QStringLiteral("--tls-ca"), ca(),
                      QStringLiteral("--tls-cert"), m_certs.path(QStringLiteral("client.pem")),
                      QStringLiteral("--tls-key"), m_certs.path(QStringLiteral("client.key"))});
        QVERIFY2(with.exitCode == 0, qPrintable(text(with)));
        QVERIFY2(with.out.contains("acquire ok"), qPrintable(text(with)));

        const Result without =
            shortRun({QStringLiteral("--nodes"), fleet.urls(), QStringLiteral("--tls-ca"), ca()});
        QVERIFY2(without.exitCode == 2, qPrintable(text(without)));
        QVERIFY2(without.err.contains("the node requires a client certificate"),
                 qPrintable(text(without)));
    }

    // Each TLS failure in words, exit 2, within the run's start deadline (no hang).
    void failuresInWords_data()
    {
        QTest::addColumn<QString>("certificate");
        QTest::addColumn<bool>("tlsNode");
        QTest::addColumn<QString>("scheme");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("words");
        QTest::newRow("expired") << "expired" << true << "rediss" << QStringList()
                                 << "the node's certificate expired on 2020-01-02T00:00:00Z";
        QTest::newRow("wrong name") << "wrongname" << true << "rediss" << QStringList()
                                    << "the node's certificate is for wrong.example, not 127.0.0.1";
        QTest::newRow("unknown CA") << "unknown" << true << "rediss" << QStringList()
                                    << "the node's certificate is signed by an unknown CA";
        QTest::newRow("plain client, TLS port")
            << "node" << true << "redis" << QStringList() << "is it a TLS port? then use rediss://";
        QTest::newRow("TLS client, plain port") << "node" << false << "rediss" << QStringList()
                                                << "is it a plain port? then use redis://";
    }

    void failuresInWords()
    {
        QFETCH(QString, certificate);
        QFETCH(bool, tlsNode);
        QFETCH(QString, scheme);
        QFETCH(QStringList, extra);
        QFETCH(QString, words);
        TlsTestFleet::Options o;
        o.certificate = certificate;
        std::unique_ptr<TlsTestFleet> tls;
        std::unique_ptr<TestFleet> plain;
        quint16 port = 0;
        if (tlsNode) {
            tls = std::make_unique<TlsTestFleet>(m_certs, 1, o);
            QVERIFY2(tls->ok(), qPrintable(tls->error()));
            port = tls->port(0);
        } else {
            plain = std::make_unique<TestFleet>(1);
            QVERIFY2(plain->ok(), qPrintable(plain->error()));
            port = plain->address(0).port;
        }
        const QString node = QStringLiteral("%1://127.0.0.1:%2").arg(scheme).arg(port);
        QStringList args{QStringLiteral("--nodes"), node};
        if (scheme == QLatin1String("rediss"))
            args << QStringLiteral("--tls-ca") << ca();
        const Result r = shortRun(args << extra);
        QVERIFY2(r.exitCode == 2, qPrintable(text(r)));
        QVERIFY2(QString::fromUtf8(r.err).contains(words), qPrintable(text(r)));
    }

    // A hint is no refusal: one node written redis:// though it speaks TLS is a node down,
    // said with its hint, and the run goes on with the two others (a plain node that resets
    // during its handshake ends the same way, and must not stop a start).
    void aHintDoesNotStopTheRun()
    {
        TlsTestFleet fleet(m_certs, 3);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        const QString nodes =
            QStringLiteral("rediss://127.0.0.1:%1,rediss://127.0.0.1:%2,redis://127.0.0.1:%3")
                .arg(fleet.port(0))
                .arg(fleet.port(1))
                .arg(fleet.port(2));
        const Result r =
            shortRun({QStringLiteral("--nodes"), nodes, QStringLiteral("--tls-ca"), ca()});
        QVERIFY2(r.exitCode == 0, qPrintable(text(r)));
        QVERIFY2(r.out.contains("acquire ok"), qPrintable(text(r)));
        QVERIFY2((r.out + r.err).contains("is it a TLS port? then use rediss://"),
                 qPrintable(text(r)));
    }

    void wrongNameWithServerNameSetRight()
    {
        TlsTestFleet::Options o;
        o.certificate = QStringLiteral("wrongname");
        TlsTestFleet fleet(m_certs, 1, o);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        const Result r =
            shortRun({QStringLiteral("--nodes"), fleet.urls(), QStringLiteral("--tls-ca"), ca(),
                      QStringLiteral("--tls-server-name"), QStringLiteral("wrong.example")});
        QVERIFY2(r.exitCode == 0, qPrintable(text(r)));
        QVERIFY2(r.out.contains("acquire ok"), qPrintable(text(r)));
    }

    // The simulated clients through the nodes' proxies (--client-path proxy): the proxy speaks
    // TLS to the node, the client plain to the proxy.
    void theProxyPathReachesTlsNodes()
    {
        TlsTestFleet fleet(m_certs, 3);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        const Result r =
            shortRun({QStringLiteral("--nodes"), fleet.urls(), QStringLiteral("--tls-ca"), ca(),
                      QStringLiteral("--client-path"), QStringLiteral("proxy")});
        QVERIFY2(r.exitCode == 0, qPrintable(text(r)));
        QVERIFY2(r.out.contains("acquire ok"), qPrintable(text(r)));
    }

    // Your own client on TLS nodes: it dials the exposed ports in plain TCP (as on plain
    // nodes), the proxies speak TLS to the nodes, and its lane is recorded and judged.
    void yourOwnClientThroughTheExposedPorts()
    {
        QProcess probe;
        probe.start(QStringLiteral("/usr/bin/python3"),
                    {QStringLiteral("-c"), QStringLiteral("import redis")});
        if (!probe.waitForFinished(10000) || probe.exitCode() != 0)
            QSKIP("Debian's python3-redis is not installed (scripts/install-deps.sh installs it)");
        TlsTestFleet fleet(m_certs, 3);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        QTemporaryDir dir;
        const quint16 base = LoopbackPorts::freeRun(4); // three nodes and the storage
        QVERIFY(base != 0);
        const QString client = AppRun::writeFile(
            dir.filePath(QStringLiteral("client.py")),
            "import redis, sys, time\n"
            "r = redis.Redis(host='127.0.0.1', port=int(sys.argv[1]), socket_timeout=1)\n"
            "r.client_setname('tlsworker')\n"
            "end = time.time() + 4\n"
            "while time.time() < end:\n"
            "    lock = r.lock('stock-lock', timeout=3, blocking_timeout=1)\n"
            "    if lock.acquire():\n"
            "        time.sleep(0.1)\n"
            "        lock.release()\n"
            "    time.sleep(0.05)\n");
        const QString scenario = AppRun::writeFile(dir.filePath(QStringLiteral("yours.rls")),
                                                   QStringLiteral("exec /usr/bin/python3 %1 %2\n"
                                                                  "wait F1 holding 8000\n"
                                                                  "wait until exited(1) 10000\n"
                                                                  "expect acquisitions(F1) >= 3\n"
                                                                  "expect safe\n")
                                                       .arg(client)
                                                       .arg(base)
                                                       .toUtf8());
        const Result r =
            AppRun::run({QStringLiteral("--headless"), QStringLiteral("--no-record"),
                         QStringLiteral("--allow-exec"), QStringLiteral("--expose"),
                         QString::number(base), QStringLiteral("--scenario"), scenario,
                         QStringLiteral("--nodes"), fleet.urls(), QStringLiteral("--tls-ca"), ca()},
                        90000);
        QVERIFY2(r.exitCode == 0, qPrintable(text(r)));
        QVERIFY2(r.out.contains("verdict: PASS"), qPrintable(text(r)));
    }

    void badTlsOptions_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("words");
        QTest::newRow("missing CA file")
            << QStringList{"--nodes", "rediss://127.0.0.1:1", "--tls-ca", "/nonexistent/ca.pem"}
            << "the TLS CA file /nonexistent/ca.pem does not exist";
        QTest::newRow("certificate without key")
            << QStringList{"--nodes", "rediss://127.0.0.1:1", "--tls-cert", "/etc/hostname"}
            << "a TLS client certificate needs its key (--tls-key)";
        QTest::newRow("TLS options without a TLS node")
            << QStringList{"--nodes", "127.0.0.1:1", "--tls-insecure"}
            << "--tls-insecure is for rediss:// nodes or storage, and none is given";
    }

    void badTlsOptions()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, words);
        const Result r = AppRun::run(QStringList{QStringLiteral("--headless")} << args, 20000);
        QVERIFY2(r.exitCode == 2, qPrintable(text(r)));
        QVERIFY2(QString::fromUtf8(r.err).contains(words), qPrintable(text(r)));
    }

private:
    QString ca() const { return m_certs.path(QStringLiteral("ca.pem")); }

    TestCertificates m_certs;
};

QTEST_GUILESS_MAIN(TestTlsNodes)
#include "tst_tlsnodes.moc"
