// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/sentinelsniffer.h"

namespace {

// Redis never takes more arguments than this in a command worth classifying: the ones we
// look for have at most three, AUTH two. More is not a Sentinel's first command.
constexpr qint64 kMaxArgs = 8;

bool isHex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool sameWord(const QByteArray& arg, const char* word)
{
    return arg.compare(word, Qt::CaseInsensitive) == 0;
}

} // namespace

SentinelSniffer::Verdict SentinelSniffer::classify(QByteArrayView sent)
{
    qsizetype pos = 0;
    while (true) {
        QByteArrayList args;
        switch (parseCommand(sent, &pos, &args)) {
        case Parse::Invalid:
            return Verdict::Other;
        case Parse::Incomplete:
            return sent.size() >= kMaxBytes ? Verdict::Other : Verdict::Undecided;
        case Parse::Complete:
            break;
        }
        if (args.isEmpty()) // "*0": Redis skips it; so do we
            continue;
        if (sameWord(args[0], "AUTH")) // Sentinel's AUTH comes before its name
            continue;
        const bool named = args.size() == 3 && sameWord(args[0], "CLIENT") &&
                           sameWord(args[1], "SETNAME") && isSentinelClientName(args[2]);
        return named ? Verdict::Sentinel : Verdict::Other;
    }
}

bool SentinelSniffer::isSentinelClientName(QByteArrayView name)
{
    static constexpr QByteArrayView prefix("sentinel-");
    constexpr qsizetype idLength = 8;
    if (!name.startsWith(prefix) || name.size() < prefix.size() + idLength)
        return false;
    const QByteArrayView id = name.sliced(prefix.size(), idLength);
    for (const char c : id)
        if (!isHex(c))
            return false;
    const QByteArrayView kind = name.sliced(prefix.size() + idLength);
    return kind == QByteArrayView("-cmd") || kind == QByteArrayView("-pubsub");
}

// As Redis reads a client: '*' starts a multibulk, anything else is an inline command (a line
// of words separated by spaces).
SentinelSniffer::Parse SentinelSniffer::parseCommand(QByteArrayView data, qsizetype* pos,
                                                     QByteArrayList* args)
{
    if (*pos >= data.size())
        return Parse::Incomplete;
    if (data[*pos] == '*')
        return parseMultibulk(data, pos, args);
    QByteArrayView line;
    const Parse parsed = parseLine(data, pos, &line);
    if (parsed == Parse::Complete)
        for (const QByteArray& word : line.toByteArray().split(' '))
            if (!word.isEmpty())
                *args << word;
    return parsed;
}

SentinelSniffer::Parse SentinelSniffer::parseMultibulk(QByteArrayView data, qsizetype* pos,
                                                       QByteArrayList* args)
{
    qsizetype at = *pos + 1; // after '*'
    QByteArrayView line;
    if (const Parse p = parseLine(data, &at, &line); p != Parse::Complete)
        return p;
    qint64 count = 0;
    if (!parseNumber(line, &count) || count > kMaxArgs)
        return Parse::Invalid;
    for (qint64 i = 0; i < count; ++i) {
        if (at >= data.size())
            return Parse::Incomplete;
        if (data[at] != '$')
            return Parse::Invalid;
        ++at;
        if (const Parse p = parseLine(data, &at, &line); p != Parse::Complete)
            return p;
        qint64 length = 0;
        if (!parseNumber(line, &length) || length < 0)
            return Parse::Invalid;
        if (length > kMaxBytes)
            return Parse::Invalid; // no command we look for carries that much
        if (data.size() - at < length + 2)
            return Parse::Incomplete;
        if (data[at + length] != '\r' || data[at + length + 1] != '\n')
            return Parse::Invalid;
        *args << data.sliced(at, length).toByteArray();
        at += length + 2;
    }
    *pos = at;
    return Parse::Complete;
}

// A line up to "\n" (a "\r" before it dropped), *pos moved past it.
SentinelSniffer::Parse SentinelSniffer::parseLine(QByteArrayView data, qsizetype* pos,
                                                  QByteArrayView* line)
{
    const qsizetype newline = data.indexOf('\n', *pos);
    if (newline < 0)
        return Parse::Incomplete;
    *line = data.sliced(*pos, newline - *pos);
    if (line->endsWith('\r'))
        line->chop(1);
    *pos = newline + 1;
    return Parse::Complete;
}

bool SentinelSniffer::parseNumber(QByteArrayView text, qint64* value)
{
    if (text.isEmpty() || text.size() > 18)
        return false;
    bool ok = false;
    *value = text.toLongLong(&ok);
    return ok;
}
