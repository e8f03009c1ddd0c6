// SPDX-License-Identifier: GPL-3.0-or-later
// Client settings as the command language, the config file and the dialog give them: one
// table (ClientSettingField) drives all three, every bad value is refused with a sentence
// naming its key, and a refused change changes nothing.
#include "model/clientsettingfield.h"
#include "model/clientsettings.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <limits>

namespace {

QJsonObject json(const char* text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

// The value `key` has in settings, as the command language writes it.
QString valueOf(const ClientSettings& settings, const QString& key)
{
    return ClientSettingField::find(key)->format(settings);
}

} // namespace

class TestClientSettings : public QObject
{
    Q_OBJECT

private slots:
    void everyRowIsComplete();
    void timesCannotOverflowATimer();
    void goodAssignments_data();
    void goodAssignments();
    void badAssignments_data();
    void badAssignments();
    void refusalsAreSentences_data();
    void refusalsAreSentences();
    void aBadAssignmentChangesNothing();
    void validateRefusesValuesSetInCode_data();
    void validateRefusesValuesSetInCode();
    void assignmentsRoundTrip();
    void goodJson_data();
    void goodJson();
    void badJson_data();
    void badJson();
    void jsonRoundTrip();
    void choiceRows();
    void guideTableIsTheTable();
};

void TestClientSettings::everyRowIsComplete()
{
    // Given the table
    const QList<ClientSettingField>& table = ClientSettingField::all();
    QVERIFY(table.size() >= 13);
    QSet<QString> keys;
    QSet<QString> configNames;
    for (const ClientSettingField& field : table) {
        // Then every row has what the command language, the config file and the dialog need
        QVERIFY2(!field.key().isEmpty() && field.key() == field.key().toLower(),
                 qPrintable(field.key()));
        QVERIFY2(!keys.contains(field.key()), qPrintable(field.key()));
        keys.insert(field.key());
        const int names = field.type() == ClientSettingField::Type::MsRange ? 2 : 1;
        QCOMPARE(field.configNames().size(), names);
        for (const QString& name : field.configNames()) {
            QVERIFY2(!configNames.contains(name), qPrintable(name));
            configNames.insert(name);
        }
        QVERIFY(!field.label().isEmpty());
        // and the help states the limits
        QVERIFY2(field.help().contains(field.allowed()), qPrintable(field.help()));
        QVERIFY(ClientSettingField::find(field.key()) == &field);
    }
    // The command language's keys, in the order the user guide lists them.
    QCOMPARE(ClientSettingField::keys(),
             QStringList({"ttl", "timeout", "drift", "driftms", "retries", "retrydelay",
                          "retryjitter", "jitter", "maxext", "work", "think", "autoextend",
                          "extendbelow", "strategy", "careful", "netdelay", "fencing", "wait"}));
    // The config file's names as the user guide documents them.
    QCOMPARE(ClientSettingField::allConfigNames(),
             QStringList({"ttlMs", "nodeTimeoutMs", "driftFactor", "driftConstantMs", "retryCount",
                          "retryDelayMs", "retryJitterMs", "jitter", "maxExtensions", "workMinMs",
                          "workMaxMs", "thinkMs", "autoExtend", "extendBelowMs", "strategy",
                          "careful", "netDelayMs", "fencing", "wait"}));
}

void TestClientSettings::timesCannotOverflowATimer()
{
    // Given every time a setting may hold
    for (const ClientSettingField& field : ClientSettingField::all()) {
        if (field.type() != ClientSettingField::Type::Milliseconds &&
            field.type() != ClientSettingField::Type::MsRange)
            continue;
        // Then it is at most a day, so delay + jitter + 1 and MIN + (MAX - MIN + 1) fit an int
        QVERIFY2(field.maximum() <= 24 * 3600 * 1000, qPrintable(field.key()));
        QVERIFY(2 * qint64(field.maximum()) + 1 < std::numeric_limits<int>::max());
    }
    // And the largest values do what the timers need
    const auto most = ClientSettings{}.withAssignments(
        {"retrydelay=86400000", "retryjitter=86400000", "work=0-86400000", "maxext=1000"}, nullptr);
    QVERIFY(most.has_value());
    QVERIFY(qint64(most->lock.retryDelayMs) + most->lock.retryJitterMs + 1 <
            std::numeric_limits<int>::max());
}

void TestClientSettings::goodAssignments_data()
{
    QTest::addColumn<QStringList>("assignments");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");

    QTest::newRow("ttl") << QStringList{"ttl=5000"} << "ttl"
                         << "5000";
    QTest::newRow("spaces") << QStringList{" ttl = 5000 "} << "ttl"
                            << "5000";
    QTest::newRow("key in capitals") << QStringList{"TTL=5000"} << "ttl"
                                     << "5000";
    QTest::newRow("plus sign") << QStringList{"retries=+4"} << "retries"
                               << "4";
    QTest::newRow("ttl at its floor")
        << QStringList{"ttl=10", "timeout=1", "extendbelow=0"} << "ttl"
        << "10";
    QTest::newRow("ttl at its ceiling") << QStringList{"ttl=3600000"} << "ttl"
                                        << "3600000";
    QTest::newRow("drift") << QStringList{"drift=0.02"} << "drift"
                           << "0.02";
    QTest::newRow("drift zero") << QStringList{"drift=0"} << "drift"
                                << "0";
    QTest::newRow("drift ceiling") << QStringList{"drift=0.5"} << "drift"
                                   << "0.5";
    QTest::newRow("driftms") << QStringList{"driftms=0"} << "driftms"
                             << "0";
    QTest::newRow("retries none") << QStringList{"retries=0"} << "retries"
                                  << "0";
    QTest::newRow("retries most") << QStringList{"retries=1000"} << "retries"
                                  << "1000";
    QTest::newRow("retry delay a day") << QStringList{"retrydelay=86400000"} << "retrydelay"
                                       << "86400000";
    QTest::newRow("jitter off") << QStringList{"jitter=off"} << "jitter"
                                << "off";
    QTest::newRow("jitter On") << QStringList{"jitter=off", "jitter=On"} << "jitter"
                               << "on";
    QTest::newRow("jitter false") << QStringList{"jitter=false"} << "jitter"
                                  << "off";
    QTest::newRow("jitter 0") << QStringList{"jitter=0"} << "jitter"
                              << "off";
    QTest::newRow("work range") << QStringList{"work=800-1200"} << "work"
                                << "800-1200";
    QTest::newRow("work range with spaces") << QStringList{"work=800 - 1200"} << "work"
                                            << "800-1200";
    QTest::newRow("work one time") << QStringList{"work=1000"} << "work"
                                   << "1000";
    QTest::newRow("work from zero") << QStringList{"work=0-5"} << "work"
                                    << "0-5";
    QTest::newRow("work equal ends") << QStringList{"work=7-7"} << "work"
                                     << "7";
    QTest::newRow("think") << QStringList{"think=0"} << "think"
                           << "0";
    QTest::newRow("autoextend") << QStringList{"autoextend=on"} << "autoextend"
                                << "on";
    QTest::newRow("extendbelow") << QStringList{"extendbelow=9999"} << "extendbelow"
                                 << "9999";
    QTest::newRow("last one wins") << QStringList{"ttl=5000", "ttl=6000"} << "ttl"
                                   << "6000";
    QTest::newRow("together valid")
        << QStringList{"ttl=40", "timeout=10", "extendbelow=20"} << "ttl"
        << "40";
    QTest::newRow("wait pubsub, reentrant")
        << QStringList{"strategy=reentrant", "wait=pubsub"} << "wait"
        << "pubsub";
    QTest::newRow("wait pubsub, watchdog")
        << QStringList{"wait=PubSub", "strategy=watchdog"} << "wait"
        << "pubsub";
    QTest::newRow("wait poll, redlock") << QStringList{"wait=poll"} << "wait"
                                        << "poll";
}

void TestClientSettings::goodAssignments()
{
    QFETCH(QStringList, assignments);
    QFETCH(QString, key);
    QFETCH(QString, expected);
    // Given the defaults
    const ClientSettings defaults;
    // When the assignments are applied
    QString error;
    const auto changed = defaults.withAssignments(assignments, &error);
    // Then they are taken, and the key reads back as expected
    QVERIFY2(changed.has_value(), qPrintable(error));
    QCOMPARE(valueOf(*changed, key), expected);
    QVERIFY(changed->validate().isEmpty());
}

void TestClientSettings::badAssignments_data()
{
    QTest::addColumn<QStringList>("assignments");
    QTest::addColumn<QString>("named"); // the message must name this

    QTest::newRow("not a number") << QStringList{"ttl=abc"} << "ttl";
    QTest::newRow("empty") << QStringList{"ttl="} << "ttl";
    QTest::newRow("only spaces") << QStringList{"timeout=   "} << "timeout";
    QTest::newRow("fraction of a ms") << QStringList{"ttl=1500.5"} << "ttl";
    QTest::newRow("exponent") << QStringList{"ttl=1e4"} << "ttl";
    QTest::newRow("hex") << QStringList{"ttl=0x100"} << "ttl";
    QTest::newRow("trailing junk") << QStringList{"ttl=100ms"} << "ttl";
    QTest::newRow("ttl below floor") << QStringList{"ttl=9"} << "ttl";
    QTest::newRow("ttl above an hour") << QStringList{"ttl=3600001"} << "ttl";
    QTest::newRow("ttl huge") << QStringList{"ttl=99999999999999999999999"} << "ttl";
    QTest::newRow("negative timeout") << QStringList{"timeout=-1"} << "timeout";
    QTest::newRow("zero timeout") << QStringList{"timeout=0"} << "timeout";
    QTest::newRow("timeout not below ttl") << QStringList{"timeout=10000"} << "timeout";
    QTest::newRow("drift nan") << QStringList{"drift=nan"} << "drift";
    QTest::newRow("drift NaN") << QStringList{"drift=NaN"} << "drift";
    QTest::newRow("drift inf") << QStringList{"drift=inf"} << "drift";
    QTest::newRow("drift -inf") << QStringList{"drift=-inf"} << "drift";
    QTest::newRow("drift infinity") << QStringList{"drift=infinity"} << "drift";
    QTest::newRow("drift negative") << QStringList{"drift=-0.01"} << "drift";
    QTest::newRow("drift above half") << QStringList{"drift=0.6"} << "drift";
    QTest::newRow("drift not a number") << QStringList{"drift=lots"} << "drift";
    QTest::newRow("driftms nan") << QStringList{"driftms=nan"} << "driftms";
    QTest::newRow("driftms negative") << QStringList{"driftms=-2"} << "driftms";
    QTest::newRow("retries negative") << QStringList{"retries=-1"} << "retries";
    QTest::newRow("retries too many") << QStringList{"retries=1001"} << "retries";
    QTest::newRow("retries fraction") << QStringList{"retries=1.5"} << "retries";
    QTest::newRow("retrydelay beyond int") << QStringList{"retrydelay=3000000000"} << "retrydelay";
    QTest::newRow("retrydelay above a day") << QStringList{"retrydelay=86400001"} << "retrydelay";
    QTest::newRow("retryjitter int max") << QStringList{"retryjitter=2147483647"} << "retryjitter";
    QTest::newRow("retryjitter negative") << QStringList{"retryjitter=-5"} << "retryjitter";
    QTest::newRow("jitter word") << QStringList{"jitter=maybe"} << "jitter";
    QTest::newRow("jitter empty") << QStringList{"jitter="} << "jitter";
    QTest::newRow("maxext int max") << QStringList{"maxext=2147483647"} << "maxext";
    QTest::newRow("maxext negative") << QStringList{"maxext=-1"} << "maxext";
    QTest::newRow("work up to int max") << QStringList{"work=0-2147483647"} << "work";
    QTest::newRow("work backwards") << QStringList{"work=3000-1000"} << "work";
    QTest::newRow("work negative") << QStringList{"work=-5"} << "work";
    QTest::newRow("work negative max") << QStringList{"work=5--3"} << "work";
    QTest::newRow("work three parts") << QStringList{"work=1-2-3"} << "work";
    QTest::newRow("work open end") << QStringList{"work=100-"} << "work";
    QTest::newRow("work nan") << QStringList{"work=nan"} << "work";
    QTest::newRow("think negative") << QStringList{"think=-1"} << "think";
    QTest::newRow("think beyond int") << QStringList{"think=4294967296"} << "think";
    QTest::newRow("autoextend word") << QStringList{"autoextend=yes please"} << "autoextend";
    QTest::newRow("extendbelow not below ttl")
        << QStringList{"autoextend=on", "extendbelow=10000"} << "extendbelow";
    QTest::newRow("extendbelow negative") << QStringList{"extendbelow=-1"} << "extendbelow";
    QTest::newRow("unknown key") << QStringList{"ttl2=5"} << "ttl2";
    QTest::newRow("no '='") << QStringList{"ttl"} << "ttl";
    QTest::newRow("second of two bad") << QStringList{"ttl=5000", "retries=x"} << "retries";
    // Only a release that PUBLISHes can wake a waiter: the others are refused, saying why.
    QTest::newRow("wait pubsub, redlock") << QStringList{"wait=pubsub"} << "publishes";
    QTest::newRow("wait pubsub, token-lua")
        << QStringList{"strategy=token-lua", "wait=pubsub"} << "token-lua";
    QTest::newRow("wait word") << QStringList{"wait=sometimes"} << "wait";
}

void TestClientSettings::badAssignments()
{
    QFETCH(QStringList, assignments);
    QFETCH(QString, named);
    // Given the defaults
    const ClientSettings defaults;
    // When a bad assignment is among the changes
    QString error;
    const auto changed = defaults.withAssignments(assignments, &error);
    // Then nothing is returned, and the reason names the key
    QVERIFY(!changed.has_value());
    QVERIFY2(error.contains(named), qPrintable(error));
    // And the settings asked are untouched
    QCOMPARE(defaults, ClientSettings{});
}

void TestClientSettings::refusalsAreSentences_data()
{
    QTest::addColumn<QString>("assignment");
    QTest::addColumn<QString>("message");

    QTest::newRow("ttl") << "ttl=abc"
                         << "ttl must be a whole number of ms from 10 to 3600000 (1 h), "
                            "not 'abc'";
    QTest::newRow("drift nan") << "drift=nan"
                               << "drift must be a number from 0 to 0.5, not 'nan'";
    QTest::newRow("retrydelay") << "retrydelay=3000000000"
                                << "retrydelay must be a whole number of ms from 0 to "
                                   "86400000 (24 h), not '3000000000'";
    QTest::newRow("retries") << "retries=-1"
                             << "retries must be a whole number from 0 to 1000, not '-1'";
    QTest::newRow("jitter") << "jitter=maybe"
                            << "jitter must be on or off, not 'maybe'";
    QTest::newRow("work") << "work=0-2147483647"
                          << "work must be MS or MIN-MAX with MIN <= MAX, each a whole number "
                             "of ms from 0 to 86400000 (24 h), not '0-2147483647'";
    QTest::newRow("empty") << "think="
                           << "think needs a value: a whole number of ms from 0 to 86400000 "
                              "(24 h)";
    QTest::newRow("timeout above ttl")
        << "timeout=20000"
        << "timeout must be at least 1 ms and below the ttl (is 20000 ms)";
}

void TestClientSettings::refusalsAreSentences()
{
    QFETCH(QString, assignment);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!ClientSettings{}.withAssignments({assignment}, &error).has_value());
    QCOMPARE(error, message);
}

void TestClientSettings::aBadAssignmentChangesNothing()
{
    // Given settings with a changed TTL
    const auto start = ClientSettings{}.withAssignments({"ttl=7000"}, nullptr);
    QVERIFY(start.has_value());
    const ClientSettings before = *start;
    // When good changes come with one bad one, in any position
    for (const QStringList& assignments : {QStringList{"ttl=5000", "retries=2", "drift=nan"},
                                           QStringList{"drift=nan", "ttl=5000", "retries=2"},
                                           QStringList{"ttl=5000", "timeout=6000"}}) {
        QString error;
        // Then none of them is applied
        QVERIFY(!start->withAssignments(assignments, &error).has_value());
        QVERIFY(!error.isEmpty());
        QCOMPARE(*start, before);
    }
}

void TestClientSettings::validateRefusesValuesSetInCode_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("value");
    QTest::newRow("retrydelay") << "retrydelay" << std::numeric_limits<int>::max();
    QTest::newRow("retryjitter") << "retryjitter" << std::numeric_limits<int>::max();
    QTest::newRow("think") << "think" << -1;
    QTest::newRow("maxext") << "maxext" << std::numeric_limits<int>::max();
    QTest::newRow("work") << "work" << std::numeric_limits<int>::max();
}

void TestClientSettings::validateRefusesValuesSetInCode()
{
    QFETCH(QString, key);
    QFETCH(int, value);
    // Given settings a program filled in directly (a test, a config built in code)
    ClientSettings s;
    if (key == QLatin1String("retrydelay"))
        s.lock.retryDelayMs = value;
    else if (key == QLatin1String("retryjitter"))
        s.lock.retryJitterMs = value;
    else if (key == QLatin1String("think"))
        s.thinkMs = value;
    else if (key == QLatin1String("maxext"))
        s.lock.maxExtensions = value;
    else
        s.workMaxMs = value;
    // Then validate() refuses them by the same limits, naming the key
    const QString error = s.validate();
    QVERIFY2(error.startsWith(key + QStringLiteral(" must be")), qPrintable(error));
}

void TestClientSettings::assignmentsRoundTrip()
{
    // Given settings changed in every row
    const auto changed = ClientSettings{}.withAssignments(
        {"ttl=7000", "timeout=40", "drift=0.0125", "driftms=3", "retries=5", "retrydelay=50",
         "retryjitter=25", "jitter=off", "maxext=2", "work=100-900", "think=70", "autoextend=on",
         "extendbelow=1500"},
        nullptr);
    QVERIFY(changed.has_value());
    // When written as assignments and read back
    const QStringList written = changed->toAssignments();
    QCOMPARE(written.size(), ClientSettingField::all().size());
    QString error;
    const auto read = ClientSettings{}.withAssignments(written, &error);
    // Then nothing is lost
    QVERIFY2(read.has_value(), qPrintable(error));
    QCOMPARE(*read, *changed);
    QVERIFY(written.contains(QStringLiteral("drift=0.0125")));
    QVERIFY(written.contains(QStringLiteral("work=100-900")));
    QCOMPARE(ClientSettings{}.toAssignments().constFirst(), QStringLiteral("ttl=10000"));
}

void TestClientSettings::goodJson_data()
{
    QTest::addColumn<QByteArray>("object");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");

    QTest::newRow("nothing") << QByteArray("{}") << "ttl"
                             << "10000";
    QTest::newRow("ttl") << QByteArray(R"({"ttlMs": 5000})") << "ttl"
                         << "5000";
    QTest::newRow("ttl written 5000.0") << QByteArray(R"({"ttlMs": 5000.0})") << "ttl"
                                        << "5000";
    QTest::newRow("drift") << QByteArray(R"({"driftFactor": 0.02})") << "drift"
                           << "0.02";
    QTest::newRow("jitter") << QByteArray(R"({"jitter": false})") << "jitter"
                            << "off";
    QTest::newRow("work both") << QByteArray(R"({"workMinMs": 10, "workMaxMs": 20})") << "work"
                               << "10-20";
    QTest::newRow("work min only") << QByteArray(R"({"workMinMs": 2000})") << "work"
                                   << "2000-2500";
    QTest::newRow("autoExtend") << QByteArray(R"({"autoExtend": true})") << "autoextend"
                                << "on";
    QTest::newRow("the user guide's example")
        << QByteArray(R"({"ttlMs": 10000, "nodeTimeoutMs": 50, "driftFactor": 0.01,
                          "retryCount": 3, "retryDelayMs": 100, "retryJitterMs": 200,
                          "jitter": true, "maxExtensions": 3, "workMinMs": 1500,
                          "workMaxMs": 2500, "thinkMs": 500})")
        << "retries"
        << "3";
}

void TestClientSettings::goodJson()
{
    QFETCH(QByteArray, object);
    QFETCH(QString, key);
    QFETCH(QString, expected);
    QString error;
    const auto read = ClientSettings{}.withJson(json(object.constData()), "client", &error);
    QVERIFY2(read.has_value(), qPrintable(error));
    QCOMPARE(valueOf(*read, key), expected);
}

void TestClientSettings::badJson_data()
{
    QTest::addColumn<QByteArray>("object");
    QTest::addColumn<QString>("message");

    QTest::newRow("unknown key") << QByteArray(R"({"ttlMs2": 1})")
                                 << "client.ttlMs2: unknown key (known: ttlMs, nodeTimeoutMs, "
                                    "driftFactor, driftConstantMs, retryCount, retryDelayMs, "
                                    "retryJitterMs, jitter, maxExtensions, workMinMs, "
                                    "workMaxMs, thinkMs, autoExtend, extendBelowMs, strategy, "
                                    "careful, "
                                    "netDelayMs, fencing, wait)";
    QTest::newRow("command key is not a config name")
        << QByteArray(R"({"ttl": 1})") << "client.ttl: unknown key (known: ttlMs,";
    QTest::newRow("string for a number")
        << QByteArray(R"({"ttlMs": "abc"})") << R"(client.ttlMs: expected a number, got "abc")";
    QTest::newRow("number as a string")
        << QByteArray(R"({"ttlMs": "5000"})") << R"(client.ttlMs: expected a number, got "5000")";
    QTest::newRow("fraction") << QByteArray(R"({"ttlMs": 2.5})")
                              << "client.ttlMs: expected a whole number, got 2.5";
    QTest::newRow("null") << QByteArray(R"({"thinkMs": null})")
                          << "client.thinkMs: expected a number, got null";
    QTest::newRow("array") << QByteArray(R"({"thinkMs": [1]})")
                           << "client.thinkMs: expected a number, got an array";
    QTest::newRow("too large") << QByteArray(R"({"retryDelayMs": 3000000000})")
                               << "client.retryDelayMs must be a whole number of ms from 0 to "
                                  "86400000 (24 h), not 3000000000";
    QTest::newRow("huge") << QByteArray(R"({"retryJitterMs": 1e300})")
                          << "client.retryJitterMs must be a whole number of ms from 0 to "
                             "86400000 (24 h), not 1e+300";
    QTest::newRow("negative") << QByteArray(R"({"retryCount": -1})")
                              << "client.retryCount must be a whole number from 0 to 1000, "
                                 "not -1";
    QTest::newRow("drift too big") << QByteArray(R"({"driftFactor": 2})")
                                   << "client.driftFactor must be a number from 0 to 0.5, "
                                      "not 2";
    QTest::newRow("switch as text") << QByteArray(R"({"jitter": "on"})")
                                    << R"(client.jitter: expected true or false, got "on")";
    QTest::newRow("switch as number")
        << QByteArray(R"({"autoExtend": 1})") << "client.autoExtend: expected true or false, got 1";
    QTest::newRow("work backwards") << QByteArray(R"({"workMinMs": 3000, "workMaxMs": 1000})")
                                    << "client.workMinMs (3000) must not be above "
                                       "client.workMaxMs (1000)";
    QTest::newRow("work max beyond int") << QByteArray(R"({"workMaxMs": 2147483648})")
                                         << "client.workMaxMs must be a whole number of ms "
                                            "from 0 to 86400000 (24 h), not 2147483648";
    QTest::newRow("rules between settings")
        << QByteArray(R"({"ttlMs": 40})")
        << "client: timeout must be at least 1 ms and below the ttl (is 50 ms)";
}

void TestClientSettings::badJson()
{
    QFETCH(QByteArray, object);
    QFETCH(QString, message);
    // Given a config file's "client" object with a bad entry
    const ClientSettings defaults;
    QString error;
    // When it is read
    const auto read = defaults.withJson(json(object.constData()), "client", &error);
    // Then it is refused with the path and what was found
    QVERIFY(!read.has_value());
    QVERIFY2(error.startsWith(message), qPrintable(error));
}

void TestClientSettings::jsonRoundTrip()
{
    const auto changed = ClientSettings{}.withAssignments(
        {"ttl=7000", "drift=0.0125", "jitter=off", "work=100-900", "autoextend=on"}, nullptr);
    QVERIFY(changed.has_value());
    const QJsonObject written = changed->toJson();
    QCOMPARE(QStringList(written.keys()).size(), ClientSettingField::allConfigNames().size());
    QCOMPARE(written.value("ttlMs").toInt(), 7000);
    QCOMPARE(written.value("jitter").toBool(true), false);
    QString error;
    const auto read = ClientSettings{}.withJson(written, "client", &error);
    QVERIFY2(read.has_value(), qPrintable(error));
    QCOMPARE(*read, *changed);
}

void TestClientSettings::choiceRows()
{
    // Given a choice row (as next week's strategy=NAME will be), here over the retry count
    const ClientSettingField field(
        {.key = "level",
         .configNames = {"level"},
         .type = ClientSettingField::Type::Choice,
         .choices = {"none", "one", "two"},
         .label = "Level",
         .help = "How many."},
        ClientSettingField::member([](auto& s) -> auto& { return s.lock.retryCount; }));
    ClientSettings s;
    // When a choice is given by name, in any case
    QVERIFY(field.assign(&s, "TWO").isEmpty());
    // Then its index is held and its name read back
    QCOMPARE(s.lock.retryCount, 2);
    QCOMPARE(field.format(s), QStringLiteral("two"));
    QCOMPARE(field.allowed(), QStringLiteral("one of none, one, two"));
    QVERIFY(field.help().endsWith(QStringLiteral("Allowed: one of none, one, two.")));
    // And a name not among the choices is refused, naming them
    QCOMPARE(field.assign(&s, "three"),
             QStringLiteral("level must be one of none, one, two, not 'three'"));
    QCOMPARE(s.lock.retryCount, 2);
    // In a config file it is a string
    QVERIFY(field.readJson(&s, json(R"({"level": "one"})"), "client").isEmpty());
    QCOMPARE(s.lock.retryCount, 1);
    QCOMPARE(field.readJson(&s, json(R"({"level": 1})"), "client"),
             QStringLiteral("client.level: expected a string, got 1"));
    QCOMPARE(field.readJson(&s, json(R"({"level": "lots"})"), "client"),
             QStringLiteral(R"(client.level must be one of none, one, two, not "lots")"));
    QJsonObject written;
    field.writeJson(s, &written);
    QCOMPARE(written.value("level").toString(), QStringLiteral("one"));
    // A held index outside the choices is caught by check()
    s.lock.retryCount = 3;
    QCOMPARE(field.check(s), QStringLiteral("level must be one of none, one, two, not '3'"));
}

void TestClientSettings::guideTableIsTheTable()
{
    // Given the settings table of the user guide (docs/guide.md, "Running it"): a row per
    // setting, its config file name(s), then its key in the command language
    QFile guide(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../docs/guide.md"));
    QVERIFY(guide.open(QIODevice::ReadOnly | QIODevice::Text));
    static const QRegularExpression row(
        QStringLiteral("^\\| ((?:`[A-Za-z]+`(?:, )?)+) \\| `([a-z]+)=.* \\|$"));
    static const QRegularExpression quoted(QStringLiteral("`([A-Za-z]+)`"));
    QStringList keys;
    QStringList configNames;
    for (const QString& line : QString::fromUtf8(guide.readAll()).split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = row.match(line);
        if (!m.hasMatch())
            continue;
        keys << m.captured(2);
        for (auto it = quoted.globalMatch(m.captured(1)); it.hasNext();)
            configNames << it.next().captured(1);
    }
    // Then it names every setting, in the table's order, by both its names
    QCOMPARE(keys, ClientSettingField::keys());
    QCOMPARE(configNames, ClientSettingField::allConfigNames());
}

QTEST_GUILESS_MAIN(TestClientSettings)
#include "tst_clientsettings.moc"
