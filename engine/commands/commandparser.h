// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/parsedcommand.h"

#include <optional>

// Checks one line of the command language against the catalogue: the verb, then every
// argument's type and limits (settings against the settings table, a node's latency and
// jitter together against the proxy's cap), the line's length and characters (no control
// character: text goes on to terminals). A refused line says why and where (1-based
// column), and nothing has run. Whether a named client exists is the engine's to say.
class CommandParser
{
public:
    struct Context
    {
        int nodeCount = 5;
    };
    struct Error
    {
        QString message;
        int column = 1;
    };

    static std::optional<ParsedCommand> parse(const QString& line, const Context& context,
                                              Error* error);

private:
    struct Token
    {
        QString text;
        int column = 1;
    };
    static QList<Token> tokenize(const QString& line);
    static bool fits(const ArgSpec& arg, const QString& text);
    static QString check(const ArgSpec& arg, const QString& text, const Context& context);
    static QString checkNumber(const ArgSpec& arg, QString text);
    static QString checkSetting(const QString& assignment);
    static QString checkNameLength(const QString& name);
    static bool checkText(const QString& line, Error* error);
    static QString checkCombined(const ParsedCommand& parsed);
};
