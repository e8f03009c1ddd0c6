// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands/commandparser.h"

#include "base/safetext.h"
#include "commands/commandcatalogue.h"
#include "model/clientsettingfield.h"

#include <QCoreApplication>
#include <algorithm>

namespace {
using T = ArgSpec::Type;

QString tr(const char* text)
{
    return QCoreApplication::translate("CommandParser", text);
}

bool isDigits(QStringView text)
{
    return !text.isEmpty() &&
           std::all_of(text.begin(), text.end(), [](QChar c) { return c.isDigit(); });
}
} // namespace

QList<CommandParser::Token> CommandParser::tokenize(const QString& line)
{
    QList<Token> tokens;
    qsizetype i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i].isSpace())
            ++i;
        const qsizetype start = i;
        while (i < line.size() && !line[i].isSpace())
            ++i;
        if (i > start)
            tokens << Token{line.mid(start, i - start), int(start) + 1};
    }
    return tokens;
}

// Whether a word is of the argument's kind at all (an optional argument whose kind does not
// fit is left out and the word goes to the next argument).
bool CommandParser::fits(const ArgSpec& arg, const QString& text)
{
    switch (arg.type) {
    case T::Keyword:
        return text.compare(arg.choices.value(0), Qt::CaseInsensitive) == 0;
    case T::Assignment:
        return text.contains(QLatin1Char('='));
    case T::Name:
        return !text.contains(QLatin1Char('='));
    case T::Number:
    case T::ClockDelta:
    case T::Node:
        return !text.isEmpty() &&
               (text[0].isDigit() || text[0] == QLatin1Char('-') || text[0] == QLatin1Char('+'));
    default:
        return true;
    }
}

QString CommandParser::checkNumber(const ArgSpec& arg, QString text)
{
    // "a whole number of ms"; a percentage says so in its name already.
    const QString unit = arg.unit == QLatin1String("ms") ? QStringLiteral(" of ms") : QString();
    const QString limitUnit = arg.unit.isEmpty() ? QString() : QLatin1Char(' ') + arg.unit;
    if (arg.type == T::ClockDelta && text.startsWith(QLatin1Char('+')))
        text.remove(0, 1);
    if (text.startsWith(QLatin1Char('-')) && isDigits(text.mid(1)))
        return tr("%1 must not be negative (got %2)").arg(arg.name, text);
    if (!isDigits(text))
        return tr("%1 must be a whole number%2, not '%3'").arg(arg.name, unit, text);
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value > arg.max)
        return tr("%1 must be at most %2%3 (got %4)")
            .arg(arg.name)
            .arg(arg.max)
            .arg(limitUnit, text);
    if (value < arg.min)
        return tr("%1 must be at least %2%3 (got %4)")
            .arg(arg.name)
            .arg(arg.min)
            .arg(limitUnit, text);
    return {};
}

QString CommandParser::check(const ArgSpec& arg, const QString& text, const Context& context)
{
    switch (arg.type) {
    case T::Node: {
        ArgSpec range = arg;
        range.min = 1;
        range.max = context.nodeCount;
        const QString why = checkNumber(range, text);
        if (why.isEmpty())
            return {};
        return tr("no node '%1': nodes are numbered 1 to %2").arg(text).arg(context.nodeCount);
    }
    case T::Number:
    case T::ClockDelta:
        return checkNumber(arg, text);
    case T::Choice:
        for (const QString& choice : arg.choices)
            if (choice.compare(text, Qt::CaseInsensitive) == 0)
                return {};
        return tr("%1 must be one of %2, not '%3'")
            .arg(arg.name, arg.choices.join(QStringLiteral(", ")), text);
    case T::Keyword:
        return fits(arg, text) ? QString()
                               : tr("expected '%1', not '%2'").arg(arg.choices[0], text);
    case T::Assignment:
        return fits(arg, text) ? checkSetting(text)
                               : tr("expected key=value, not '%1'").arg(SafeText::echo(text));
    case T::Name:
        if (text.compare(QLatin1String("all"), Qt::CaseInsensitive) == 0)
            return tr("'all' names every client; choose another name");
        if (!fits(arg, text))
            return tr("a name may not contain '='");
        return checkNameLength(text);
    case T::Client:
    case T::ClientOrAll:
        return checkNameLength(text);
    default:
        return {};
    }
}

// One key=value against the settings table: the key known, the value of its type and within
// its limits. (Whether it fits the client's other settings, e.g. a timeout below the TTL, is
// for the client it goes to.)
QString CommandParser::checkSetting(const QString& assignment)
{
    const qsizetype eq = assignment.indexOf(QLatin1Char('='));
    if (eq <= 0)
        return tr("expected key=value, not '%1'").arg(SafeText::echo(assignment));
    const QString key = assignment.left(eq).trimmed().toLower();
    const ClientSettingField* field = ClientSettingField::find(key);
    if (!field)
        return tr("unknown setting '%1' (known: %2)")
            .arg(SafeText::echo(assignment.left(eq)),
                 ClientSettingField::keys().join(QLatin1Char(' ')));
    ClientSettings scratch;
    return field->assign(&scratch, assignment.mid(eq + 1));
}

QString CommandParser::checkNameLength(const QString& name)
{
    if (name.size() <= CommandCatalogue::MaxNameChars)
        return {};
    return tr("a client's name may be at most %1 characters, not %2")
        .arg(CommandCatalogue::MaxNameChars)
        .arg(name.size());
}

// What a line may not hold whatever its verb: a character that would act on a terminal, and
// more text than a line of the language needs. Empty when it has neither.
bool CommandParser::checkText(const QString& line, Error* error)
{
    if (line.size() > CommandCatalogue::MaxLineChars) {
        *error = {tr("a line may be at most %1 characters, not %2")
                      .arg(CommandCatalogue::MaxLineChars)
                      .arg(line.size()),
                  int(CommandCatalogue::MaxLineChars) + 1};
        return false;
    }
    // A tab is white space between words; every other control character is refused.
    qsizetype at = SafeText::firstControl(line);
    while (at >= 0 && line[at] == QLatin1Char('\t')) {
        const qsizetype next = SafeText::firstControl(QStringView(line).sliced(at + 1));
        at = next < 0 ? -1 : at + 1 + next;
    }
    if (at >= 0) {
        *error = {tr("control character %1 in the line (it would act on a terminal; write "
                     "plain text)")
                      .arg(SafeText::printable(line.mid(at, 1))),
                  int(at) + 1};
        return false;
    }
    return true;
}

// Checks that span arguments: a node's latency and its jitter add up in the proxy.
QString CommandParser::checkCombined(const ParsedCommand& parsed)
{
    if (parsed.verb() == QLatin1String("node latency")) {
        const qint64 total =
            parsed.number(QStringLiteral("MS")) + parsed.number(QStringLiteral("JITTER_MS"));
        if (total > CommandCatalogue::MaxProxyDelayMs)
            return tr("MS + JITTER_MS must be at most %1 ms in all (got %2 ms)")
                .arg(CommandCatalogue::MaxProxyDelayMs)
                .arg(total);
    }
    return {};
}

std::optional<ParsedCommand> CommandParser::parse(const QString& line, const Context& context,
                                                  Error* error)
{
    if (!checkText(line, error))
        return std::nullopt;
    const QList<Token> tokens = tokenize(line);
    const auto fail = [error](const QString& message, int column) {
        *error = {message, column};
        return std::nullopt;
    };
    if (tokens.isEmpty())
        return fail(tr("empty command"), 1);
    QStringList words;
    for (const Token& t : tokens)
        words << t.text;
    int verbWords = 0;
    const CommandSpec* spec = CommandCatalogue::instance().find(words, &verbWords);
    if (!spec)
        return fail(tr("unknown command '%1' (help lists them)").arg(words.mid(0, 2).join(' ')), 1);
    ParsedCommand parsed;
    parsed.spec = spec;
    parsed.line = line.trimmed();
    qsizetype pos = verbWords;
    const int endColumn = int(line.size()) + 1;
    for (qsizetype a = 0; a < spec->args.size(); ++a) {
        const ArgSpec& arg = spec->args[a];
        if (arg.type == T::Text) {
            if (pos < tokens.size()) {
                const QString text = line.mid(tokens[pos].column - 1).trimmed();
                if (text.size() > CommandCatalogue::MaxTextChars)
                    return fail(tr("%1 may be at most %2 characters, not %3")
                                    .arg(arg.name)
                                    .arg(CommandCatalogue::MaxTextChars)
                                    .arg(text.size()),
                                tokens[pos].column + int(CommandCatalogue::MaxTextChars));
                parsed.add(arg.name, text);
            } else if (!arg.optional)
                return fail(tr("missing %1 (usage: %2)").arg(arg.name, spec->usage()), endColumn);
            pos = tokens.size();
            continue;
        }
        int taken = 0;
        while (pos < tokens.size() && (taken == 0 || arg.repeated)) {
            const Token& token = tokens[pos];
            // An optional argument that does not fit leaves the word to the next one.
            if (arg.optional && !fits(arg, token.text) && taken == 0)
                break;
            if (arg.repeated && taken > 0 && !fits(arg, token.text))
                break;
            if (const QString why = check(arg, token.text, context); !why.isEmpty())
                return fail(why, token.column);
            parsed.add(arg.name, token.text);
            ++taken;
            ++pos;
        }
        if (taken == 0 && !arg.optional)
            return fail(tr("missing %1 (usage: %2)").arg(arg.name, spec->usage()),
                        pos < tokens.size() ? tokens[pos].column : endColumn);
    }
    if (pos < tokens.size())
        return fail(
            tr("unexpected '%1' (usage: %2)").arg(SafeText::echo(tokens[pos].text), spec->usage()),
            tokens[pos].column);
    if (const QString why = checkCombined(parsed); !why.isEmpty())
        return fail(why, tokens.size() > verbWords + 1 ? tokens[verbWords + 1].column
                                                       : tokens.last().column);
    return parsed;
}
