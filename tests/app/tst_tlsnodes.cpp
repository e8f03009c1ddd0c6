// SPDX-License-Identifier: GPL-3.0-or-later
// The app against five real redis-server nodes that speak TLS only (rediss://), with a CA
// and certificates the test makes: a scenario locks, kills a node and is judged as on plain
// nodes; every TLS failure is said in words with exit 2, and nothing hangs.
#include "apprun.h"
#include "base/loopbackports.h"
#include "testcertificates.h"
#include "testfleet.h"
#include "tlstestfleet.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

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

// PING on 127.0.0.1:`port`, in TLS trusting `caFile` (the name checked: 127.0.0.1) or plain:
// whether +PONG came back within a few seconds.
bool pongs(quint16 port, const QString& caFile)
{
    std::unique_ptr<QTcpSocket> socket;
    if (caFile.isEmpty()) {
        socket = std::make_unique<QTcpSocket>();
        socket->connectToHost(QStringLiteral("127.0.0.1"), port);
        if (!socket->waitForConnected(5000))
            return false;
    } else {
        auto tls = std::make_unique<QSslSocket>();
        QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
        configuration.setCaCertificates(QSslCertificate::fromPath(caFile));
        tls->setSslConfiguration(configuration);
        tls->connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
        if (!tls->waitForEncrypted(5000))
            return false;
        socket = std::move(tls);
    }
    socket->write("*1\r\n$4\r\nPING\r\n");
    QByteArray answer;
    QElapsedTimer waited;
    waited.start();
    while (!answer.contains("\r\n") && waited.elapsed() < 5000 &&
           socket->state() == QAbstractSocket::ConnectedState)
        if (socket->waitForReadyRead(200))
            answer += socket->readAll();
    return answer.startsWith("+PONG");
}

// The port a child redis-server or redis-sentinel names in its process title (127.0.0.1:P).
quint16 titlePort(qint64 pid)
{
    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
    if (!cmdline.open(QIODevice::ReadOnly))
        return 0;
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("127\\.0\\.0\\.1:(\\d+)"))
                                          .match(QString::fromLatin1(cmdline.readAll()));
    return m.hasMatch() ? quint16(m.captured(1).toUInt()) : 0;
}

// Runs the app with `args` until its output holds `until` (60 s at most), calls `check` once
// with the app's pid and that output, then ends it (AppRun::signalWhen: SIGTERM, by pid) and
// returns its whole output.
template <typename Check>
QByteArray whileRunning(const QStringList& args, const QByteArray& until, Check check)
{
    bool checked = false;
    const AppRun::Signalled s =
        AppRun::signalWhen(args, SIGTERM, [&](QProcess& p, const QByteArray& out) {
            if (!out.contains(until))
                return false;
            if (!checked)
                check(p.processId(), out);
            checked = true;
            return true;
        });
    return s.result.out + "\n--- stderr ---\n" + s.result.err;
}

// The CA file a run says it made ("... for this run (/tmp/redlock-ca-XXXXXX/ca.pem)").
QString runCaFile(const QByteArray& out)
{
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("(/\\S*redlock-ca-\\w+/ca\\.pem)"))
            .match(QString::fromUtf8(out));
    return m.captured(1);
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

    // --topology replicated --tls: the master, its replica and the three Sentinels speak TLS
    // only (a plain PING gets nothing), the storage stays plain, and failover-two-holders
    // (the replication link cut, the master killed, Sentinel promoting the replica over TLS)
    // tells its story as on plain nodes.
    void theReplicatedTopologyOverTls()
    {
        int tlsOnly = 0;
        int plain = 0;
        const QByteArray out = whileRunning(
            {QStringLiteral("--headless"), QStringLiteral("--no-record"),
             QStringLiteral("--topology"), QStringLiteral("replicated"), QStringLiteral("--tls"),
             QStringLiteral("--duration"), QStringLiteral("60")},
            "Sentinels watch node 1", [&](qint64 pid, const QByteArray& said) {
                const QString ca = runCaFile(said);
                for (const qint64 child : AppRun::childRedisServers(pid)) {
                    const quint16 port = titlePort(child);
                    const bool tls = pongs(port, ca);
                    const bool clear = pongs(port, {});
                    tlsOnly += tls && !clear;
                    plain += clear && !tls;
                }
            });
        QVERIFY2(out.contains("TLS only on the local nodes and Sentinels"), out.constData());
        QCOMPARE(tlsOnly, 5); // the master, the replica, three Sentinels
        QCOMPARE(plain, 1);   // the storage

        const Result r = AppRun::run({QStringLiteral("--headless"), QStringLiteral("--no-record"),
                                      QStringLiteral("--topology"), QStringLiteral("replicated"),
                                      QStringLiteral("--tls"), QStringLiteral("--scenario"),
                                      QStringLiteral("builtin:failover-two-holders")},
                                     120000);
        QVERIFY2(r.exitCode == 0, qPrintable(text(r)));
        QVERIFY2(r.out.contains("verdict: PASS"), qPrintable(text(r)));
    }

    // On a --tls run the exposed ports answer plain RESP and TLS alike on the same port, the
    // TLS side with a certificate of the run's CA for 127.0.0.1, whose file the history names.
    void theExposedPortsSpeakTlsToo()
    {
        const quint16 base = LoopbackPorts::freeRun(2); // one node and the storage
        QVERIFY(base != 0);
        bool tls = false;
        bool plain = false;
        bool storageTls = false;
        const QByteArray out = whileRunning(
            {QStringLiteral("--headless"), QStringLiteral("--no-record"), QStringLiteral("--tls"),
             QStringLiteral("--local-nodes"), QStringLiteral("1"), QStringLiteral("--expose"),
             QString::number(base), QStringLiteral("--duration"), QStringLiteral("60")},
            "speak plain RESP and TLS alike", [&](qint64, const QByteArray& said) {
                const QString ca = runCaFile(said);
                tls = !ca.isEmpty() && pongs(base, ca);
                plain = pongs(base, {});
                storageTls = !ca.isEmpty() && pongs(quint16(base + 1), ca);
            });
        if (out.contains("cannot listen on"))
            QSKIP("another process took one of the free ports meanwhile");
        QVERIFY2(tls, out.constData());
        QVERIFY2(plain, out.constData());
        QVERIFY2(storageTls, out.constData());
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
        QTest::newRow("--tls with your own nodes")
            << QStringList{"--nodes", "127.0.0.1:1", "--tls"}
            << "--tls starts the local nodes with TLS; your own nodes are given as rediss://";
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
