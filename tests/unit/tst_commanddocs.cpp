// SPDX-License-Identifier: GPL-3.0-or-later
// docs/commands.md against the code it documents: its command table names every verb of
// CommandCatalogue and no other, its scenario table every directive, its list of events for
// `wait until` is EventPattern's, and its settings line is ClientSettingField's keys in order.
// A verb, an event or a setting added to the code without a line in the document fails here.
// The console's `help VERB` lists the same tables (CommandHelp).
#include "commands/commandcatalogue.h"
#include "control/commandhelp.h"
#include "model/aclrules.h"
#include "model/clientsettingfield.h"
#include "scenario/eventpattern.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

namespace {

// The text of one "## " section of a Markdown file.
QString section(const QString& text, const QString& heading)
{
    const qsizetype start = text.indexOf(QStringLiteral("\n## ") + heading + QLatin1Char('\n'));
    if (start < 0)
        return {};
    const qsizetype end = text.indexOf(QLatin1String("\n## "), start + 1);
    return text.mid(start, end < 0 ? -1 : end - start);
}

// The lines of the first fenced code block in `text`.
QStringList firstCodeBlock(const QString& text)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    QStringList block;
    bool inside = false;
    for (const QString& line : lines) {
        if (line.startsWith(QLatin1String("```"))) {
            if (inside)
                return block;
            inside = true;
            continue;
        }
        if (inside)
            block << line;
    }
    return {};
}

// The verb a table line starts with: its first two words when they are a verb, else its first.
QString verbOf(const QString& line)
{
    const QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() >= 2) {
        const QString two = words[0] + QLatin1Char(' ') + words[1];
        if (CommandCatalogue::instance().findVerb(two))
            return two;
    }
    return words.value(0);
}

// A file of the source tree, by its path from the top.
QString sourceFile(const QString& path)
{
    QFile file(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../") + path);
    return file.open(QIODevice::ReadOnly | QIODevice::Text) ? QString::fromUtf8(file.readAll())
                                                            : QString();
}

QString commandsDoc()
{
    return sourceFile(QStringLiteral("docs/commands.md"));
}

// The backquoted words that follow `lead` in `text`, up to the closing backquote.
QStringList quotedAfter(const QString& text, const QString& lead)
{
    const qsizetype at = text.indexOf(lead);
    if (at < 0)
        return {};
    const qsizetype open = text.indexOf(QLatin1Char('`'), at + lead.size());
    const qsizetype close = text.indexOf(QLatin1Char('`'), open + 1);
    if (open < 0 || close < 0)
        return {};
    return text.mid(open + 1, close - open - 1).simplified().split(QLatin1Char(' '));
}

} // namespace

class TestCommandDocs : public QObject
{
    Q_OBJECT

private slots:
    void commandTableIsTheCatalogue()
    {
        const QString doc = commandsDoc();
        QVERIFY(!doc.isEmpty());
        const QStringList block =
            firstCodeBlock(section(doc, QStringLiteral("The command language")));
        QVERIFY(!block.isEmpty());
        QSet<QString> listed;
        for (const QString& line : block) {
            if (line.isEmpty() || line.startsWith(QLatin1Char(' ')))
                continue; // a summary's second line
            const QString verb = verbOf(line);
            const CommandSpec* spec = CommandCatalogue::instance().findVerb(verb);
            QVERIFY2(spec && !spec->scenarioOnly,
                     qPrintable(QStringLiteral("not a verb: ") + line));
            listed.insert(verb);
        }
        for (const CommandSpec& spec : CommandCatalogue::instance().commands())
            if (!spec.scenarioOnly)
                QVERIFY2(listed.contains(spec.verb),
                         qPrintable(QStringLiteral("missing: ") + spec.verb));
    }

    void directiveTableIsTheCatalogue()
    {
        const QStringList block =
            firstCodeBlock(section(commandsDoc(), QStringLiteral("Scenarios and the console")));
        QVERIFY(!block.isEmpty());
        const QString text = block.join(QLatin1Char('\n'));
        for (const CommandSpec& spec : CommandCatalogue::instance().commands()) {
            if (!spec.scenarioOnly)
                continue;
            // At a line's start, or after "/ " where one line gives a directive's variants.
            const QRegularExpression at(
                QStringLiteral("(^|/ )%1( |$)").arg(QRegularExpression::escape(spec.verb)),
                QRegularExpression::MultilineOption);
            QVERIFY2(at.match(text).hasMatch(),
                     qPrintable(QStringLiteral("missing: ") + spec.verb));
        }
    }

    void eventListIsThePatterns()
    {
        QStringList listed =
            quotedAfter(section(commandsDoc(), QStringLiteral("Scenarios and the console")),
                        QStringLiteral("Events for `wait until`:"));
        QVERIFY(!listed.isEmpty());
        QStringList names = EventPattern::names();
        listed.sort();
        names.sort();
        QCOMPARE(listed, names);
    }

    void settingsLineIsTheTable()
    {
        const QStringList assignments =
            quotedAfter(section(commandsDoc(), QStringLiteral("The command language")),
                        QStringLiteral("Settings:"));
        QStringList keys;
        for (const QString& assignment : assignments)
            keys << assignment.section(QLatin1Char('='), 0, 0);
        QCOMPARE(keys, ClientSettingField::keys());
    }

    // The console's `help VERB` names what each verb accepts, from the tables the parser and
    // the runner check against: every setting key with its limits for the verbs that take
    // key=value, every event name for `wait until`.
    void helpVerbListsWhatItAccepts_data()
    {
        QTest::addColumn<QString>("verb");
        QTest::addColumn<bool>("settings");
        QTest::addColumn<bool>("events");
        QTest::newRow("client set") << "client set" << true << false;
        QTest::newRow("client add") << "client add" << true << false;
        QTest::newRow("defaults") << "defaults" << true << false;
        QTest::newRow("wait until") << "wait until" << false << true;
        QTest::newRow("wait") << "wait" << false << true; // `wait` and `wait until`
        QTest::newRow("node pause") << "node pause" << false << false;
    }

    void helpVerbListsWhatItAccepts()
    {
        QFETCH(QString, verb);
        QFETCH(bool, settings);
        QFETCH(bool, events);
        const QString help = CommandHelp::text(verb);
        QVERIFY2(help.contains(CommandCatalogue::instance().findVerb(verb)->usage()),
                 qPrintable(help));
        for (const ClientSettingField& field : ClientSettingField::all()) {
            const QString line = QStringLiteral("    %1: ").arg(field.key());
            QCOMPARE(help.contains(line), settings);
            if (settings)
                QVERIFY2(help.contains(field.allowed()), qPrintable(field.key()));
        }
        QCOMPARE(help.contains(QStringLiteral("EVENT, one of")), events);
        static const QRegularExpression separators(QStringLiteral("[\\s,]+"));
        const QStringList words = help.split(separators);
        for (const QString& name : EventPattern::names())
            QVERIFY2(!events || words.contains(name), qPrintable(name));
        // The event names' lines, after their heading, fit a console line.
        const QStringList lines = help.split(QLatin1Char('\n'));
        const qsizetype heading =
            lines.indexOf(QStringLiteral("  EVENT, one of (EVENT(CLIENT): one client's):"));
        for (qsizetype i = heading + 1; events && i < lines.size(); ++i)
            QVERIFY2(lines[i].size() <= 80, qPrintable(lines[i]));
        // The plain `help` stays a list of verbs.
        QVERIFY(!CommandHelp::text(QString()).contains(QStringLiteral("    ttl: ")));
    }

    // The readers themselves: a section, a block, a two-word verb, a quoted list.
    // The ACL users the README and docs/tls.md give are AclRules' (what `help acl` prints and
    // tst_leastprivilege grants), word for word.
    void aclLinesAreTheRules()
    {
        const QString resource = QStringLiteral("stock-lock");
        const QString locker =
            AclRules::setUser(QStringLiteral("redlock-locker"), AclRules::locking(resource));
        const QString faults = AclRules::setUser(QStringLiteral("redlock-faults"),
                                                 AclRules::locking(resource) + AclRules::faults());
        const QString stock =
            AclRules::setUser(QStringLiteral("redlock-stock"), AclRules::storage("stock"));
        const QStringList tls = sourceFile(QStringLiteral("docs/tls.md")).split(QLatin1Char('\n'));
        for (const QString& line : {locker, faults, stock})
            QVERIFY2(tls.contains(QStringLiteral("    ") + line), qPrintable(line));
        const QStringList readme = sourceFile(QStringLiteral("README.md")).split(QLatin1Char('\n'));
        QVERIFY2(readme.contains(locker), qPrintable(locker));
        QVERIFY2(readme.contains(stock), qPrintable(stock));
        QVERIFY2(
            readme.contains(QStringLiteral("... ") + AclRules::faults().join(QLatin1Char(' '))),
            "the README's faults line");
        const QString help = AclRules::help(resource, QStringLiteral("stock"));
        for (const QString& line : {locker, faults, stock})
            QVERIFY2(help.contains(line + QLatin1Char('\n')), qPrintable(help));
    }

    void theReadersRead()
    {
        const QString text = QStringLiteral("\n## A\nx\n```\nnode kill N   k\n  more\n```\n"
                                            "Settings: `a=1 b=2`\n## B\ny\n");
        QCOMPARE(firstCodeBlock(section(text, QStringLiteral("A"))),
                 QStringList({QStringLiteral("node kill N   k"), QStringLiteral("  more")}));
        QVERIFY(section(text, QStringLiteral("C")).isEmpty());
        QCOMPARE(verbOf(QStringLiteral("node kill N")), QStringLiteral("node kill"));
        QCOMPARE(verbOf(QStringLiteral("stock [N]")), QStringLiteral("stock"));
        QCOMPARE(quotedAfter(text, QStringLiteral("Settings:")),
                 QStringList({QStringLiteral("a=1"), QStringLiteral("b=2")}));
    }
};

QTEST_GUILESS_MAIN(TestCommandDocs)
#include "tst_commanddocs.moc"
