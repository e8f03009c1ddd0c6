// SPDX-License-Identifier: GPL-3.0-or-later
// The command line's commands as a newcomer meets them (issue 36): `--help` on one screen,
// each command's own help with its options only, bad use said in words with the right form
// (exit 2), and each command doing what its flag form does.
#include "apprun.h"
#include "model/clientsettingfield.h"
#include "scenario/eventpattern.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

namespace {

using AppRun::Result;

// The environment of a machine without any display: help needs none.
QProcessEnvironment withoutDisplay()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* variable : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QLatin1String(variable));
    return environment;
}

Result runWithoutDisplay(const QStringList& args)
{
    return AppRun::run(args, withoutDisplay(), 20000);
}

// The options a help text lists: the first word of its lines that start with "  --".
QStringList listedOptions(const QByteArray& help)
{
    QStringList names;
    static const QRegularExpression option(QStringLiteral("^  --([a-z-]+)"),
                                           QRegularExpression::MultilineOption);
    auto it = option.globalMatch(QString::fromUtf8(help));
    while (it.hasNext())
        names << it.next().captured(1);
    return names;
}

// A headless run's step lines and verdict, without what differs from run to run.
QStringList story(const QByteArray& out)
{
    QStringList lines;
    for (const QByteArray& line : out.split('\n'))
        if (line.contains(" line ") || line.contains("verdict"))
            lines << QString::fromUtf8(line.mid(line.indexOf(" line "))); // after the time
    return lines;
}

} // namespace

class TestCommandLine : public QObject
{
    Q_OBJECT

private slots:
    // An 80 x 24 terminal shows it whole: at most 24 lines, none wider than 80 columns.
    void helpFitsOneScreen_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("--help") << QStringList{"--help"};
        QTest::newRow("-h") << QStringList{"-h"};
        QTest::newRow("help") << QStringList{"help"};
    }

    void helpFitsOneScreen()
    {
        QFETCH(QStringList, args);
        const Result r = runWithoutDisplay(args);
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QVERIFY2(lines.size() <= 24, r.out.constData());
        for (const QByteArray& line : lines)
            QVERIFY2(QString::fromUtf8(line).size() <= 80, line.constData());
        for (const char* command : {"window", "run ", "play ", "slides ", "export ", "open ",
                                    "search", "bench ", "list", "help "})
            QVERIFY2(r.out.contains(QByteArray("\n  ") + command), command);
    }

    // `help acl`: the ACL users for one's own nodes, ready for redis-cli (issue 35), the lines
    // AclRules gives (the README and docs/tls.md show them: tst_commanddocs).
    void helpAclPrintsTheUsers()
    {
        const Result r = runWithoutDisplay({QStringLiteral("help"), QStringLiteral("acl")});
        QCOMPARE(r.exitCode, 0);
        for (const char* user : {"ACL SETUSER redlock-locker on >PASSWORD resetkeys ~stock-lock* ",
                                 "ACL SETUSER redlock-faults on >PASSWORD ",
                                 "ACL SETUSER redlock-stock on >PASSWORD resetkeys ~stock "})
            QVERIFY2(r.out.contains(user), r.out.constData());
        QVERIFY2(r.out.contains("+shutdown +client|pause +client|unpause +config|set\n"),
                 r.out.constData());
        QVERIFY2(r.out.contains("+select"), r.out.constData());
    }

    // `help COMMAND` and `COMMAND --help` print the same: its usage and its options only.
    void eachCommandHasItsOwnHelp_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("has");
        QTest::addColumn<QStringList>("hasNot");
        QTest::newRow("window") << "window" << QStringList{"nodes", "screenshot", "large"}
                                << QStringList{"to", "repeat", "headless"};
        QTest::newRow("run") << "run" << QStringList{"nodes", "duration", "repeat", "seed"}
                             << QStringList{"to", "large", "screenshot", "headless", "scenario"};
        QTest::newRow("play") << "play" << QStringList{"seed", "large", "screenshot"}
                              << QStringList{"repeat", "to", "exec"};
        QTest::newRow("slides") << "slides" << QStringList{"to", "size", "language"}
                                << QStringList{"repeat", "screenshot", "duration"};
        QTest::newRow("export") << "export" << QStringList{"to", "chart", "size"}
                                << QStringList{"nodes", "clients", "seed"};
        QTest::newRow("open") << "open" << QStringList{"chart", "screenshot"}
                              << QStringList{"nodes", "to"};
        QTest::newRow("search") << "search" << QStringList{"preset", "budget", "faults", "out"}
                                << QStringList{"headless", "nodes", "to"};
        QTest::newRow("bench latency") << "bench latency" << QStringList{"bench-cycles", "json"}
                                       << QStringList{"clients", "duration", "to"};
        QTest::newRow("bench ui") << "bench ui" << QStringList{"duration", "json", "clients"}
                                  << QStringList{"bench-cycles", "to"};
        QTest::newRow("bench vs-node-redlock")
            << "bench vs-node-redlock" << QStringList{"duration", "json"}
            << QStringList{"nodes", "storage", "config"};
        QTest::newRow("bench search")
            << "bench search" << QStringList{"rungs", "json"} << QStringList{"preset", "faults"};
        QTest::newRow("list") << "list" << QStringList{} << QStringList{"nodes"};
    }

    void eachCommandHasItsOwnHelp()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, has);
        QFETCH(QStringList, hasNot);
        const QStringList words = command.split(QLatin1Char(' '));
        const Result viaHelp = runWithoutDisplay(QStringList{"help"} + words);
        QCOMPARE(viaHelp.exitCode, 0);
        QVERIFY2(viaHelp.out.startsWith("Usage: redlockscope " + command.toUtf8()),
                 viaHelp.out.constData());
        const Result viaFlag = runWithoutDisplay(words + QStringList{"--help"});
        QCOMPARE(viaFlag.exitCode, 0);
        QCOMPARE(viaFlag.out, viaHelp.out);
        const QStringList listed = listedOptions(viaHelp.out);
        for (const QString& name : has)
            QVERIFY2(listed.contains(name), qPrintable(name + QStringLiteral(" missing")));
        for (const QString& name : hasNot)
            QVERIFY2(!listed.contains(name), qPrintable(name + QStringLiteral(" listed")));
        // Every line of it fits the terminal too.
        for (const QByteArray& line : viaHelp.out.split('\n'))
            QVERIFY2(QString::fromUtf8(line).size() <= 80, line.constData());
    }

    void benchListsItsKinds()
    {
        const Result r = runWithoutDisplay({"help", "bench"});
        QCOMPARE(r.exitCode, 0);
        for (const char* kind : {"latency", "contention", "strategies", "vs-node-redlock", "ui",
                                 "record", "memory", "timeline", "charts", "search"})
            QVERIFY2(r.out.contains(QByteArray("\n  ") + kind + ' '), kind);
    }

    // Bad use: said in words, with the form that would have been right, and exit 2.
    void badUseIsSaidWithTheRightForm_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("a typo") << QStringList{"sarch"}
                                << "unknown command 'sarch'; did you mean: redlockscope search";
        QTest::newRow("a scenario as a command")
            << QStringList{"builtin:gc-pause"}
            << "redlockscope play builtin:gc-pause (the window) or redlockscope run";
        QTest::newRow("a run as a command")
            << QStringList{"x.jsonl"} << "redlockscope open x.jsonl";
        QTest::newRow("another command's option")
            << QStringList{"run", "builtin:gc-pause", "--to", "deck.pdf"}
            << "run does not take --to: it goes with redlockscope slides SCENARIO "
               "--to, "
               "redlockscope export RUN --to";
        QTest::newRow("a mode's flag")
            << QStringList{"run", "--bench-ui"} << "--bench-ui is what redlockscope bench ui means";
        QTest::newRow("its own argument as a flag")
            << QStringList{"run", "--scenario", "x.rls"}
            << "it takes its SCENARIO as its argument: redlockscope run [SCENARIO]";
        QTest::newRow("an option's typo")
            << QStringList{"run", "--sed", "3"} << "unknown option '--sed'; did you mean --seed";
        QTest::newRow("no argument") << QStringList{"export"} << "export needs a RUN";
        QTest::newRow("two arguments") << QStringList{"open", "a.jsonl", "b.jsonl"}
                                       << "takes one RUN, not 'a.jsonl', 'b.jsonl'";
        QTest::newRow("an argument too many")
            << QStringList{"list", "all"} << "list takes no argument, not 'all'";
        QTest::newRow("bench alone")
            << QStringList{"bench"} << "bench needs a KIND: latency, contention";
        QTest::newRow("a bench kind's typo")
            << QStringList{"bench", "latncy"} << "did you mean: redlockscope bench latency";
        QTest::newRow("help for nothing")
            << QStringList{"help", "sarch"} << "did you mean: redlockscope search";
        QTest::newRow("search's option elsewhere")
            << QStringList{"play", "builtin:gc-pause", "--preset", "x"}
            << "play does not take --preset: it goes with redlockscope search "
               "--preset";
        // What a command needs beside its options, in its own words: the flag form's checks
        // would name flags this line never had ("--export needs --to FILE").
        QTest::newRow("export without --to")
            << QStringList{"export", "x.jsonl"}
            << "export needs --to <file>: redlockscope export RUN --to <file> (its extension "
               "picks the format: .jsonl, .csv";
        QTest::newRow("slides without --to")
            << QStringList{"slides", "builtin:gc-pause"}
            << "slides needs --to <file>: redlockscope slides SCENARIO --to <file> (a .pdf or "
               ".html file)";
        QTest::newRow("repeat without a scenario")
            << QStringList{"run", "--repeat", "2"}
            << "run --repeat goes with a SCENARIO: redlockscope run SCENARIO --repeat <n>";
        QTest::newRow("a seed with nothing to play")
            << QStringList{"run", "--seed", "7"} << "run --seed goes with a SCENARIO or --exec";
        QTest::newRow("a scenario and --exec")
            << QStringList{"run", "builtin:gc-pause", "--exec", "client add C1"}
            << "run takes a SCENARIO or --exec, not both";
        QTest::newRow("the window's seed")
            << QStringList{"window", "--seed", "7"} << "window --seed goes with --exec";
    }

    void badUseIsSaidWithTheRightForm()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result r = runWithoutDisplay(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
        // A command line is answered in its own words: no flag it did not have.
        for (const char* flag :
             {"--headless", "--scenario", "--export", "--slides", "--open", "--bench ", "--search"})
            if (!args.join(QLatin1Char(' ')).contains(QLatin1String(flag)))
                QVERIFY2(!r.err.contains(flag), r.err.constData());
    }

    // The flag form runs as it always did; typed at a terminal it also shows the command it is
    // now, passwords masked. Read through a pseudo-terminal (script(1)); a pipe gets nothing
    // new, so scripts that read stderr see no change.
    void theFlagFormShowsItsCommand_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("form");
        QTest::newRow("list") << QStringList{"--list-scenarios"} << "redlockscope list";
        QTest::newRow("export") << QStringList{"--export", "missing.jsonl", "--to", "a b.png",
                                               "--large"}
                                << "redlockscope export missing.jsonl --to 'a b.png' --large";
        QTest::newRow("a password")
            << QStringList{"--headless", "--nodes", "redis://u:secret@127.0.0.1:1", "--clients",
                           "x"}
            << "redlockscope run --nodes redis://u:******@127.0.0.1:1 --clients x";
        QTest::newRow("bench strategies")
            << QStringList{"--headless", "--bench", "--strategies", "redlock", "--json", "x"}
            << "redlockscope bench strategies redlock --json x";
    }

    void theFlagFormShowsItsCommand()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, form);
        QStringList quoted{AppRun::binary()};
        for (const QString& a : args)
            quoted << QStringLiteral("'%1'").arg(a);
        QProcess terminal;
        terminal.setProcessEnvironment(withoutDisplay());
        terminal.start(
            QStringLiteral("script"),
            {QStringLiteral("-qec"), quoted.join(QLatin1Char(' ')), QStringLiteral("/dev/null")});
        QVERIFY(terminal.waitForFinished(20000));
        const QString seen = QString::fromUtf8(terminal.readAllStandardOutput());
        QVERIFY2(seen.contains(QStringLiteral("redlockscope: the same as: ") + form),
                 qPrintable(seen));
        QVERIFY2(!seen.contains(QLatin1String("secret")), qPrintable(seen));
        const Result piped = runWithoutDisplay(args);
        QVERIFY2(!piped.err.contains("the same as"), piped.err.constData());
    }

    // The window's own flags and lines no command takes have no other form: nothing said.
    void aLineWithoutACommandSaysNothingMore()
    {
        QProcess terminal;
        terminal.setProcessEnvironment(withoutDisplay());
        terminal.start(QStringLiteral("script"),
                       {QStringLiteral("-qec"),
                        AppRun::binary() + QStringLiteral(" --headless --theme dark"),
                        QStringLiteral("/dev/null")});
        QVERIFY(terminal.waitForFinished(20000));
        const QByteArray seen = terminal.readAllStandardOutput();
        QVERIFY2(seen.contains("not --headless") && !seen.contains("the same as"),
                 seen.constData());
    }

    // A command's checks are the flag form's: the same words for the same mistake.
    void aCommandRefusesAsItsFlagFormDoes()
    {
        const Result command = runWithoutDisplay({"run", "--clients", "x"});
        const Result flags = runWithoutDisplay({"--headless", "--clients", "x"});
        QCOMPARE(command.exitCode, 2);
        QCOMPARE(command.err, flags.err);
    }

    // The console's `help VERB`, as a headless run prints it: a line per setting key with its
    // limits, every event name of `wait until`, each on a line of its own (not "\n").
    void helpInARunListsWhatAVerbTakes()
    {
        const Result r = AppRun::run(
            {"run", "--no-record", "--exec", "help client set; help wait until"}, 60000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(!out.contains(QStringLiteral("\\n")), r.out.constData());
        const QStringList lines = out.split(QLatin1Char('\n'));
        for (const ClientSettingField& field : ClientSettingField::all()) {
            const QString start = field.key() + QStringLiteral(": ");
            const bool listed = std::any_of(lines.cbegin(), lines.cend(), [&](const QString& l) {
                return l.startsWith(QLatin1Char(' ')) && l.trimmed().startsWith(start) &&
                       l.contains(field.allowed());
            });
            QVERIFY2(listed, qPrintable(field.key()));
        }
        static const QRegularExpression separators(QStringLiteral("\\s+"));
        const QStringList words = out.split(separators);
        for (const QString& name : EventPattern::names())
            QVERIFY2(words.contains(name), qPrintable(name));
    }

    void listIsListScenarios()
    {
        const Result command = runWithoutDisplay({"list"});
        const Result flags = runWithoutDisplay({"--list-scenarios"});
        QCOMPARE(command.exitCode, 0);
        QVERIFY(command.out.contains("builtin:gc-pause"));
        QCOMPARE(command.out, flags.out);
    }

    // `run SCENARIO` tells the same story as `--headless --scenario SCENARIO`, and `export`
    // writes the same file as `--export`.
    void runAndExportDoWhatTheirFlagsDo()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString recorded = dir.filePath(QStringLiteral("run.jsonl"));
        const Result command =
            AppRun::run({"run", "builtin:gc-pause", "--seed", "7", "--record", recorded}, 120000);
        QVERIFY2(command.exitCode == 0, command.err.constData());
        const Result flags = AppRun::run(
            {"--headless", "--scenario", "builtin:gc-pause", "--seed", "7", "--no-record"}, 120000);
        QVERIFY2(flags.exitCode == 0, flags.err.constData());
        QVERIFY2(story(command.out).size() > 3, command.out.constData());
        QCOMPARE(story(command.out), story(flags.out));

        const QString viaCommand = dir.filePath(QStringLiteral("command.csv"));
        const QString viaFlags = dir.filePath(QStringLiteral("flags.csv"));
        const Result exported = AppRun::run({"export", recorded, "--to", viaCommand}, 60000);
        QVERIFY2(exported.exitCode == 0, exported.err.constData());
        const Result exportedByFlags = AppRun::run({"--export", recorded, "--to", viaFlags}, 60000);
        QVERIFY2(exportedByFlags.exitCode == 0, exportedByFlags.err.constData());
        QVERIFY(!AppRun::readAll(viaCommand).isEmpty());
        QCOMPARE(AppRun::readAll(viaCommand), AppRun::readAll(viaFlags));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
