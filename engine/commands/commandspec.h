// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// One argument of a command: its name in the usage line, its type and its limits. The
// parser checks every value against these before anything runs, so no negative, NaN or
// overflowing number can reach a timer.
struct ArgSpec
{
    enum class Type
    {
        Node,        // a node number, 1..N
        Client,      // a client's name
        ClientOrAll, // a client's name or "all"
        Name,        // a new name (no '=')
        Number,      // a whole number within [min, max]
        ClockDelta,  // "+MS" or "MS", within [min, max]
        Choice,      // one of `choices`
        Keyword,     // the literal `choices[0]`; optional ones are taken only when present
        Assignment,  // key=value (checked by the settings table)
        Text,        // the rest of the line, as written
        Word,        // one word, any
    };

    QString name;
    Type type = Type::Word;
    qint64 min = 0;
    qint64 max = 0;
    QStringList choices;
    bool optional = false;
    bool repeated = false; // takes every further word of its type
    QString unit;          // "ms", "%": for the usage line and messages

    QString usage() const;
};

// One verb of the command language: "node pause N [MS]".
struct CommandSpec
{
    QString verb; // one or two words: "stock", "node pause"
    QList<ArgSpec> args;
    QString summary;           // one line, for help and completion
    bool scenarioOnly = false; // say, sleep, wait, expect, seed: scenario directives

    QString usage() const;
};
