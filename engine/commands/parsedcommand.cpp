#include "commands/parsedcommand.h"

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
