// SPDX-License-Identifier: GPL-3.0-or-later
// The config file, checked as strictly as --nodes: unknown keys, values of the wrong type
// and nodes that are one server under two names are refused with the path at fault.
#include "model/engineconfig.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

class TestEngineConfig : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;

    // Writes `json` to a new file of the temporary folder; returns its path.
    QString write(const QByteArray& json)
    {
        const QString path = m_dir.filePath(QStringLiteral("config-%1.json").arg(++m_files));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private slots:
    void readmeExampleLoads()
    {
        // Given the user guide's example
        const QString path = write(R"({
          "nodes": ["127.0.0.1:7001", {"host": "127.0.0.1", "port": 7002, "password": "pw", "db": 0},
                    "127.0.0.1:7003"],
          "clients": 3,
          "resource": "stock-lock",
          "client": {"ttlMs": 10000, "nodeTimeoutMs": 50, "driftFactor": 0.01, "retryCount": 3,
                     "retryDelayMs": 100, "retryJitterMs": 200, "jitter": true, "maxExtensions": 3,
                     "workMinMs": 1500, "workMaxMs": 2500, "thinkMs": 500}
        })");
        // When it is loaded
        QString error;
        const auto config = EngineConfig::loadFile(path, &error);
        // Then every value arrives
        QVERIFY2(config.has_value(), qPrintable(error));
        QCOMPARE(config->nodes.size(), 3);
        QCOMPARE(config->nodes[1].port, quint16(7002));
        QCOMPARE(config->nodes[1].password, QStringLiteral("pw"));
        QCOMPARE(config->initialClients, 3);
        QCOMPARE(config->resource, QByteArray("stock-lock"));
        QCOMPARE(config->clientDefaults, ClientSettings{});
    }

    void goodFiles_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("expected");

        QTest::newRow("empty object") << QByteArray("{}") << "localNodes"
                                      << "5";
        QTest::newRow("local nodes") << QByteArray(R"({"localNodes": 3})") << "localNodes"
                                     << "3";
        QTest::newRow("redis-server")
            << QByteArray(R"({"redisServer": "/usr/bin/redis-server"})") << "redisServer"
            << "/usr/bin/redis-server";
        QTest::newRow("replicated topology")
            << QByteArray(
                   R"({"topology": "replicated", "redisSentinel": "/usr/bin/redis-sentinel"})")
            << "topology"
            << "replicated 2 /usr/bin/redis-sentinel";
        QTest::newRow("no clients") << QByteArray(R"({"clients": 0})") << "clients"
                                    << "0";
        QTest::newRow("object node with user")
            << QByteArray(R"({"nodes": [{"host": "10.0.0.5", "port": 6379, "user": "alice",
                                         "password": "s3cret", "db": 2}]})")
            << "node 1"
            << "alice@10.0.0.5:6379/2";
        QTest::newRow("object node IPv6")
            << QByteArray(R"({"nodes": [{"host": "::1", "port": 7001}]})") << "node 1"
            << "@[::1]:7001/0";
        QTest::newRow("client settings") << QByteArray(R"({"client": {"ttlMs": 5000}})") << "ttl"
                                         << "5000";
    }

    void goodFiles()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, what);
        QFETCH(QString, expected);
        QString error;
        const auto config = EngineConfig::loadFile(write(json), &error);
        QVERIFY2(config.has_value(), qPrintable(error));
        QString actual;
        if (what == QLatin1String("localNodes"))
            actual = QString::number(config->localNodeCount);
        else if (what == QLatin1String("redisServer"))
            actual = config->redisServer;
        else if (what == QLatin1String("topology"))
            actual = QStringLiteral("%1 %2 %3")
                         .arg(config->replicated() ? "replicated" : "independent")
                         .arg(config->nodeCount())
                         .arg(config->redisSentinel);
        else if (what == QLatin1String("clients"))
            actual = QString::number(config->initialClients);
        else if (what == QLatin1String("ttl"))
            actual = QString::number(config->clientDefaults.lock.ttlMs);
        else
            actual = QStringLiteral("%1@%2/%3")
                         .arg(config->nodes[0].user, config->nodes[0].display())
                         .arg(config->nodes[0].db);
        QCOMPARE(actual, expected);
    }

    void badFiles_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message"); // what follows "PATH: "

        // Unknown keys, with their path
        QTest::newRow("unknown top-level key")
            << QByteArray(R"({"node": ["127.0.0.1:7001"]})")
            << "node: unknown key (known: nodes, localNodes, redisServer, resource, clients, "
               "client, storage, topology, redisSentinel, tls)";
        QTest::newRow("unknown client key")
            << QByteArray(R"({"client": {"ttlMs2": 5}})") << "client.ttlMs2: unknown key";
        QTest::newRow("unknown node key")
            << QByteArray(R"({"nodes": [{"host": "127.0.0.1", "port": 7001, "hots": "x"}]})")
            << "nodes[0].hots: unknown key (known: host, port, user, password, db)";

        // Wrong types, with what was found
        QTest::newRow("nodes as a string") << QByteArray(R"({"nodes": "a:1,b:2"})")
                                           << R"(nodes: expected an array of "host:port" )"
                                              R"(strings or objects, got "a:1,b:2")";
        QTest::newRow("no nodes") << QByteArray(R"({"nodes": []})")
                                  << "nodes: empty (leave it out to start local nodes)";
        QTest::newRow("node as a number") << QByteArray(R"({"nodes": [7001]})")
                                          << R"(nodes[0]: expected "host:port" or an object, )"
                                             "got 7001";
        QTest::newRow("clients fraction")
            << QByteArray(R"({"clients": 2.5})") << "clients: expected a whole number, got 2.5";
        QTest::newRow("clients as text")
            << QByteArray(R"({"clients": "3"})") << R"(clients: expected a whole number, got "3")";
        QTest::newRow("clients too many")
            << QByteArray(R"({"clients": 201})") << "clients must be 0 to 200, not 201";
        QTest::newRow("clients negative")
            << QByteArray(R"({"clients": -1})") << "clients must be 0 to 200, not -1";
        QTest::newRow("local nodes huge") << QByteArray(R"({"localNodes": 1e12})")
                                          << "localNodes must be 1 to 9, not 1000000000000";
        QTest::newRow("local nodes even") << QByteArray(R"({"localNodes": 4})")
                                          << "the node count must be odd, from 1 to 9 (is 4)";
        QTest::newRow("local nodes beside nodes")
            << QByteArray(R"({"nodes": ["127.0.0.1:7001"], "localNodes": 3})")
            << R"(localNodes: only for local nodes, but "nodes" names your own)";
        QTest::newRow("redis-server beside nodes")
            << QByteArray(R"({"nodes": ["127.0.0.1:7001"], "redisServer": "/x"})")
            << R"(redisServer: only for local nodes, but "nodes" names your own)";
        QTest::newRow("unknown topology")
            << QByteArray(R"({"topology": "ring"})")
            << R"(topology: expected "independent" or "replicated", got "ring")";
        QTest::newRow("replicated beside nodes")
            << QByteArray(R"({"nodes": ["127.0.0.1:7001"], "topology": "replicated"})")
            << R"(topology: only for local nodes, but "nodes" names your own)";
        QTest::newRow("resource empty") << QByteArray(R"({"resource": ""})")
                                        << "resource: empty (leave it out for the default)";
        QTest::newRow("resource number")
            << QByteArray(R"({"resource": 5})") << "resource: expected a string, got 5";
        QTest::newRow("client not an object")
            << QByteArray(R"({"client": [1]})") << "client: expected an object, got an array";
        QTest::newRow("client ttl text") << QByteArray(R"({"client": {"ttlMs": "abc"}})")
                                         << R"(client.ttlMs: expected a number, got "abc")";
        QTest::newRow("client ttl fraction") << QByteArray(R"({"client": {"ttlMs": 2.5}})")
                                             << "client.ttlMs: expected a whole number, got 2.5";
        QTest::newRow("client retry delay overflow")
            << QByteArray(R"({"client": {"retryDelayMs": 3000000000}})")
            << "client.retryDelayMs must be a whole number of ms from 0 to 86400000 (24 h), "
               "not 3000000000";

        // Object-form nodes get the checks of "host:port" text
        QTest::newRow("string node port") << QByteArray(R"({"nodes": ["127.0.0.1:notaport"]})")
                                          << "nodes[0]: port must be 1-65535";
        QTest::newRow("object port zero")
            << QByteArray(R"({"nodes": [{"host": "127.0.0.1", "port": 0}]})")
            << "nodes[0].port must be 1 to 65535, not 0";
        QTest::newRow("object port too big")
            << QByteArray(R"({"nodes": [{"host": "127.0.0.1", "port": 65536}]})")
            << "nodes[0].port must be 1 to 65535, not 65536";
        QTest::newRow("object port as text")
            << QByteArray(R"({"nodes": [{"host": "127.0.0.1", "port": "7001"}]})")
            << R"(nodes[0].port: expected a whole number, got "7001")";
        QTest::newRow("object port missing")
            << QByteArray(R"({"nodes": [{"host": "h"}]})") << "nodes[0].port: missing";
        QTest::newRow("object host missing")
            << QByteArray(R"({"nodes": [{"port": 7001}]})") << "nodes[0].host: missing";
        QTest::newRow("object host bad")
            << QByteArray(R"({"nodes": [{"host": "bad host!", "port": 7001}]})")
            << "nodes[0]: 'bad host!' is not a valid host name";
        QTest::newRow("object host empty")
            << QByteArray(R"({"nodes": [{"host": "", "port": 7001}]})")
            << "nodes[0]: host is missing";
        QTest::newRow("object host bad IPv6")
            << QByteArray(R"({"nodes": [{"host": "::zz", "port": 7001}]})")
            << "nodes[0]: '::zz' is not an IPv6 address";
        QTest::newRow("object host number")
            << QByteArray(R"({"nodes": [{"host": 127, "port": 7001}]})")
            << "nodes[0].host: expected a string, got 127";
        QTest::newRow("object db negative")
            << QByteArray(R"({"nodes": [{"host": "h", "port": 7001, "db": -1}]})")
            << "nodes[0].db must be 0 to 2147483647, not -1";
        QTest::newRow("object db fraction")
            << QByteArray(R"({"nodes": [{"host": "h", "port": 7001, "db": 0.5}]})")
            << "nodes[0].db: expected a whole number, got 0.5";
        QTest::newRow("object user without password")
            << QByteArray(R"({"nodes": [{"host": "h", "port": 7001, "user": "alice"}]})")
            << "nodes[0]: user 'alice' has no password";
        QTest::newRow("object password number")
            << QByteArray(R"({"nodes": [{"host": "h", "port": 7001, "password": 1234}]})")
            << "nodes[0].password: expected a string, got 1234";
        QTest::newRow("second node bad")
            << QByteArray(R"({"nodes": ["127.0.0.1:7001", {"host": "h", "port": -4}, "h:3"]})")
            << "nodes[1].port must be 1 to 65535, not -4";
        QTest::newRow("even node count")
            << QByteArray(R"({"nodes": ["127.0.0.1:7001", "127.0.0.1:7002"]})")
            << "the node count must be odd, from 1 to 9 (is 2)";

        // One server under two names counts its vote twice
        QTest::newRow("same node by name and address")
            << QByteArray(R"({"nodes": ["localhost:7001", "127.0.0.1:7001", "127.0.0.1:7003"]})")
            << "node 1 (localhost:7001) and node 2 (127.0.0.1:7001) are the same node: both "
               "reach 127.0.0.1:7001";
        QTest::newRow("same node, string and object")
            << QByteArray(R"({"nodes": [{"host": "127.0.0.1", "port": 7001},
                                        "127.0.0.1:7002", "127.0.0.1:7001"]})")
            << "node 1 (127.0.0.1:7001) and node 3 (127.0.0.1:7001) are the same node";
        QTest::newRow("same IPv6 node")
            << QByteArray(R"({"nodes": ["[::1]:7001", {"host": "::1", "port": 7001},
                                        "127.0.0.1:7001"]})")
            << "node 1 ([::1]:7001) and node 2 ([::1]:7001) are the same node";
        QTest::newRow("same node, same name")
            << QByteArray(R"({"nodes": ["localhost:7001", "LOCALHOST:7001", "127.0.0.1:7003"]})")
            << "node 1 (localhost:7001) and node 2 (LOCALHOST:7001) are the same node";
    }

    // "tls": its files relative to the config file, stamped into every rediss:// address
    // (the nodes' and the storage's), and nowhere else.
    void tlsSettings()
    {
        const QString ca = m_dir.filePath(QStringLiteral("ca.pem"));
        QFile file(ca);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QString path =
            write("{\"nodes\": [\"rediss://127.0.0.1:7001\", \"127.0.0.1:7002\", "
                  "\"rediss://127.0.0.1:7003\"], \"storage\": \"rediss://127.0.0.1:7004\", "
                  "\"tls\": {\"ca\": \"ca.pem\", \"serverName\": \"cache.example\", \"insecure\": "
                  "true}}");
        QString error;
        const auto config = EngineConfig::loadFile(path, &error);
        QVERIFY2(config.has_value(), qPrintable(error));
        QVERIFY(config->usesTls());
        QCOMPARE(config->tls.caFile, ca);
        QCOMPARE(config->tls.serverName, QStringLiteral("cache.example"));
        QVERIFY(config->tls.insecure);
        QCOMPARE(config->nodes.at(0).tlsSettings, config->tls);
        QCOMPARE(config->nodes.at(1).tlsSettings, TlsSettings{});
        QCOMPARE(config->nodes.at(2).tlsSettings, config->tls);
        QCOMPARE(config->storage->tlsSettings, config->tls);

        const QString absent =
            write("{\"nodes\": [\"rediss://127.0.0.1:7001\"], \"tls\": {\"ca\": \"absent.pem\"}}");
        QVERIFY(!EngineConfig::loadFile(absent, &error).has_value());
        QVERIFY2(error.endsWith(QStringLiteral("the TLS CA file %1 does not exist")
                                    .arg(m_dir.filePath(QStringLiteral("absent.pem")))),
                 qPrintable(error));
        QVERIFY(!EngineConfig::loadFile(write(R"({"tls": {"ca": 3}})"), &error).has_value());
        QVERIFY2(error.endsWith(QStringLiteral("tls.ca: expected a string, got 3")),
                 qPrintable(error));
        QVERIFY(!EngineConfig::loadFile(write(R"({"tls": {"cafile": "x"}})"), &error).has_value());
        QVERIFY2(error.contains(QStringLiteral("tls.cafile")), qPrintable(error));
    }

    void badFiles()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        // Given a config file with one thing wrong
        const QString path = write(json);
        // When it is loaded
        QString error;
        const auto config = EngineConfig::loadFile(path, &error);
        // Then it is refused, naming the file and the path at fault
        QVERIFY(!config.has_value());
        const QString expected = path + QStringLiteral(": ") + message;
        QVERIFY2(
            error.startsWith(expected),
            qPrintable(QStringLiteral("\n  got:      %1\n  expected: %2").arg(error, expected)));
    }

    void notJson_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("truncated") << QByteArray(R"({"nodes": [)") << "not valid JSON";
        QTest::newRow("array at the top")
            << QByteArray("[1, 2]") << "expected a JSON object {...} at the top";
        QTest::newRow("empty file") << QByteArray("") << "not valid JSON";
    }

    void notJson()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!EngineConfig::loadFile(write(json), &error).has_value());
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void missingFile()
    {
        QString error;
        QVERIFY(!EngineConfig::loadFile(m_dir.filePath("absent.json"), &error).has_value());
        QVERIFY2(error.startsWith(QStringLiteral("cannot read ")), qPrintable(error));
    }

    // The --nodes list goes through the same check (main.cpp calls it after parseList).
    void distinctNodes_data()
    {
        QTest::addColumn<QString>("list");
        QTest::addColumn<QString>("message");
        QTest::newRow("all different") << "127.0.0.1:7001,127.0.0.1:7002,localhost:7003"
                                       << "";
        QTest::newRow("same host, other ports") << "localhost:7001,localhost:7002,[::1]:7003"
                                                << "";
        QTest::newRow("localhost is 127.0.0.1")
            << "127.0.0.1:7001,127.0.0.1:7002,localhost:7002"
            << "node 2 (127.0.0.1:7002) and node 3 (localhost:7002) are the same node: both "
               "reach 127.0.0.1:7002, so its vote would count twice";
        // [::1]:P and 127.0.0.1:P are two sockets, which two servers can hold: not refused
        // as one node (issue 22). A redis-server listening on both is given once by the user.
        QTest::newRow("::1 is not 127.0.0.1") << "[::1]:7001,127.0.0.1:7001,127.0.0.1:7003"
                                              << "";
        QTest::newRow("IPv4-mapped IPv6") << "[::ffff:127.0.0.1]:7001,127.0.0.1:7001,127.0.0.1:7009"
                                          << "node 1 ([::ffff:127.0.0.1]:7001) and node 2 "
                                             "(127.0.0.1:7001) are the same node";
    }

    void distinctNodes()
    {
        QFETCH(QString, list);
        QFETCH(QString, message);
        QString error;
        const auto nodes = NodeAddress::parseList(list, &error);
        QVERIFY2(nodes.has_value(), qPrintable(error));
        EngineConfig config;
        config.nodes = *nodes;
        const QString actual = config.checkNodesDistinct();
        if (message.isEmpty())
            QCOMPARE(actual, QString());
        else
            QVERIFY2(actual.startsWith(message), qPrintable(actual));
    }
};

QTEST_GUILESS_MAIN(TestEngineConfig)
#include "tst_engineconfig.moc"
