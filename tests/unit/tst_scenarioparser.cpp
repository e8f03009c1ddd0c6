// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files: comments, blank lines, `;`, narration in three languages, the seed, and a
// malformed line refused as FILE:LINE:COLUMN. Expectations read and judged. Every built-in
// scenario parses.
#include "scenario/eventpattern.h"
#include "scenario/expectation.h"
#include "scenario/scenariolibrary.h"
#include "scenario/scenarioparser.h"
#include "scenario/scenarioprocesses.h"

#include <QElapsedTimer>
#include <QTest>

class TestScenarioParser : public QObject
{
    Q_OBJECT

private:
    static std::optional<Scenario> parse(const QString& text, ScenarioParser::Error* error)
    {
        return ScenarioParser::parse(text, QStringLiteral("demo.rls"), {5}, error);
    }

private slots:
    void linesCommentsAndNarration()
    {
        ScenarioParser::Error error;
        const auto s = parse(QStringLiteral("# A title\n"
                                            "\n"
                                            "seed 7\n"
                                            "client add C1; node kill 1  # not a comment here\n"
                                            "say One; two.\n"
                                            "say.zh 一；二。\n"
                                            "say.ja 一、二。\n"
                                            "   expect safe\n"),
                             &error);
        QVERIFY(!s); // "# not a comment" after a command is not allowed: the column says where
        QVERIFY2(error.message.startsWith(QStringLiteral("demo.rls:4:")),
                 qPrintable(error.message));

        const auto ok = parse(QStringLiteral("# A title\n\nseed 7\nclient add C1; node kill 1\n"
                                             "say One; two.\nsay.zh 一；二。\nsay.ja 一、二。\n"
                                             "   expect safe\n"),
                              &error);
        QVERIFY2(ok, qPrintable(error.message));
        QCOMPARE(ok->lines.size(), 7);
        QCOMPARE(ok->seed, std::optional<quint64>(7));
        QCOMPARE(ok->lines[1].number, 4);
        QCOMPARE(ok->lines[2].number, 4); // both halves of a `;` line keep its number
        QCOMPARE(ok->lines[2].command.verb(), QStringLiteral("node kill"));
        QVERIFY(ok->isNarration(3));
        QCOMPARE(ok->narration(3, QStringLiteral("en")), QStringLiteral("One; two."));
        QCOMPARE(ok->narration(3, QStringLiteral("zh")), QStringLiteral("一；二。"));
        QCOMPARE(ok->narration(3, QStringLiteral("ja")), QStringLiteral("一、二。"));
        QCOMPARE(ok->narration(3, QStringLiteral("fr")), QStringLiteral("One; two."));
    }

    void malformedLineNamesFileLineAndColumn()
    {
        ScenarioParser::Error error;
        QVERIFY(!parse(QStringLiteral("client add C1\n  node pause 2 -5\n"), &error));
        QCOMPARE(error.line, 2);
        QCOMPARE(error.column, 16);
        QCOMPARE(error.message, QStringLiteral("demo.rls:2:16: MS must not be negative (got -5)"));
        QVERIFY(!parse(QStringLiteral("sleep 1; sleep abc\n"), &error));
        QCOMPARE(error.column, 16); // the column in the row, past the `;`
    }

    // --exec is one line on the command line: its commands are numbered as `;` separates
    // them, and an error's column counts from its command.
    void execCommandsAreNumbered()
    {
        ScenarioParser::Error error;
        const auto s = ScenarioParser::parse(QStringLiteral("client add C1; sleep 10;  say hi"),
                                             QStringLiteral("--exec"), {5}, &error);
        QVERIFY2(s, qPrintable(error.message));
        QCOMPARE(s->lines.size(), 3);
        QCOMPARE(s->lines[0].number, 1);
        QCOMPARE(s->lines[1].number, 2);
        QCOMPARE(s->lines[2].number, 3);
        QVERIFY(!ScenarioParser::parse(QStringLiteral("sleep 1; sleep abc"),
                                       QStringLiteral("--exec"), {5}, &error));
        QCOMPARE(error.message, QStringLiteral("--exec:2:7: MS must be a whole number of ms, not "
                                               "'abc'"));
        // A caption first does not swallow the commands after it (it swallowed "say two;
        // expect bogus == 1", and the run passed).
        QVERIFY(!ScenarioParser::parse(QStringLiteral("say one; say two; expect bogus == 1"),
                                       QStringLiteral("--exec"), {5}, &error));
        QVERIFY2(error.message.startsWith(QStringLiteral("--exec:3:8: unknown expectation")),
                 qPrintable(error.message));
    }

    // In a file a caption keeps its `;`, and so does an exec line (the shell's own).
    void aFileKeepsNarrationAndExecWhole()
    {
        ScenarioParser::Error error;
        const auto s = parse(QStringLiteral("say one; two\nexec sh -c 'true; true'\n"), &error);
        QVERIFY2(s, qPrintable(error.message));
        QCOMPARE(s->lines.size(), 2);
        QCOMPARE(s->lines[1].text, QStringLiteral("exec sh -c 'true; true'"));
    }

    // The directives' names are checked when the file is read, not when the line is reached.
    void directivesAreCheckedWhenRead()
    {
        ScenarioParser::Error error;
        QVERIFY(!parse(QStringLiteral("sleep 1\n  wait until explosion 100\n"), &error));
        QVERIFY2(
            error.message.startsWith(QStringLiteral("demo.rls:2:14: unknown event 'explosion'")),
            qPrintable(error.message));
        QVERIFY(!parse(QStringLiteral("expect wins > 1\n"), &error));
        QVERIFY2(error.message.startsWith(QStringLiteral("demo.rls:1:8: unknown expectation")),
                 qPrintable(error.message));
    }

    // `snapshot` (a slide for --slides) with or without a title; a title goes in quotes.
    void snapshotDirective()
    {
        ScenarioParser::Error error;
        const auto s = parse(QStringLiteral("snapshot\n  snapshot \"Two holders\"\n"
                                            "snapshot \"C1's \"stale\" write\"\n"),
                             &error);
        QVERIFY2(s, qPrintable(error.message));
        QCOMPARE(s->lines.size(), 3);
        QString why;
        QCOMPARE(ScenarioParser::snapshotTitle(s->lines[0].command, &why), QString());
        QCOMPARE(ScenarioParser::snapshotTitle(s->lines[1].command, &why),
                 QStringLiteral("Two holders"));
        QCOMPARE(ScenarioParser::snapshotTitle(s->lines[2].command, &why),
                 QStringLiteral("C1's \"stale\" write"));
        QVERIFY(s->lines[1].command.spec->scenarioOnly);

        const QList<QPair<QString, QString>> bad{
            {"snapshot Two holders\n", "demo.rls:1:10: a snapshot's title goes in double quotes"},
            {"sleep 1\nsnapshot \"Two holders\n", "demo.rls:2:10: a snapshot's title goes in "
                                                  "double quotes"},
            {"snapshot \"\"\n", "demo.rls:1:10: a snapshot's title is empty"},
            {"snapshot \"\n", "demo.rls:1:10: a snapshot's title goes in double quotes"},
            {"snapshots\n", "demo.rls:1:1: unknown command 'snapshots'"},
        };
        for (const auto& [text, message] : bad) {
            QVERIFY2(!parse(text, &error), qPrintable(text));
            QVERIFY2(error.message.startsWith(message), qPrintable(error.message));
        }
        // Its title is capped like a narration.
        QVERIFY(!parse(QStringLiteral("snapshot \"%1\"\n").arg(QString(1200, u'x')), &error));
        QVERIFY2(error.message.contains(QStringLiteral("at most 1000 characters")),
                 qPrintable(error.message));
    }

    void titlesAndTheirTranslations()
    {
        const QString text = QStringLiteral("# Split votes\n#.zh 分票\n#.ja 票割れ\nseed 8\n");
        QCOMPARE(ScenarioLibrary::titleIn(text), QStringLiteral("Split votes"));
        QCOMPARE(ScenarioLibrary::titleIn(text, QStringLiteral("en")),
                 QStringLiteral("Split votes"));
        QCOMPARE(ScenarioLibrary::titleIn(text, QStringLiteral("zh")), QStringLiteral("分票"));
        QCOMPARE(ScenarioLibrary::titleIn(text, QStringLiteral("ja")), QStringLiteral("票割れ"));
        // Only the comment lines right after the title are its translations.
        QCOMPARE(ScenarioLibrary::titleIn(QStringLiteral("# Demo\nseed 1\n#.ja デモ\n"),
                                          QStringLiteral("ja")),
                 QStringLiteral("Demo"));
        QVERIFY(ScenarioLibrary::titleIn(QStringLiteral("seed 1\n# Demo\n")).isEmpty());
        QVERIFY(ScenarioLibrary::titleIn(QStringLiteral("#.ja デモ\n"), QStringLiteral("ja"))
                    .isEmpty());
        // The translations are comments: the scenario still parses.
        ScenarioParser::Error error;
        QVERIFY2(parse(text, &error), qPrintable(error.message));
    }

    void everyBuiltInParses()
    {
        QVERIFY(ScenarioLibrary::names().size() >= 12);
        for (const QString& name : ScenarioLibrary::names()) {
            ScenarioParser::Error error;
            const auto s = ScenarioParser::load(QStringLiteral("builtin:") + name, {5}, &error);
            QVERIFY2(s, qPrintable(error.message));
            // A title, and its Chinese and Japanese translation (the menus, the decks).
            const QString title = ScenarioLibrary::title(name);
            QVERIFY2(!title.isEmpty() && title != name, qPrintable(name));
            for (const char* language : {"zh", "ja"}) {
                const QString translated = ScenarioLibrary::title(name, QLatin1String(language));
                QVERIFY2(!translated.isEmpty() && translated != title,
                         qPrintable(QStringLiteral("%1 in %2").arg(name, language)));
            }
            // Each narration has its Chinese and Japanese translation right after it.
            for (qsizetype i = 0; i < s->lines.size(); ++i) {
                if (s->lines[i].command.verb() != QLatin1String("say"))
                    continue;
                QVERIFY2(s->narration(i, QStringLiteral("zh")) !=
                             s->narration(i, QStringLiteral("en")),
                         qPrintable(QStringLiteral("%1:%2").arg(name).arg(s->lines[i].number)));
                QVERIFY2(s->narration(i, QStringLiteral("ja")) !=
                             s->narration(i, QStringLiteral("en")),
                         qPrintable(QStringLiteral("%1:%2").arg(name).arg(s->lines[i].number)));
            }
            // And some expectation: a built-in says what it shows.
            const bool expects = std::any_of(s->lines.cbegin(), s->lines.cend(), [](const auto& l) {
                return l.command.verb() == QLatin1String("expect");
            });
            QVERIFY2(expects, qPrintable(name));
        }
        ScenarioParser::Error error;
        QVERIFY(!ScenarioParser::load(QStringLiteral("builtin:nope"), {5}, &error));
        QVERIFY(error.message.contains(QStringLiteral("--list-scenarios")));
    }

    void expectations_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("holds");
        QTest::addColumn<QString>("report");
        QTest::newRow("==") << "expect overlaps == 0" << true << "overlaps == 0: 0 ✓";
        QTest::newRow(">=") << "expect lost_updates >= 2" << false << "lost_updates >= 2: 1 ✗";
        QTest::newRow("<") << "expect sales < 10" << true << "sales < 10: 7 ✓";
        QTest::newRow("!=") << "expect acquisitions != 0" << true << "acquisitions != 0: 9 ✓";
        QTest::newRow("safe") << "expect safe" << false << "safe: DATA DAMAGED: 1 lost update(s) ✗";
        QTest::newRow("any") << "expect lost_updates any" << true
                             << "lost_updates any: 1 (may be anything)";
    }

    void expectations()
    {
        QFETCH(QString, line);
        CommandParser::Error parseError;
        const auto command = CommandParser::parse(line, {5}, &parseError);
        QVERIFY(command);
        QString error;
        const auto e = Expectation::from(*command, &error);
        QVERIFY2(e, qPrintable(error));
        CheckCounters c;
        c.lostUpdates = 1;
        c.sales = 7;
        c.acquisitions = 9;
        QTEST(e->holds(c), "holds");
        QTEST(e->report(c), "report");
    }

    void badExpectations_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown name") << "expect wins > 1"
                                      << "unknown expectation 'wins'";
        QTest::newRow("no number") << "expect overlaps =="
                                   << "expect NAME OP NUMBER";
        QTest::newRow("safe with more") << "expect safe == 1"
                                        << "`expect safe` takes nothing";
        QTest::newRow(">= 0 cannot fail") << "expect overlaps >= 0"
                                          << "`expect overlaps >= 0` always holds";
        QTest::newRow("< 0 cannot hold") << "expect sales < 0"
                                         << "`expect sales < 0` can never hold";
        QTest::newRow("any takes no number") << "expect sales any 2"
                                             << "`expect sales any` takes no number";
    }

    void badExpectations()
    {
        QFETCH(QString, line);
        QFETCH(QString, message);
        CommandParser::Error parseError;
        const auto command = CommandParser::parse(line, {5}, &parseError);
        QVERIFY2(command, qPrintable(parseError.message));
        QString error;
        QVERIFY(!Expectation::from(*command, &error));
        QVERIFY2(error.startsWith(message), qPrintable(error));
    }

    void perClientExpectation()
    {
        CommandParser::Error parseError;
        const auto command =
            CommandParser::parse(QStringLiteral("expect acquisitions(C2) >= 3"), {5}, &parseError);
        QString error;
        const auto e = Expectation::from(*command, &error);
        QCOMPARE(e->client(), QStringLiteral("C2"));
    }

    void eventPatterns()
    {
        QString error;
        const auto lost = EventPattern::parse(QStringLiteral("lock-lost(C2)"), &error);
        QVERIFY(lost);
        QCOMPARE(lost->client(), QStringLiteral("C2"));
        HistoryEvent e = HistoryEvent::forClient(HistoryEvent::Kind::LockLost, 2);
        QVERIFY(lost->matches(e, 2));
        QVERIFY(!lost->matches(e, 3));
        QVERIFY(!EventPattern::parse(QStringLiteral("explosion"), &error));
        QVERIFY(error.contains(QStringLiteral("lock-lost")));
    }

    // `exited(LINE)`: a line of the scenario, not a client; the end of that line's program.
    void exitedPattern()
    {
        QString error;
        const auto exited = EventPattern::parse(QStringLiteral("exited(3)"), &error);
        QVERIFY2(exited, qPrintable(error));
        QCOMPARE(exited->line(), 3);
        QVERIFY(exited->client().isEmpty());
        HistoryEvent ended =
            HistoryEvent::make(HistoryEvent::Kind::Info, QStringLiteral("exec: the program ended"));
        ended.code = ScenarioProcesses::EndedCode;
        ended.line = 3;
        QVERIFY(exited->matches(ended, -1));
        ended.line = 4;
        QVERIFY(!exited->matches(ended, -1)); // another line's program
        HistoryEvent said = ended;
        said.line = 3;
        said.code = 0;
        QVERIFY(!exited->matches(said, -1)); // the words alone are no end
        const auto any = EventPattern::parse(QStringLiteral("exited"), &error);
        QVERIFY(any && any->line() == 0 && any->matches(ended, -1));
        QVERIFY(!EventPattern::parse(QStringLiteral("exited(F1)"), &error));
        QVERIFY2(error.contains(QStringLiteral("exited(LINE)")), qPrintable(error));
        QVERIFY(!EventPattern::parse(QStringLiteral("exited(0)"), &error));
    }

    // A `wait until exited(LINE)` whose LINE starts no program, or starts it after the wait,
    // is refused when the file is read, with its file, line and column.
    void exitedNeedsAnEarlierExecLine_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("an exec line before") << "exec true\nsleep 1\nwait until exited(1) 5000\n"
                                             << QString();
        QTest::newRow("a line that is no exec")
            << "exec true\nsleep 1\nwait until exited(2) 5000\n"
            << "demo.rls:3:19: line 2 starts no program: exited(LINE) waits for the program an "
               "exec line started";
        QTest::newRow("a line past the end") << "exec true\nwait until exited(9)\n"
                                             << "demo.rls:2:19: line 9 starts no program";
        QTest::newRow("an exec after the wait")
            << "sleep 1\n  wait until exited(3)\nexec true\n"
            << "demo.rls:2:21: line 3 starts its program after this wait";
        QTest::newRow("not a line") << "exec true\nwait until exited(one)\n"
                                    << "demo.rls:2:12: exited(LINE) takes the number of a line";
    }

    void exitedNeedsAnEarlierExecLine()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        ScenarioParser::Error why;
        const std::optional<Scenario> scenario = parse(text, &why);
        if (error.isEmpty()) {
            QVERIFY2(scenario, qPrintable(why.message));
            return;
        }
        QVERIFY(!scenario);
        QVERIFY2(why.message.startsWith(error), qPrintable(why.message));
    }

    // The figure, measured and printed (not a timed assertion: machines are noisy).
    void tenThousandLines()
    {
        QString text;
        for (int i = 0; i < 10'000; ++i)
            text += QStringLiteral("client pause C%1 %2 before-write\n").arg(i % 9 + 1).arg(i + 1);
        QElapsedTimer timer;
        timer.start();
        ScenarioParser::Error error;
        const auto s = parse(text, &error);
        const qint64 ms = timer.elapsed();
        QVERIFY(s);
        QCOMPARE(s->lines.size(), 10'000);
        qInfo("parsed 10,000 lines in %lld ms (target: under 100 ms)", ms);
    }
};

QTEST_GUILESS_MAIN(TestScenarioParser)
#include "tst_scenarioparser.moc"
