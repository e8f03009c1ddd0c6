// SPDX-License-Identifier: GPL-3.0-or-later
#include "subcommand.h"

#include "base/safetext.h"
#include "charts/runexporter.h"
#include "model/aclrules.h"
#include "model/engineconfig.h"
#include "storage/stockaccess.h"

#include <QRegularExpression>

#include <algorithm>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

namespace {

// One command: what it means in flags, its argument, and the options it takes.
struct Command
{
    QString name;            // "run", "bench ui"
    QString argument;        // "SCENARIO", "[SCENARIO]" (optional), or none
    QString argumentFlag;    // the flag the argument is the value of: "--scenario"
    QString defaultArgument; // the argument's value when it is left out (none: no flag)
    QStringList flags;       // what the command means: {"--headless"}
    QString summary;         // one line, for the overview and the command's help
    QStringList options;     // the options it takes, by name
    bool search = false;     // its options are the search's parser's
    // Options it cannot run without, each with what to say of it: {"to", ".pdf or .html"}.
    QList<std::pair<QString, QString>> required;
    // Options that go only with one of others; "ARGUMENT" stands for the command's own
    // (optional) argument: `run --repeat N` needs its SCENARIO.
    QList<std::pair<QString, QStringList>> goesWith;
    QStringList orArgument; // options that stand instead of its argument: `run --exec`
};

const QString kArgument = QStringLiteral("ARGUMENT");

// The options shared by the commands that start nodes.
QStringList nodeOptions()
{
    return {"nodes",        "config",   "password-file",  "password-env", "fleet",  "local-nodes",
            "redis-server", "topology", "redis-sentinel", "client-path",  "storage"};
}
QStringList engineOptions()
{
    return nodeOptions() + QStringList{"expose",    "clients", "resource",   "record",
                                       "no-record", "force",   "allow-exec", "allow-destructive"};
}
QStringList lookOptions()
{
    return {"theme", "large", "zoom", "language"};
}

const QList<Command>& commands()
{
    static const QList<Command> table{
        {.name = "window",
         .summary = "The window (also with no command)",
         .options = engineOptions() + lookOptions() +
                    QStringList{"exec", "seed", "charts", "chart", "screenshot", "after"},
         .goesWith = {{"seed", {"exec"}},
                      {"allow-exec", {"config"}},
                      {"allow-destructive", {"config"}}}},
        {.name = "run",
         .argument = "[SCENARIO]",
         .argumentFlag = "--scenario",
         .flags = {"--headless"},
         .summary = "Headless: a scenario's steps and verdict, or a plain run",
         .options = engineOptions() + QStringList{"exec", "seed", "duration", "repeat"},
         .goesWith = {{"repeat", {kArgument}},
                      {"seed", {kArgument, "exec"}},
                      {"allow-exec", {kArgument, "config"}},
                      {"allow-destructive", {kArgument, "config"}}},
         .orArgument = {"exec"}},
        {.name = "play",
         .argument = "SCENARIO",
         .argumentFlag = "--scenario",
         .summary = "A scenario in the window, captions and all",
         .options = engineOptions() + lookOptions() +
                    QStringList{"seed", "charts", "chart", "screenshot", "after"}},
        {.name = "slides",
         .argument = "SCENARIO",
         .argumentFlag = "--slides",
         .summary = "A scenario's slides, a page per caption (.pdf, .html)",
         .options = engineOptions() + lookOptions() + QStringList{"seed", "to", "size"},
         .required = {{"to", "a .pdf or .html file"}}},
        {.name = "export",
         .argument = "RUN",
         .argumentFlag = "--export",
         .summary = "A recorded run to --to FILE, no window",
         .options = lookOptions() + QStringList{"to", "chart", "size"},
         .required = {{"to", QStringLiteral("its extension picks the format: .%1")
                                 .arg(RunExporter::extensions().join(QStringLiteral(", .")))}}},
        {.name = "open",
         .argument = "RUN",
         .argumentFlag = "--open",
         .summary = "A recorded run in the window, to scrub and replay",
         .options = lookOptions() + QStringList{"chart", "charts", "screenshot", "after"}},
        {.name = "search",
         .flags = {"--headless", "--search"},
         .summary = "The shortest fault schedule that breaks a lock",
         .options = {"preset", "strategy", "set", "faults", "persistence", "clients", "max-faulty",
                     "budget", "trials", "seed", "jobs", "out", "expect", "allow-exec", "topology",
                     "local-nodes", "redis-server", "redis-sentinel"},
         .search = true},
        {.name = "bench latency",
         .flags = {"--headless", "--bench"},
         .summary = "Acquire/release latency against the multiplexed floor",
         .options = nodeOptions() + QStringList{"bench-cycles", "json"}},
        {.name = "bench contention",
         .flags = {"--headless", "--bench", "--contention"},
         .summary = "Redlock with one client, then 8 contending",
         .options = nodeOptions() + QStringList{"json"}},
        {.name = "bench strategies",
         .argument = "[LIST]",
         .argumentFlag = "--strategies",
         .defaultArgument = "all",
         .flags = {"--headless", "--bench"},
         .summary = "Each strategy in LIST (default all): the whole engine",
         .options = nodeOptions() + QStringList{"json"}},
        // It starts its own nodes and storage: node-redlock's workload on the same ones.
        {.name = "bench vs-node-redlock",
         .flags = {"--headless", "--bench", "--vs-node-redlock"},
         .summary = "8 clients against node-redlock, same workload and nodes",
         .options = {"local-nodes", "redis-server", "password-file", "password-env", "client-path",
                     "duration", "json"}},
        {.name = "bench ui",
         .flags = {"--bench-ui"},
         .summary = "The window under load: frames/s, CPU, lag, memory",
         .options = engineOptions() + lookOptions() + QStringList{"duration", "json"}},
        {.name = "bench record",
         .flags = {"--headless", "--bench-record"},
         .summary = "What recording costs the engine",
         .options = nodeOptions() + QStringList{"clients", "duration"}},
        {.name = "bench memory",
         .flags = {"--headless", "--bench-memory"},
         .summary = "Whether memory stays flat on a long run",
         .options = nodeOptions() + QStringList{"clients", "duration", "json"}},
        {.name = "bench timeline",
         .argument = "RUN",
         .argumentFlag = "--open",
         .flags = {"--bench-timeline"},
         .summary = "The timeline's frame times over a recorded run",
         .options = lookOptions()},
        {.name = "bench charts",
         .argument = "RUN",
         .argumentFlag = "--open",
         .flags = {"--bench-charts"},
         .summary = "Every chart's frame and export times over a run",
         .options = lookOptions()},
        // Each preset brings its own strategy, settings and faults.
        {.name = "bench search",
         .flags = {"--headless", "--bench-search"},
         .summary = "Each search preset: time to a shrunk counterexample",
         .options = {"rungs", "json", "seed", "jobs", "out", "budget", "redis-server",
                     "redis-sentinel"},
         .search = true},
        {.name = "list", .flags = {"--list-scenarios"}, .summary = "The built-in scenarios"},
        {.name = "help", .argument = "[COMMAND]", .summary = "A command's argument and options"},
    };
    return table;
}

const Command* findCommand(const QString& name)
{
    for (const Command& c : commands())
        if (c.name == name)
            return &c;
    return nullptr;
}

QStringList benchKinds()
{
    QStringList kinds;
    for (const Command& c : commands())
        if (c.name.startsWith(QLatin1String("bench ")))
            kinds << c.name.mid(6);
    return kinds;
}

int editDistance(const QString& a, const QString& b)
{
    std::vector<int> row(size_t(b.size()) + 1);
    std::iota(row.begin(), row.end(), 0);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[size_t(j)];
            row[size_t(j)] = std::min(
                {above + 1, row[size_t(j) - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row.back();
}

// The word among `candidates` closest to `word`, when it is close enough to be a typo.
QString nearest(const QString& word, const QStringList& candidates)
{
    QString best;
    int bestDistance = std::max(2, int(word.size()) / 3) + 1;
    for (const QString& c : candidates) {
        if (const int d = editDistance(word.toLower(), c); d < bestDistance) {
            best = c;
            bestDistance = d;
        }
    }
    return best;
}

QString usage(const Command& c)
{
    QString text = QStringLiteral("redlockscope ") + c.name;
    if (!c.argument.isEmpty())
        text += QLatin1Char(' ') + c.argument;
    return text;
}

// The argument's word without its brackets: "SCENARIO" for "[SCENARIO]".
QString argumentWord(const Command& c)
{
    return QString(c.argument).remove(QLatin1Char('[')).remove(QLatin1Char(']'));
}

QString argumentHelp(const Command& c)
{
    const QString word = argumentWord(c);
    if (word == QLatin1String("SCENARIO"))
        return QStringLiteral("SCENARIO: a scenario file (.rls) or builtin:NAME (redlockscope list "
                              "names them)");
    if (word == QLatin1String("RUN"))
        return QStringLiteral("RUN: a recorded run (.jsonl); runs are recorded in the data folder "
                              "(--record)");
    if (word == QLatin1String("LIST"))
        return QStringLiteral("LIST: strategy names, comma-separated, or all (the default)");
    if (word == QLatin1String("COMMAND")) {
        QStringList heads;
        for (const Command& other : commands())
            if (!other.name.contains(QLatin1Char(' ')))
                heads << other.name;
        return QStringLiteral("COMMAND: %1, or bench KIND").arg(heads.join(QStringLiteral(", ")));
    }
    return {};
}

const QCommandLineOption* findOption(const QList<QCommandLineOption>& options, const QString& name)
{
    for (const QCommandLineOption& o : options)
        if (o.names().contains(name))
            return &o;
    return nullptr;
}

// A description's words, a long comma-separated list ("kill,restart,...") cut after its commas:
// each piece, and whether it goes on from the one before without a space.
QList<std::pair<QString, bool>> wrappablePieces(const QString& text)
{
    QList<std::pair<QString, bool>> pieces;
    for (const QString& word : text.simplified().split(QLatin1Char(' '))) {
        const QStringList parts = word.split(QLatin1Char(','));
        for (qsizetype i = 0; i < parts.size(); ++i) {
            const QString piece =
                parts[i] + (i + 1 < parts.size() ? QStringLiteral(",") : QString());
            if (!piece.isEmpty())
                pieces.append({piece, i > 0});
        }
    }
    return pieces;
}

// "  --name <value>   description", the description wrapped to 80 columns.
QString optionLine(const QCommandLineOption& option)
{
    constexpr int Column = 26;
    constexpr int Width = 80;
    QString head = QStringLiteral("  --") + option.names().constFirst();
    if (!option.valueName().isEmpty())
        head += QStringLiteral(" <%1>").arg(option.valueName());
    QStringList lines;
    QString line = head.size() < Column - 1 ? head.leftJustified(Column) : QString();
    if (line.isEmpty())
        lines << head;
    for (const auto& [piece, glued] : wrappablePieces(option.description())) {
        const qsizetype room = glued ? piece.size() : piece.size() + 1;
        if (line.size() > Column && line.size() + room > Width) {
            lines << line;
            line.clear();
        }
        if (line.isEmpty())
            line = QString(Column, QLatin1Char(' '));
        else if (line.size() > Column && !glued)
            line += QLatin1Char(' ');
        line += piece;
    }
    lines << line;
    return lines.join(QLatin1Char('\n'));
}

QString commandHelp(const Command& c, const QList<QCommandLineOption>& options)
{
    QStringList lines{
        QStringLiteral("Usage: %1%2")
            .arg(usage(c), c.options.isEmpty() ? QString() : QStringLiteral(" [OPTIONS]")),
        c.summary + QLatin1Char('.')};
    QStringList flagForm{QStringLiteral("redlockscope")};
    flagForm << c.flags;
    if (!c.argumentFlag.isEmpty()) {
        const bool optional =
            c.argument.startsWith(QLatin1Char('[')) && c.defaultArgument.isEmpty();
        const QString form = QStringLiteral("%1 %2").arg(c.argumentFlag, argumentWord(c));
        flagForm << (optional ? QStringLiteral("[%1]").arg(form) : form);
    }
    if (c.name != QLatin1String("help"))
        lines << QStringLiteral("The same as: %1").arg(flagForm.join(QLatin1Char(' ')));
    if (const QString argument = argumentHelp(c); !argument.isEmpty())
        lines << argument;
    if (!c.options.isEmpty())
        lines << QString() << QStringLiteral("Options:");
    for (const QString& name : c.options)
        if (const QCommandLineOption* option = findOption(options, name))
            lines << optionLine(*option);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString benchHelp()
{
    QStringList lines{QStringLiteral("Usage: redlockscope bench KIND [OPTIONS]"),
                      QStringLiteral("Measure, and print figures and ratios against a baseline "
                                     "measured in the same run."),
                      QString(), QStringLiteral("Kinds:")};
    for (const Command& c : commands())
        if (c.name.startsWith(QLatin1String("bench ")))
            lines << QStringLiteral("  %1 %2").arg(
                QString(c.name.mid(6) + QLatin1Char(' ') + c.argument).leftJustified(22),
                c.summary);
    lines << QString() << QStringLiteral("redlockscope help bench KIND: that kind's options.");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

// The flag an argument spells ("--to", "--to=x.pdf", "-h"), or empty for a plain word.
QString optionName(const QString& argument)
{
    if (argument.startsWith(QLatin1String("--")))
        return argument.mid(2).section(QLatin1Char('='), 0, 0);
    if (argument.startsWith(QLatin1Char('-')) && argument.size() > 1)
        return argument.mid(1).section(QLatin1Char('='), 0, 0);
    return {};
}

// Qt's own options (QGuiApplication's): the application object takes them out of the line.
bool isQtOption(const QString& name, bool* takesValue)
{
    static const QStringList withValue{
        "platform",     "platformpluginpath", "platformtheme", "plugin",     "qwindowgeometry",
        "qwindowtitle", "qwindowicon",        "style",         "stylesheet", "session",
        "display"};
    static const QStringList without{"reverse", "nograb", "dograb", "sync"};
    *takesValue = withValue.contains(name);
    return *takesValue || without.contains(name);
}

// Where an option that `c` does not take belongs, as the command lines that take it.
QString elsewhere(const Command& c, const QString& name)
{
    const QString flag = QStringLiteral("--") + name;
    if (c.argumentFlag == flag)
        return QStringLiteral("it takes its %1 as its argument: %2").arg(argumentWord(c), usage(c));
    QStringList forms;
    for (const Command& other : commands())
        if (other.flags.contains(flag) || other.argumentFlag == flag)
            forms << usage(other);
    if (!forms.isEmpty())
        return QStringLiteral("%1 is what %2 means")
            .arg(flag, forms.mid(0, 2).join(QStringLiteral(" or ")));
    for (const Command& other : commands())
        if (other.options.contains(name))
            forms << QStringLiteral("%1 %2").arg(usage(other), flag);
    return forms.isEmpty()
               ? QString()
               : QStringLiteral("it goes with %1").arg(forms.mid(0, 3).join(QStringLiteral(", ")));
}

QString unknownCommand(const QString& word)
{
    QStringList heads;
    for (const Command& c : commands())
        if (!c.name.contains(QLatin1Char(' ')))
            heads << c.name;
    heads << QStringLiteral("bench");
    QString hint;
    const QString shown = SafeText::echo(word);
    if (word.startsWith(QLatin1String("builtin:")) || word.endsWith(QLatin1String(".rls")))
        hint = QStringLiteral("to play a scenario: redlockscope play %1 (the window) or "
                              "redlockscope run %1 (headless)")
                   .arg(shown);
    else if (word.endsWith(QLatin1String(".jsonl")))
        hint = QStringLiteral("to see a recorded run: redlockscope open %1, or redlockscope export "
                              "%1 --to FILE")
                   .arg(shown);
    else if (const QString near = nearest(word, heads); !near.isEmpty())
        hint = QStringLiteral("did you mean: redlockscope %1").arg(near);
    else
        hint = QStringLiteral("the commands: %1 (redlockscope --help)")
                   .arg(heads.join(QStringLiteral(", ")));
    return QStringLiteral("unknown command '%1'; %2").arg(shown, hint);
}

Subcommand::Result error(const QString& text)
{
    return {Subcommand::Action::Error, {}, text};
}
Subcommand::Result help(const QString& text)
{
    return {Subcommand::Action::Help, {}, text};
}

// `help [COMMAND]`, `help bench [KIND]`.
Subcommand::Result helpFor(const QStringList& words, const QList<QCommandLineOption>& options,
                           const QList<QCommandLineOption>& searchOptions)
{
    if (words.isEmpty())
        return help(Subcommand::overview());
    const QString name = words.join(QLatin1Char(' '));
    if (name == QLatin1String("bench"))
        return help(benchHelp());
    if (name == QLatin1String("acl")) // a topic, not a command: the rules for your own nodes
        return help(AclRules::help(QString::fromUtf8(EngineConfig{}.resource),
                                   QString::fromUtf8(StockAccess::StockKey)));
    if (const Command* c = findCommand(name))
        return help(commandHelp(*c, c->search ? searchOptions : options));
    if (words.first() == QLatin1String("bench")) {
        const QString near = nearest(words.value(1), benchKinds());
        return error(
            QStringLiteral("no bench kind '%1'; %2")
                .arg(SafeText::echo(words.mid(1).join(QLatin1Char(' '))),
                     near.isEmpty()
                         ? QStringLiteral("the kinds: ") + benchKinds().join(QStringLiteral(", "))
                         : QStringLiteral("did you mean: redlockscope help bench ") + near));
    }
    return error(unknownCommand(words.first()));
}

// An option `c` does not take: said in words, with where it belongs.
Subcommand::Result refuse(const Command& c, const QString& argument, const QString& name,
                          bool known)
{
    if (!known) {
        const QString near = nearest(name, c.options);
        return error(
            QStringLiteral("%1: unknown option '%2'%3 (redlockscope help %1)")
                .arg(c.name, SafeText::echo(argument),
                     near.isEmpty() ? QString() : QStringLiteral("; did you mean --") + near));
    }
    const QString where = elsewhere(c, name);
    return error(
        QStringLiteral("%1 does not take --%2%3")
            .arg(c.name, name, where.isEmpty() ? QString() : QStringLiteral(": ") + where));
}

// "--to <file>": an option as the command's help shows it.
QString optionForm(const QString& option, const QList<QCommandLineOption>& own)
{
    const QCommandLineOption* o = findOption(own, option);
    return QStringLiteral("--") + option +
           (o && !o->valueName().isEmpty() ? QStringLiteral(" <%1>").arg(o->valueName())
                                           : QString());
}

// "redlockscope run SCENARIO": the usage with its argument, not optional.
QString usageWithArgument(const Command& c)
{
    return usage(c).remove(QLatin1Char('[')).remove(QLatin1Char(']'));
}

// "a SCENARIO or --exec": the options (and the argument) an option goes with, in words.
QString companionWords(const QStringList& companions, const QString& argumentWord)
{
    QStringList said;
    said.reserve(companions.size());
    for (const QString& companion : companions)
        said << (companion == kArgument ? QStringLiteral("a ") + argumentWord
                                        : QStringLiteral("--") + companion);
    return said.join(QStringLiteral(" or "));
}

// What `c` needs beside its options one by one, in the command's words (the flag form's checks
// would name flags the command line never had: "--export needs --to FILE").
QString missingCompanion(const Command& c, const QStringList& given, bool hasArgument,
                         const QList<QCommandLineOption>& own)
{
    for (const auto& [option, hint] : c.required)
        if (!given.contains(option))
            return QStringLiteral("%1 needs %2: %3 %2 (%4)")
                .arg(c.name, optionForm(option, own), usageWithArgument(c), hint);
    const QString word = argumentWord(c);
    if (hasArgument)
        for (const QString& option : c.orArgument)
            if (given.contains(option))
                return QStringLiteral("%1 takes a %2 or --%3, not both: one script at a time")
                    .arg(c.name, word, option);
    const auto present = [&given, hasArgument](const QString& companion) {
        return companion == kArgument ? hasArgument : given.contains(companion);
    };
    for (const auto& [option, companions] : c.goesWith) {
        if (!given.contains(option) || std::any_of(companions.cbegin(), companions.cend(), present))
            continue;
        QString text = QStringLiteral("%1 --%2 goes with %3")
                           .arg(c.name, option, companionWords(companions, word));
        if (companions == QStringList{kArgument})
            text += QStringLiteral(": %1 %2").arg(usageWithArgument(c), optionForm(option, own));
        return text;
    }
    return {};
}

// The positional words: none, one, or the one `c` needs; then its flag form.
Subcommand::Result spell(const Command& c, const QStringList& positional, const QStringList& kept,
                         const QStringList& given, const QList<QCommandLineOption>& own)
{
    const QString word = argumentWord(c);
    if (c.argument.isEmpty() && !positional.isEmpty())
        return error(QStringLiteral("%1 takes no argument, not '%2'%3")
                         .arg(c.name, SafeText::echo(positional.first()),
                              c.name == QLatin1String("window")
                                  ? QStringLiteral(" (a scenario: redlockscope play SCENARIO)")
                                  : QString()));
    if (positional.size() > 1)
        return error(
            QStringLiteral("%1 takes one %2, not '%3'")
                .arg(c.name, word, SafeText::echo(positional.join(QStringLiteral("', '")))));
    if (positional.isEmpty() && !c.argument.isEmpty() && !c.argument.startsWith(QLatin1Char('['))) {
        const QString example = word == QLatin1String("RUN") ? QStringLiteral("RUN.jsonl")
                                                             : QStringLiteral("builtin:gc-pause");
        return error(QStringLiteral("%1 needs a %2: redlockscope %1 %3 (%4)")
                         .arg(c.name, word, example, argumentHelp(c)));
    }
    if (const QString why = missingCompanion(c, given, !positional.isEmpty(), own); !why.isEmpty())
        return error(why);
    QStringList flags = c.flags;
    const QString value = positional.isEmpty() ? c.defaultArgument : positional.first();
    if (!value.isNull() && !c.argumentFlag.isEmpty())
        flags << c.argumentFlag << value;
    return {Subcommand::Action::Run, flags + kept, {}};
}

// The command's arguments checked against what it takes, then spelled as flags.
Subcommand::Result translateCommand(const Command& c, const QStringList& rest,
                                    const QList<QCommandLineOption>& options,
                                    const QList<QCommandLineOption>& searchOptions)
{
    const QList<QCommandLineOption>& own = c.search ? searchOptions : options;
    QStringList kept;
    QStringList positional;
    QStringList given; // the options' names
    for (qsizetype i = 0; i < rest.size(); ++i) {
        const QString& argument = rest[i];
        const QString name = optionName(argument);
        if (name.isEmpty()) {
            positional << argument;
            continue;
        }
        if (QStringList{"h", "help", "?", "help-all"}.contains(name))
            return help(commandHelp(c, own));
        if (name == QLatin1String("v") || name == QLatin1String("version"))
            return {Subcommand::Action::Run, {QStringLiteral("--version")}, {}};
        bool qtTakesValue = false;
        if (isQtOption(name, &qtTakesValue)) {
            kept << argument;
            if (qtTakesValue && i + 1 < rest.size())
                kept << rest[++i];
            continue;
        }
        if (c.flags.contains(QStringLiteral("--") + name))
            continue; // `search --headless`, as the flag form had it: said already
        if (!c.options.contains(name))
            return refuse(c, argument, name,
                          findOption(options, name) || findOption(searchOptions, name));
        kept << argument;
        given << name;
        const QCommandLineOption* option = findOption(own, name);
        if (option && !option->valueName().isEmpty() && !argument.contains(QLatin1Char('=')) &&
            i + 1 < rest.size())
            kept << rest[++i];
    }
    return spell(c, positional, kept, given, own);
}

} // namespace

Subcommand::Result Subcommand::translate(const QStringList& arguments,
                                         const QList<QCommandLineOption>& options,
                                         const QList<QCommandLineOption>& searchOptions)
{
    // A flag first (or nothing): the flag form, as it always was.
    if (arguments.isEmpty() || arguments.first().startsWith(QLatin1Char('-')))
        return {Action::Run, arguments, {}};
    const QString& head = arguments.constFirst();
    if (head == QLatin1String("help"))
        return helpFor(arguments.mid(1), options, searchOptions);
    QString name = head;
    qsizetype used = 1;
    if (head == QLatin1String("bench")) {
        const QString kind = arguments.value(1);
        if (kind.isEmpty() || kind.startsWith(QLatin1Char('-'))) {
            if (kind == QLatin1String("--help") || kind == QLatin1String("-h"))
                return help(benchHelp());
            return error(QStringLiteral("bench needs a KIND: %1 (redlockscope help "
                                        "bench)")
                             .arg(benchKinds().join(QStringLiteral(", "))));
        }
        if (!benchKinds().contains(kind)) {
            const QString near = nearest(kind, benchKinds());
            return error(
                QStringLiteral("no bench kind '%1'; %2")
                    .arg(SafeText::echo(kind),
                         near.isEmpty()
                             ? QStringLiteral("the kinds: ") +
                                   benchKinds().join(QStringLiteral(", "))
                             : QStringLiteral("did you mean: redlockscope bench ") + near));
        }
        name = QStringLiteral("bench ") + kind;
        used = 2;
    }
    const Command* c = findCommand(name);
    if (!c)
        return error(unknownCommand(head));
    return translateCommand(*c, arguments.mid(used), options, searchOptions);
}

namespace {

// A word as a shell reads it back: quoted when it holds anything beyond the plain characters.
QString shellWord(const QString& word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    return QLatin1Char('\'') + QString(word).replace(QLatin1String("'"), QLatin1String("'\\''")) +
           QLatin1Char('\'');
}

// How well `c` spells the flag form `arguments`: the number of its flags (and argument flag)
// found there, or -1 when it cannot (a flag of its own missing, or its argument).
int matchScore(const Command& c, const QStringList& names)
{
    int score = 0;
    for (const QString& flag : c.flags) {
        if (!names.contains(flag.mid(2)))
            return -1;
        ++score;
    }
    if (c.argumentFlag.isEmpty())
        return score;
    if (names.contains(c.argumentFlag.mid(2)))
        return score + 1;
    const bool optional = c.argument.startsWith(QLatin1Char('[')) && c.defaultArgument.isEmpty();
    return optional ? score : -1;
}

} // namespace

QString Subcommand::commandForm(const QStringList& arguments,
                                const QList<QCommandLineOption>& options,
                                const QList<QCommandLineOption>& searchOptions)
{
    QStringList names;
    for (const QString& argument : arguments)
        if (const QString name = optionName(argument); !name.isEmpty())
            names << name;
    const Command* best = nullptr;
    int bestScore = 0; // the window (no flag of its own) is no other spelling of anything
    for (const Command& c : commands()) {
        if (const int score = matchScore(c, names); score > bestScore) {
            best = &c;
            bestScore = score;
        }
    }
    if (!best)
        return {};
    const QList<QCommandLineOption>& own = best->search ? searchOptions : options;
    QStringList words{QStringLiteral("redlockscope"), best->name};
    QStringList rest;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        const QString name = optionName(argument);
        if (name.isEmpty())
            return {}; // a word the flag form has no place for: not this command's line
        bool qtTakesValue = false;
        const bool qt = isQtOption(name, &qtTakesValue);
        const QCommandLineOption* option = findOption(own, name);
        const bool takesValue = (qt ? qtTakesValue : option && !option->valueName().isEmpty()) &&
                                !argument.contains(QLatin1Char('='));
        const QString value =
            takesValue ? arguments.value(++i) : argument.section(QLatin1Char('='), 1);
        if (best->flags.contains(QStringLiteral("--") + name))
            continue;
        if (QStringLiteral("--") + name == best->argumentFlag) {
            if (value != best->defaultArgument)
                words << shellWord(value);
            continue;
        }
        if (!qt && !best->options.contains(name))
            return {}; // an option the command does not take: the flag form is all there is
        rest << shellWord(argument);
        if (takesValue)
            rest << shellWord(value);
    }
    return (words + rest).join(QLatin1Char(' '));
}

QString Subcommand::overview()
{
    QStringList lines{
        QStringLiteral("Usage: redlockscope [COMMAND] [ARGUMENT] [OPTIONS]"),
        QStringLiteral("Redlock Scope: a visualizer and test console for the Redlock distributed"),
        QStringLiteral("lock. With no command: the window, on five local redis-server nodes."),
        QString(), QStringLiteral("Commands:")};
    bool benchListed = false;
    for (const Command& c : commands()) {
        const bool bench = c.name.startsWith(QLatin1String("bench "));
        if (bench && benchListed)
            continue;
        QString head = c.name + (c.argument.isEmpty() ? QString() : QLatin1Char(' ') + c.argument);
        QString summary = c.summary;
        if (bench) {
            benchListed = true;
            head = QStringLiteral("bench KIND");
            summary = QStringLiteral("Measure: %1, ... (%2 kinds)")
                          .arg(benchKinds().mid(0, 2).join(QStringLiteral(", ")))
                          .arg(benchKinds().size());
        }
        if (c.name == QLatin1String("export"))
            summary = QStringLiteral("A recorded run as .%1")
                          .arg(RunExporter::extensions().join(QStringLiteral(" .")));
        // One screen: 80 columns (tst_commandline), so each summary is short.
        lines << QStringLiteral("  %1 %2").arg(head.leftJustified(18), summary);
    }
    lines << QString() << QStringLiteral("Examples:")
          << QStringLiteral("  redlockscope play builtin:gc-pause --large")
          << QStringLiteral("  redlockscope run builtin:gc-pause --seed 7")
          << QStringLiteral("  redlockscope export RUN.jsonl --to report.html") << QString()
          << QStringLiteral("redlockscope help COMMAND (or COMMAND --help): its options; "
                            "help acl: ACLs.")
          << QStringLiteral(
                 "--help-all: every flag, in the flag form (--headless --scenario ...).");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QStringList Subcommand::names()
{
    QStringList all;
    for (const Command& c : commands())
        all << c.name;
    return all;
}
