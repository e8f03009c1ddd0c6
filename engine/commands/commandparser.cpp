// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands/commandparser.h"

#include "commands/commandcatalogue.h"

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
        return fits(arg, text) ? QString() : tr("expected key=value, not '%1'").arg(text);
    case T::Name:
        if (text.compare(QLatin1String("all"), Qt::CaseInsensitive) == 0)
            return tr("'all' names every client; choose another name");
        return fits(arg, text) ? QString() : tr("a name may not contain '='");
    default:
        return {};
    }
}

std::optional<ParsedCommand> CommandParser::parse(const QString& line, const Context& context,
                                                  Error* error)
{
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
            if (pos < tokens.size())
                parsed.add(arg.name, line.mid(tokens[pos].column - 1).trimmed());
            else if (!arg.optional)
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
        return fail(tr("unexpected '%1' (usage: %2)").arg(tokens[pos].text, spec->usage()),
                    tokens[pos].column);
    return parsed;
}
