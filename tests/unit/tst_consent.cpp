// SPDX-License-Identifier: GPL-3.0-or-later
// Consent before content from a file runs a program or changes the user's servers (issue 32):
// which lines need it (every `exec`; `node kill`, `node shutdown`, `node persistence` only on
// nodes the app did not start), which --allow-exec / --allow-destructive cover, how they are
// shown (printable), and that a changed file is a new question. Every built-in scenario on
// local nodes needs none.
#include "scenario/scenarioconsent.h"
#include "scenario/scenariolibrary.h"
#include "scenario/scenarioparser.h"

#include <QTest>

namespace {
Scenario parse(const QString& text)
{
    ScenarioParser::Error error;
    const auto s = ScenarioParser::parse(text, QStringLiteral("shared.rls"), {5}, &error);
    if (!s)
        qFatal("%s", qPrintable(error.message));
    return *s;
}

const QString Script = QStringLiteral("client add C1\n"
                                      "exec touch /tmp/x\n"
                                      "node kill 2\n"
                                      "node pause 3 500\n"
                                      "node shutdown 4\n"
                                      "node persistence 5 always\n"
                                      "node partition 1\n");
} // namespace

class TestConsent : public QObject
{
    Q_OBJECT

private slots:
    void execNeedsConsentEverywhere()
    {
        const QList<ScenarioConsent::Item> items = ScenarioConsent::of(parse(Script), true);
        QCOMPARE(items.size(), 1);
        QCOMPARE(items[0].kind, ScenarioConsent::Kind::Exec);
        QCOMPARE(items[0].where, QStringLiteral("shared.rls:2"));
        QCOMPARE(items[0].text, QStringLiteral("exec touch /tmp/x"));
    }

    void shuttingDownTheUsersNodesNeedsConsent()
    {
        const QList<ScenarioConsent::Item> items = ScenarioConsent::of(parse(Script), false);
        QStringList where;
        for (const ScenarioConsent::Item& i : items)
            where << i.where;
        QCOMPARE(where,
                 (QStringList{"shared.rls:2", "shared.rls:3", "shared.rls:5", "shared.rls:6"}));
        QVERIFY2(items[1].what.contains(QStringLiteral("SHUTDOWN NOSAVE to node 2")),
                 qPrintable(items[1].what));
        QCOMPARE(items[3].kind, ScenarioConsent::Kind::Destructive);
    }

    void theFlagsAllowWhatTheyName()
    {
        const QList<ScenarioConsent::Item> items = ScenarioConsent::of(parse(Script), false);
        QCOMPARE(ScenarioConsent::unallowed(items, true, false).size(), 3);
        QCOMPARE(ScenarioConsent::unallowed(items, false, true).size(), 1);
        QVERIFY(ScenarioConsent::unallowed(items, true, true).isEmpty());
        const QString refusal = ScenarioConsent::refusal(items);
        QVERIFY2(refusal.contains(QStringLiteral("--allow-exec --allow-destructive")),
                 qPrintable(refusal));
        QVERIFY2(refusal.contains(QStringLiteral("shared.rls:2: exec touch /tmp/x (starts a "
                                                 "program)")),
                 qPrintable(refusal));
    }

    // What is shown is printable: a line holding ESC cannot clear the terminal or hide itself.
    void theLinesAreShownPrintable()
    {
        const ScenarioConsent::Item item = ScenarioConsent::program(
            QStringLiteral("f.json: redisServer"), QStringLiteral("/tmp/evil\x1b[2Jcleared"));
        const QString line = ScenarioConsent::lines({item}).constFirst();
        QVERIFY2(!line.contains(QChar(0x1b)), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("/tmp/evil")), qPrintable(line));
    }

    // Remembered per content: one changed character is another question.
    void aChangedFileIsAskedAgain()
    {
        const QString a = ScenarioConsent::contentKey(QStringLiteral("f.rls"), Script);
        QCOMPARE(ScenarioConsent::contentKey(QStringLiteral("f.rls"), Script), a);
        QVERIFY(ScenarioConsent::contentKey(QStringLiteral("f.rls"), Script + QLatin1Char(' ')) !=
                a);
        QVERIFY(ScenarioConsent::contentKey(QStringLiteral("g.rls"), Script) != a);
    }

    // The built-in scenarios run on the app's own local nodes without a question; against
    // the user's nodes, those that kill a node ask.
    void builtInsNeedNoneOnLocalNodes()
    {
        int destructive = 0;
        for (const QString& name : ScenarioLibrary::names()) {
            ScenarioParser::Error error;
            const auto s = ScenarioParser::load(QStringLiteral("builtin:") + name, {5}, &error);
            QVERIFY2(s, qPrintable(error.message));
            QVERIFY2(ScenarioConsent::of(*s, true).isEmpty(), qPrintable(name));
            destructive += ScenarioConsent::of(*s, false).isEmpty() ? 0 : 1;
        }
        QVERIFY(destructive > 0); // some kill a node: on the user's nodes, they ask
    }
};

QTEST_GUILESS_MAIN(TestConsent)
#include "tst_consent.moc"
