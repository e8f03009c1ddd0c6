// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenarioparser.h"

#include "base/regularfile.h"
#include "base/safetext.h"
#include "scenario/eventpattern.h"
#include "scenario/expectation.h"
#include "scenario/scenariolibrary.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringDecoder>

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ScenarioParser", text);
}

// The column (1-based, in `line`) of the first word after the verb's words.
int firstArgumentColumn(const QString& line, const QString& verb)
{
    qsizetype i = 0;
    for (qsizetype words = verb.count(QLatin1Char(' ')) + 1; words > 0; --words) {
        while (i < line.size() && line[i].isSpace())
            ++i;
        while (i < line.size() && !line[i].isSpace())
            ++i;
    }
    while (i < line.size() && line[i].isSpace())
        ++i;
    return int(i) + 1;
}

} // namespace

// What the catalogue cannot know of a directive: whether `expect` names a counter and says
// something, whether `wait until` names an event. Checked when the file is read, so that a
// typo is refused with its line before any node starts, not found at that line minutes in.
QString ScenarioParser::checkDirective(const ParsedCommand& command)
{
    QString why;
    if (command.verb() == QLatin1String("expect"))
        Expectation::from(command, &why);
    else if (command.verb() == QLatin1String("wait until"))
        EventPattern::parse(command.word(QStringLiteral("EVENT")), &why);
    else if (command.verb() == QLatin1String("snapshot"))
        snapshotTitle(command, &why);
    return why;
}

// Quoted, so that the title is plainly a title: `snapshot "Two holders"`. A quote inside it
// is written as it is (`snapshot "C1's "stale" write"`): only the first and last count.
std::optional<QString> ScenarioParser::snapshotTitle(const ParsedCommand& command, QString* why)
{
    const QString text = command.word(QStringLiteral("TITLE"));
    if (text.isEmpty())
        return QString();
    if (text.size() < 2 || !text.startsWith(QLatin1Char('"')) || !text.endsWith(QLatin1Char('"'))) {
        *why = tr("a snapshot's title goes in double quotes (snapshot \"Two holders\"), not "
                  "'%1'")
                   .arg(SafeText::echo(text));
        return std::nullopt;
    }
    const QString title = text.mid(1, text.size() - 2).trimmed();
    if (title.isEmpty()) {
        *why = tr("a snapshot's title is empty: leave the quotes out for none");
        return std::nullopt;
    }
    return title;
}

std::optional<Scenario> ScenarioParser::parse(const QString& text, const QString& origin,
                                              const CommandParser::Context& context, Error* error)
{
    Scenario scenario;
    scenario.origin = origin;
    // --exec is one line on the command line: its commands are numbered as `;` separates them.
    const bool numberByCommand = origin == QLatin1String("--exec");
    int commandNumber = 0;
    const QStringList rows = text.split(QLatin1Char('\n'));
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const QString& row = rows[r];
        // `;` separates lines, except in a file's narration and comments (they keep their
        // punctuation) and its `exec` lines (a shell's own `;`). --exec is one line, where
        // `;` always separates: "say one; say two" is two captions there.
        const QString head = row.trimmed();
        const bool whole = !numberByCommand && (head.startsWith(QLatin1String("say")) ||
                                                head.startsWith(QLatin1String("exec ")) ||
                                                head.startsWith(QLatin1Char('#')));
        const QStringList parts = whole ? QStringList{row} : row.split(QLatin1Char(';'));
        int offset = 0;
        for (const QString& part : parts) {
            ++commandNumber;
            const int number = numberByCommand ? commandNumber : int(r + 1);
            const QString trimmed = part.trimmed();
            int lead = 0; // where the line starts in its row, for the column of an error
            while (lead < part.size() && part[lead].isSpace())
                ++lead;
            // Columns count from the row's start; an --exec command's from its own.
            const int start = numberByCommand ? 0 : offset + lead;
            if (!trimmed.isEmpty() && !trimmed.startsWith(QLatin1Char('#'))) {
                CommandParser::Error why;
                auto command = CommandParser::parse(trimmed, context, &why);
                if (command) {
                    if (const QString problem = checkDirective(*command); !problem.isEmpty())
                        why = {problem, firstArgumentColumn(trimmed, command->verb())};
                }
                if (!command || !why.message.isEmpty()) {
                    const int column = start + why.column;
                    *error = {QStringLiteral("%1:%2:%3: %4")
                                  .arg(origin)
                                  .arg(number)
                                  .arg(column)
                                  .arg(why.message),
                              number, column};
                    return std::nullopt;
                }
                command->lineNumber = number;
                if (command->verb() == QLatin1String("seed") && !scenario.seed)
                    scenario.seed = quint64(command->number(QStringLiteral("N")));
                scenario.lines << Scenario::Line{number, start + 1, trimmed, *command};
            }
            offset += int(part.size()) + 1;
        }
    }
    // The console's lines come one at a time: its programs' lines are checked as they run.
    if (origin != QLatin1String("console") && !checkExits(scenario, error))
        return std::nullopt;
    return scenario;
}

// `wait until exited(LINE)` waits for the program the `exec` on line LINE started: a line
// that starts none, or starts it only after the wait, would have the wait time out for
// nothing, minutes into a run.
bool ScenarioParser::checkExits(const Scenario& scenario, Error* error)
{
    QList<int> started; // the exec lines so far
    QList<int> execs;   // all of them
    for (const Scenario::Line& l : scenario.lines)
        if (l.command.verb() == QLatin1String("exec"))
            execs << l.number;
    for (const Scenario::Line& l : scenario.lines) {
        if (l.command.verb() == QLatin1String("exec")) {
            started << l.number;
            continue;
        }
        if (l.command.verb() != QLatin1String("wait until"))
            continue;
        QString why;
        const std::optional<EventPattern> pattern =
            EventPattern::parse(l.command.word(QStringLiteral("EVENT")), &why);
        const int line = pattern ? pattern->line() : 0;
        if (line == 0 || started.contains(line))
            continue;
        const int column = l.column + int(l.text.indexOf(QLatin1Char('('))) + 1;
        const QString message =
            execs.contains(line)
                ? tr("line %1 starts its program after this wait: exited(%1) would wait for "
                     "nothing")
                      .arg(line)
                : tr("line %1 starts no program: exited(LINE) waits for the program an exec "
                     "line started")
                      .arg(line);
        *error = {QStringLiteral("%1:%2:%3: %4")
                      .arg(scenario.origin)
                      .arg(l.number)
                      .arg(column)
                      .arg(message),
                  l.number, column};
        return false;
    }
    return true;
}

bool ScenarioParser::checkClients(const Scenario& scenario, int initialClients, Error* error)
{
    QStringList named;
    int added = initialClients;
    bool ownClients = false; // exposed ports or programs: your own clients may come
    for (const Scenario::Line& l : scenario.lines) {
        const QString verb = l.command.verb();
        if (verb == QLatin1String("client add")) {
            ++added;
            if (const QString name = l.command.word(QStringLiteral("NAME")); !name.isEmpty())
                named << name;
        }
        ownClients = ownClients || verb == QLatin1String("expose") || verb == QLatin1String("exec");
    }
    static const QRegularExpression appName(QStringLiteral("^([CF])([1-9][0-9]{0,3})$"));
    for (const Scenario::Line& l : scenario.lines) {
        if (l.command.verb() != QLatin1String("expect"))
            continue;
        QString why;
        const std::optional<Expectation> e = Expectation::from(l.command, &why);
        const QString client = e ? e->client() : QString();
        if (client.isEmpty() || named.contains(client) || ownClients)
            continue;
        const QRegularExpressionMatch m = appName.match(client);
        if (m.hasMatch() && m.captured(1) == QLatin1String("C") && m.captured(2).toInt() <= added)
            continue;
        const int column = l.column + int(l.text.indexOf(QLatin1Char('('))) + 1;
        const QString known = named.isEmpty()
                                  ? tr("it adds none by name")
                                  : tr("it adds %1").arg(named.join(QStringLiteral(", ")));
        *error = {QStringLiteral("%1:%2:%3: %4")
                      .arg(scenario.origin)
                      .arg(l.number)
                      .arg(column)
                      .arg(tr("no client named '%1' in this scenario (%2): the expectation "
                              "would count nothing")
                               .arg(SafeText::echo(client), known)),
                  l.number, column};
        return false;
    }
    return true;
}

std::optional<QString> ScenarioParser::read(const QString& pathOrBuiltin, Error* error)
{
    if (pathOrBuiltin.startsWith(QLatin1String("builtin:"))) {
        const QString name = pathOrBuiltin.mid(8);
        if (!ScenarioLibrary::contains(name)) {
            *error = {tr("no built-in scenario '%1' (--list-scenarios lists them)")
                          .arg(SafeText::echo(name))};
            return std::nullopt;
        }
        return ScenarioLibrary::text(name);
    }
    QString why;
    const std::optional<QByteArray> bytes =
        RegularFile::read(pathOrBuiltin, MaxFileBytes, tr("a scenario"), &why);
    if (!bytes) {
        *error = {why};
        return std::nullopt;
    }
    QStringDecoder utf8(QStringDecoder::Utf8);
    QString text = utf8(*bytes);
    if (utf8.hasError()) {
        *error = {tr("%1: not UTF-8 text").arg(pathOrBuiltin)};
        return std::nullopt;
    }
    return text;
}

std::optional<Scenario> ScenarioParser::load(const QString& pathOrBuiltin,
                                             const CommandParser::Context& context, Error* error)
{
    const std::optional<QString> text = read(pathOrBuiltin, error);
    if (!text)
        return std::nullopt;
    return parse(*text, pathOrBuiltin, context, error);
}
