// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario.h"

bool Scenario::isNarration(qsizetype index) const
{
    return lines.value(index).command.verb().startsWith(QLatin1String("say"));
}

// A narration is a `say` line and the translations right after it: "say ...", "say.zh ...",
// "say.ja ...". Only the `say` line is a step; its translations ride along.
QString Scenario::narration(qsizetype index, const QString& language) const
{
    const QString wanted = QStringLiteral("say.") + language;
    QString english = lines.value(index).command.word(QStringLiteral("TEXT"));
    for (qsizetype i = index + 1; i < lines.size(); ++i) {
        const QString verb = lines[i].command.verb();
        if (!verb.startsWith(QLatin1String("say.")))
            break;
        if (verb == wanted)
            return lines[i].command.word(QStringLiteral("TEXT"));
    }
    return english;
}
