// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing node addresses as a user types them: good forms, and a clear error for each bad one.
#include "model/nodeaddress.h"

#include <QTest>

class TestNodeAddress : public QObject
{
    Q_OBJECT

private slots:
    void parseGood_data();
    void parseGood();
    void parseBad_data();
    void parseBad();
    void display_data();
    void display();
    void parseListGood_data();
    void parseListGood();
    void parseListBad_data();
    void parseListBad();
    void errorNeverShowsThePassword();
    void tlsUrls();
};

void TestNodeAddress::parseGood_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<int>("db");

    QTest::newRow("plain") << "127.0.0.1:6379"
                           << "127.0.0.1" << 6379 << ""
                           << "" << 0;
    QTest::newRow("name") << "redis-1.example.com:7000"
                          << "redis-1.example.com" << 7000 << ""
                          << "" << 0;
    QTest::newRow("localhost") << "localhost:1"
                               << "localhost" << 1 << ""
                               << "" << 0;
    QTest::newRow("max port") << "h:65535"
                              << "h" << 65535 << ""
                              << "" << 0;
    QTest::newRow("spaces trimmed") << "  h:6379 "
                                    << "h" << 6379 << ""
                                    << "" << 0;
    QTest::newRow("db") << "h:6379/3"
                        << "h" << 6379 << ""
                        << "" << 3;
    QTest::newRow("db 0") << "h:6379/0"
                          << "h" << 6379 << ""
                          << "" << 0;
    QTest::newRow("password only") << ":s3cret@h:6379"
                                   << "h" << 6379 << ""
                                   << "s3cret" << 0;
    QTest::newRow("user and password") << "alice:s3cret@h:6379/2"
                                       << "h" << 6379 << "alice"
                                       << "s3cret" << 2;
    QTest::newRow("password with ':' and '@'") << "bob:a:b@c@h:6379"
                                               << "h" << 6379 << "bob"
                                               << "a:b@c" << 0;
    QTest::newRow("password with '/'") << ":a/b@h:6379/1"
                                       << "h" << 6379 << ""
                                       << "a/b" << 1;
    QTest::newRow("ipv6 loopback") << "[::1]:6379"
                                   << "::1" << 6379 << ""
                                   << "" << 0;
    QTest::newRow("ipv6 full") << ":pw@[2001:db8::7]:6380/4"
                               << "2001:db8::7" << 6380 << ""
                               << "pw" << 4;
}

void TestNodeAddress::parseGood()
{
    QFETCH(QString, text);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, user);
    QFETCH(QString, password);
    QFETCH(int, db);

    QString error;
    const std::optional<NodeAddress> address = NodeAddress::parse(text, &error);
    QVERIFY2(address.has_value(), qPrintable(error));
    QCOMPARE(address->host, host);
    QCOMPARE(int(address->port), port);
    QCOMPARE(address->user, user);
    QCOMPARE(address->password, password);
    QCOMPARE(address->db, db);
}

void TestNodeAddress::parseBad_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");

    QTest::newRow("empty") << ""
                           << "empty address (expected host:port)";
    QTest::newRow("blank") << "   "
                           << "empty address (expected host:port)";
    QTest::newRow("no port") << "foo"
                             << "port must be 1-65535";
    QTest::newRow("empty port") << "foo:"
                                << "port must be 1-65535";
    QTest::newRow("port 0") << "foo:0"
                            << "port must be 1-65535";
    QTest::newRow("port too big") << "foo:65536"
                                  << "port must be 1-65535";
    QTest::newRow("port huge") << "foo:99999999999"
                               << "port must be 1-65535";
    QTest::newRow("port negative") << "foo:-1"
                                   << "port must be 1-65535";
    QTest::newRow("port plus") << "foo:+80"
                               << "port must be 1-65535";
    QTest::newRow("port letters") << "foo:http"
                                  << "port must be 1-65535";
    QTest::newRow("no host") << ":6379"
                             << "host is missing";
    QTest::newRow("bad host") << "foo bar:6379"
                              << "'foo bar' is not a valid host name";
    QTest::newRow("host dash") << "-foo:6379"
                               << "'-foo' is not a valid host name";
    QTest::newRow("ipv6 unbracketed") << "::1:6379"
                                      << "IPv6 addresses go in brackets, e.g. [::1]:6379";
    QTest::newRow("ipv6 unclosed") << "[::1:6379"
                                   << "missing ']' after the IPv6 address";
    QTest::newRow("ipv6 no port") << "[::1]"
                                  << "port must be 1-65535";
    QTest::newRow("ipv6 bad") << "[nope]:6379"
                              << "'nope' is not an IPv6 address";
    QTest::newRow("ipv4 in brackets") << "[127.0.0.1]:6379"
                                      << "'127.0.0.1' is not an IPv6 address";
    QTest::newRow("db letters") << "h:6379/x"
                                << "db must be a whole number, 0 or more";
    QTest::newRow("db negative") << "h:6379/-1"
                                 << "db must be a whole number, 0 or more";
    QTest::newRow("db empty") << "h:6379/"
                              << "db must be a whole number, 0 or more";
    QTest::newRow("db too big") << "h:6379/99999999999"
                                << "db must be a whole number, 0 or more";
    QTest::newRow("user without password")
        << "alice@h:6379"
        << "user 'alice' has no password (expected user:password@host:port, or "
           ":password@host:port for the default user)";
    QTest::newRow("empty password") << "alice:@h:6379"
                                    << "empty password after ':'";
    QTest::newRow("nothing before @")
        << "@h:6379"
        << "nothing before '@' (expected user:password@ or :password@)";
    QTest::newRow("a list") << "a:1,b:2"
                            << "one address expected, found a ','";
}

void TestNodeAddress::parseBad()
{
    QFETCH(QString, text);
    QFETCH(QString, error);

    QString actual;
    QVERIFY(!NodeAddress::parse(text, &actual).has_value());
    QCOMPARE(actual, error);
    // A null error pointer is allowed.
    QVERIFY(!NodeAddress::parse(text, nullptr).has_value());
}

void TestNodeAddress::display_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("display");

    QTest::newRow("plain") << "127.0.0.1:7001"
                           << "127.0.0.1:7001";
    QTest::newRow("credentials hidden") << "u:p@h:1/5"
                                        << "h:1";
    QTest::newRow("ipv6 bracketed") << "[::1]:6379"
                                    << "[::1]:6379";
}

void TestNodeAddress::display()
{
    QFETCH(QString, text);
    QFETCH(QString, display);
    const std::optional<NodeAddress> address = NodeAddress::parse(text, nullptr);
    QVERIFY(address.has_value());
    QCOMPARE(address->display(), display);
    // The display form parses back to the same place.
    const std::optional<NodeAddress> back = NodeAddress::parse(address->display(), nullptr);
    QVERIFY(back.has_value());
    QCOMPARE(back->host, address->host);
    QCOMPARE(back->port, address->port);
}

void TestNodeAddress::parseListGood_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("displays");

    QTest::newRow("one") << "h:1" << QStringList{"h:1"};
    QTest::newRow("three") << "h:1,h:2,h:3" << QStringList{"h:1", "h:2", "h:3"};
    QTest::newRow("spaces") << " h:1 , h:2,  h:3 " << QStringList{"h:1", "h:2", "h:3"};
    QTest::newRow("five mixed") << "a:1,:pw@b:2/1,[::1]:3,u:p@c:4,d:5"
                                << QStringList{"a:1", "b:2", "[::1]:3", "c:4", "d:5"};
    QTest::newRow("nine") << "h:1,h:2,h:3,h:4,h:5,h:6,h:7,h:8,h:9"
                          << QStringList{"h:1", "h:2", "h:3", "h:4", "h:5",
                                         "h:6", "h:7", "h:8", "h:9"};
}

void TestNodeAddress::parseListGood()
{
    QFETCH(QString, text);
    QFETCH(QStringList, displays);

    QString error;
    const std::optional<QList<NodeAddress>> list = NodeAddress::parseList(text, &error);
    QVERIFY2(list.has_value(), qPrintable(error));
    QStringList actual;
    for (const NodeAddress& address : *list)
        actual << address.display();
    QCOMPARE(actual, displays);
}

void TestNodeAddress::parseListBad_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");

    QTest::newRow("empty") << ""
                           << "no nodes given (expected host:port,host:port,...)";
    QTest::newRow("bad third") << "h:1,h:2,foo"
                               << "node 3 ('foo'): port must be 1-65535";
    QTest::newRow("bad first") << "h:0,h:2,h:3"
                               << "node 1 ('h:0'): port must be 1-65535";
    QTest::newRow("empty entry") << "h:1,,h:3"
                                 << "node 2 is empty (two commas in a row, or a comma at an "
                                    "end?)";
    QTest::newRow("trailing comma") << "h:1,h:2,h:3,"
                                    << "node 4 is empty (two commas in a row, or a comma at "
                                       "an end?)";
    QTest::newRow("two") << "h:1,h:2"
                         << "2 nodes given: the count must be odd, 1 to 9 (a majority must be "
                            "able to decide)";
    QTest::newRow("four") << "h:1,h:2,h:3,h:4"
                          << "4 nodes given: the count must be odd, 1 to 9 (a majority must be "
                             "able to decide)";
    QTest::newRow("eleven") << "h:1,h:2,h:3,h:4,h:5,h:6,h:7,h:8,h:9,h:10,h:11"
                            << "11 nodes given: the count must be odd, 1 to 9 (a majority must "
                               "be able to decide)";
    QTest::newRow("duplicate") << "h:1,h:2,H:1"
                               << "node 3 ('H:1'): the same node as node 1";
}

void TestNodeAddress::parseListBad()
{
    QFETCH(QString, text);
    QFETCH(QString, error);

    QString actual;
    QVERIFY(!NodeAddress::parseList(text, &actual).has_value());
    QCOMPARE(actual, error);
}

void TestNodeAddress::errorNeverShowsThePassword()
{
    QString error;
    QVERIFY(!NodeAddress::parseList("h:1,alice:topsecret@h:99999,h:3", &error).has_value());
    QCOMPARE(error, QStringLiteral("node 2 ('alice:***@h:99999'): port must be 1-65535"));
    QVERIFY(!error.contains("topsecret"));
}

// rediss:// is Redis over TLS: the same parts as redis://, with the tls flag (issue 35).
void TestNodeAddress::tlsUrls()
{
    QString error;
    const auto tls =
        NodeAddress::parse(QStringLiteral("rediss://alice:s3cret@cache.example:6380/2"), &error);
    QVERIFY2(tls.has_value(), qPrintable(error));
    QVERIFY(tls->tls);
    QCOMPARE(tls->host, QStringLiteral("cache.example"));
    QCOMPARE(int(tls->port), 6380);
    QCOMPARE(tls->user, QStringLiteral("alice"));
    QCOMPARE(tls->password, QStringLiteral("s3cret"));
    QCOMPARE(tls->db, 2);
    QCOMPARE(int(NodeAddress::parse(QStringLiteral("rediss://h"), &error)->port), 6379);
    QVERIFY(!NodeAddress::parse(QStringLiteral("redis://h:1"), &error)->tls);
    QVERIFY(!NodeAddress::parse(QStringLiteral("h:1"), &error)->tls);
    // A mixed fleet.
    const auto list =
        NodeAddress::parseList(QStringLiteral("h:1,rediss://h:2,redis://h:3"), &error);
    QVERIFY2(list.has_value(), qPrintable(error));
    QCOMPARE(list->at(0).tls, false);
    QCOMPARE(list->at(1).tls, true);
    QCOMPARE(list->at(2).tls, false);
    QVERIFY(!NodeAddress::parse(QStringLiteral("http://h:1"), &error).has_value());
    QCOMPARE(error, QStringLiteral("only redis:// and rediss:// URLs are understood, not http:// "
                                   "(or write host:port)"));
}

QTEST_GUILESS_MAIN(TestNodeAddress)
#include "tst_nodeaddress.moc"
