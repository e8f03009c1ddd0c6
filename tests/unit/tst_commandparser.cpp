// SPDX-License-Identifier: GPL-3.0-or-later
// The command language's parser against the catalogue: every verb parses in its usual form,
// and every class of bad value (negative, NaN, huge, wrong type, unknown name, missing
// argument) is refused with a reason and a column, before anything runs.
#include "base/enumnames.h"
#include "clients/lockclient.h"
#include "commands/commandcatalogue.h"
#include "commands/commandparser.h"
#include "fleet/redisserverprocess.h"

#include <QSet>
#include <QTest>

class TestCommandParser : public QObject
{
    Q_OBJECT

private:
    static std::optional<ParsedCommand> parse(const QString& line, CommandParser::Error* error)
    {
        return CommandParser::parse(line, {5}, error);
    }

    static const QList<std::pair<const char*, const char*>>& sampleLines()
    {
        static const QList<std::pair<const char*, const char*>> lines{
            {"client add", "client add"},
            {"client add C9 ttl=500 work=10-20", "client add"},
            {"client add ttl=500", "client add"},
            {"client remove C1", "client remove"},
            {"client stop all", "client stop"},
            {"client start C2", "client start"},
            {"client set all ttl=3000 careful=off", "client set"},
            {"client crash C1", "client crash"},
            {"client pause C1", "client pause"},
            {"client pause C1 1500", "client pause"},
            {"client pause C1 1500 before-write", "client pause"},
            {"client pause C1 before-write", "client pause"},
            {"client resume all", "client resume"},
            {"client restart C1", "client restart"},
            {"client partition C1 1 2 3", "client partition"},
            {"defaults ttl=4000", "defaults"},
            {"node kill 3", "node kill"},
            {"node pause 2", "node pause"},
            {"node pause 2 1000", "node pause"},
            {"node resume 2", "node resume"},
            {"node restart 1", "node restart"},
            {"node restart 1 delayed", "node restart"},
            {"node restart 1 delayed 8000", "node restart"},
            {"node shutdown 4", "node shutdown"},
            {"node persistence 5 always", "node persistence"},
            {"node partition 2", "node partition"},
            {"node partition 2 C1 C3", "node partition"},
            {"node latency 1 20", "node latency"},
            {"node latency 1 20 5", "node latency"},
            {"node drop 1 30", "node drop"},
            {"node clock 3 +6000", "node clock"},
            {"node clock 3 6000", "node clock"},
            {"node heal 3", "node heal"},
            {"node failover 1", "node failover"},
            {"stock", "stock"},
            {"stock 100", "stock"},
            {"help", "help"},
            {"help node pause", "help"},
            {"say Two clients; one lock.", "say"},
            {"expose 7700", "expose"},
            {"exec python3 client.py 7700", "exec"},
            {"snapshot \"Two holders\"", "snapshot"},
            {"expose 127.0.0.1:7700", "expose"},
            {"say.zh 两个客户端。", "say.zh"},
            {"say.ja 二つのクライアント。", "say.ja"},
            {"sleep 0", "sleep"},
            {"wait C1 holding", "wait"},
            {"wait C1 in-section 5000", "wait"},
            {"wait until lock-lost(C1) 3000", "wait until"},
            {"seed 42", "seed"},
            {"expect overlaps == 0", "expect"},
            {"expect acquisitions(C2) >= 3", "expect"},
            {"expect safe", "expect"},
        };
        return lines;
    }

private slots:
    void everyVerbParses_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("verb");
        for (const auto& [line, verb] : sampleLines())
            QTest::newRow(line) << QString::fromUtf8(line) << QString::fromUtf8(verb);
    }

    void everyVerbParses()
    {
        QFETCH(QString, line);
        CommandParser::Error error;
        const auto parsed = parse(line, &error);
        QVERIFY2(parsed, qPrintable(error.message));
        QTEST(parsed->verb(), "verb");
    }

    // The samples above cover every verb of the catalogue: a new verb needs a sample here.
    void everyCatalogueVerbIsCovered()
    {
        QSet<QString> sampled;
        for (const auto& sample : sampleLines())
            sampled.insert(QString::fromUtf8(sample.second));
        for (const CommandSpec& spec : CommandCatalogue::instance().commands()) {
            QVERIFY2(sampled.contains(spec.verb), qPrintable(spec.verb));
            QVERIFY2(!spec.summary.isEmpty(), qPrintable(spec.verb));
        }
    }

    // A word the parser takes for MOMENT or MODE is one the engine reads back into its enum:
    // both sides use the enum's one name table (EnumNames), so they cannot drift apart.
    void choicesAreTheEnumsNames()
    {
        const auto choices = [](const QString& verb, const QString& arg) {
            for (const ArgSpec& a : CommandCatalogue::instance().findVerb(verb)->args)
                if (a.name == arg)
                    return a.choices;
            return QStringList();
        };
        const QStringList moments =
            choices(QStringLiteral("client pause"), QStringLiteral("MOMENT"));
        QCOMPARE(moments, EnumNames::all<LockClient::Moment>());
        QCOMPARE(choices(QStringLiteral("client crash"), QStringLiteral("MOMENT")), moments);
        for (const QString& moment : moments)
            QVERIFY2(EnumNames::parse<LockClient::Moment>(moment), qPrintable(moment));
        const QStringList modes =
            choices(QStringLiteral("node persistence"), QStringLiteral("MODE"));
        QCOMPARE(modes, EnumNames::all<RedisServerProcess::Persistence>());
        QCOMPARE(modes, QStringList({"none", "everysec", "always"}));
        QCOMPARE(moments, QStringList({"before-write", "before-expire", "before-delete"}));
    }

    void valuesAreTyped()
    {
        CommandParser::Error error;
        const auto pause = parse(QStringLiteral("client pause C1 1500 before-write"), &error);
        QVERIFY(pause);
        QCOMPARE(pause->word(QStringLiteral("NAME|all")), QStringLiteral("C1"));
        QCOMPARE(pause->number(QStringLiteral("MS")), 1500);
        QCOMPARE(pause->word(QStringLiteral("MOMENT")), QStringLiteral("before-write"));
        const auto partition = parse(QStringLiteral("client partition C2 1 3"), &error);
        QCOMPARE(partition->nodes(), QList<int>({0, 2}));
        const auto clock = parse(QStringLiteral("node clock 2 +4000"), &error);
        QCOMPARE(clock->node(), 1);
        QCOMPARE(clock->number(QStringLiteral("+MS")), 4000);
    }

    void badValuesAreRefused_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("column");
        QTest::newRow("negative") << "node pause 2 -5"
                                  << "MS must not be negative (got -5)" << 14;
        QTest::newRow("NaN") << "node latency 1 nan"
                             << "MS must be a whole number of ms, not 'nan'" << 16;
        QTest::newRow("huge") << "node latency 1 700000"
                              << "MS must be at most 600000 ms" << 16;
        QTest::newRow("overflow") << "sleep 99999999999999999999"
                                  << "MS must be at most 86400000 ms" << 7;
        QTest::newRow("fraction") << "client pause C1 1.5"
                                  << "MS must be a whole number of ms, not '1.5'" << 17;
        QTest::newRow("word for number") << "node restart 3 delayed abc"
                                         << "unexpected 'abc'" << 24;
        QTest::newRow("node out of range") << "node kill 6"
                                           << "no node '6': nodes are numbered 1 to 5" << 11;
        QTest::newRow("node zero") << "node kill 0"
                                   << "no node '0'" << 11;
        QTest::newRow("node word") << "node kill three"
                                   << "no node 'three'" << 11;
        QTest::newRow("percent over") << "node drop 1 101"
                                      << "PERCENT must be at most 100 %" << 13;
        QTest::newRow("clock zero") << "node clock 1 +0"
                                    << "+MS must be at least 1 ms" << 14;
        QTest::newRow("bad choice") << "node persistence 1 sometimes"
                                    << "MODE must be one of none, everysec, always" << 20;
        QTest::newRow("missing node") << "node kill"
                                      << "missing N" << 10;
        QTest::newRow("missing client") << "client crash"
                                        << "missing NAME|all" << 13;
        QTest::newRow("missing assignment") << "client set all"
                                            << "missing key=value" << 15;
        QTest::newRow("not an assignment") << "client set all ttl"
                                           << "expected key=value" << 16;
        QTest::newRow("unknown verb") << "client dance C1"
                                      << "unknown command 'client dance'" << 1;
        QTest::newRow("unknown head") << "reboot"
                                      << "unknown command 'reboot'" << 1;
        QTest::newRow("empty") << "   "
                               << "empty command" << 1;
        QTest::newRow("extra word") << "node heal 1 now"
                                    << "unexpected 'now'" << 13;
        QTest::newRow("name all") << "client add all"
                                  << "'all' names every client" << 12;
        QTest::newRow("wait bad state") << "wait C1 sleeping"
                                        << "STATE must be one of" << 9;
        QTest::newRow("stock negative") << "stock -1"
                                        << "N must not be negative" << 7;
    }

    void badValuesAreRefused()
    {
        QFETCH(QString, line);
        QFETCH(QString, message);
        QFETCH(int, column);
        CommandParser::Error error;
        QVERIFY(!parse(line, &error));
        QVERIFY2(error.message.startsWith(message), qPrintable(error.message));
        QCOMPARE(error.column, column);
    }

    void helpListsEveryVerb()
    {
        const QString help = CommandCatalogue::instance().help();
        for (const CommandSpec& spec : CommandCatalogue::instance().commands())
            QVERIFY2(help.contains(spec.usage()), qPrintable(spec.usage()));
        QVERIFY(CommandCatalogue::instance()
                    .help(QStringLiteral("node pause"))
                    .startsWith(QStringLiteral("node pause N [MS]")));
        QVERIFY(CommandCatalogue::instance().help(QStringLiteral("fly")).startsWith("no command"));
    }
};

QTEST_GUILESS_MAIN(TestCommandParser)
#include "tst_commandparser.moc"
