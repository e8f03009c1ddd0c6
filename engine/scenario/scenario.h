// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/parsedcommand.h"

#include <QList>
#include <QString>

// A scenario: command lines and directives (docs/domain.md, "Scenarios"), each checked against
// the catalogue when the file is read, with its line number for messages.
struct Scenario
{
    struct Line
    {
        int number = 0; // 1-based, in its file
        int column = 1; // where it begins in its row, 1-based (for messages)
        QString text;   // as written, trimmed
        ParsedCommand command;
    };

    QString origin; // the file, "builtin:NAME", "--exec" or "console"
    QList<Line> lines;
    std::optional<quint64> seed; // the first `seed N`, applied before anything runs

    // The narration in `language` ("en", "zh", "ja"): for a `say` line, the translation
    // that follows it (say.zh, say.ja), English when there is none.
    QString narration(qsizetype index, const QString& language) const;
    bool isNarration(qsizetype index) const;
};
