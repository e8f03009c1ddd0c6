// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/commandparser.h"
#include "scenario/scenario.h"

#include <optional>

// Reads a scenario file's text (UTF-8, `.rls`, at most MaxFileBytes, a regular file):
// `# comments`, blank lines, command lines and directives; `;` also separates lines (so
// --exec "a; b" is a scenario too, its commands numbered 1, 2 as `;` separates them). Every
// line is checked before anything runs: against the catalogue (verbs, arguments, settings),
// and each `expect` and `wait until` against the checker's counters and the events. A
// malformed line is refused as FILE:LINE:COLUMN: why.
class ScenarioParser
{
public:
    // The built-in scenarios are 1 to 3 KB; a megabyte is no scenario.
    static constexpr qint64 MaxFileBytes = 1024 * 1024;

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
    // The text of a file or a built-in scenario, unparsed (nothing, and *error, when the
    // file is not a regular file, is too large, or is not UTF-8).
    static std::optional<QString> read(const QString& pathOrBuiltin, Error* error);

    // Whether every `expect NAME(CLIENT)` names a client the scenario has: one its `client add`
    // lines name, `C<n>` for the n-th client added (also unnamed ones, or `initialClients` the
    // app started), `F<n>` when it exposes ports or starts programs (your own clients). A file
    // that exposes ports or starts programs may also meet clients that name themselves: their
    // names are judged at the end (a name no client had fails there). False, with *error
    // (file:line:column), otherwise: a typo would count nothing.
    static bool checkClients(const Scenario& scenario, int initialClients, Error* error);

    // A `snapshot` line's title: "" when it has none, the text between its quotes otherwise;
    // nothing, and *why, when a title is not one quoted string.
    static std::optional<QString> snapshotTitle(const ParsedCommand& command, QString* why);

private:
    static QString checkDirective(const ParsedCommand& command);
    static bool checkExits(const Scenario& scenario, Error* error);
};
