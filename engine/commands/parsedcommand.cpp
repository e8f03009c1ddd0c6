// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands/parsedcommand.h"

const ParsedCommand::Value* ParsedCommand::find(const QString& arg) const
{
    for (const Value& v : m_values)
        if (v.arg == arg)
            return &v;
    return nullptr;
}

void ParsedCommand::add(const QString& arg, const QString& value)
{
    for (Value& v : m_values) {
        if (v.arg == arg) {
            v.words << value;
            return;
        }
    }
    m_values << Value{arg, {value}};
}

QString ParsedCommand::word(const QString& arg) const
{
    const Value* v = find(arg);
    return v ? v->words.value(0) : QString();
}

QStringList ParsedCommand::words(const QString& arg) const
{
    const Value* v = find(arg);
    return v ? v->words : QStringList();
}

qint64 ParsedCommand::number(const QString& arg, qint64 fallback) const
{
    if (!has(arg))
        return fallback;
    QString text = word(arg);
    if (text.startsWith(QLatin1Char('+')))
        text.remove(0, 1);
    return text.toLongLong(); // checked by the parser
}

int ParsedCommand::node(const QString& arg) const
{
    return word(arg).toInt() - 1;
}

QList<int> ParsedCommand::nodes(const QString& arg) const
{
    QList<int> out;
    for (const QString& n : words(arg))
        out << n.toInt() - 1;
    return out;
}
