// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/commandparser.h"
#include "scenario/scenario.h"

#include <optional>

// Reads a scenario file's text (UTF-8, `.rls`): `# comments`, blank lines, command lines and
// directives; `;` also separates lines (so --exec "a; b" is a scenario too). Every line is
// checked against the catalogue before anything runs: a malformed one is refused as
// FILE:LINE:COLUMN: why.
class ScenarioParser
{
public:
    struct Error
    {
        QString message; // "demo.rls:12:18: MS must be a whole number of ms, not 'abc'"
        int line = 0;
        int column = 0;
    };

    static std::optional<Scenario> parse(const QString& text, const QString& origin,
                                         const CommandParser::Context& context, Error* error);
    // Reads and parses a file, or a built-in scenario ("builtin:NAME").
    static std::optional<Scenario> load(const QString& pathOrBuiltin,
                                        const CommandParser::Context& context, Error* error);
};
