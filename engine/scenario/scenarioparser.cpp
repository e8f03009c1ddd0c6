// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenarioparser.h"

#include "scenario/scenariolibrary.h"

#include <QFile>
#include <QStringDecoder>

std::optional<Scenario> ScenarioParser::parse(const QString& text, const QString& origin,
                                              const CommandParser::Context& context, Error* error)
{
    Scenario scenario;
    scenario.origin = origin;
    const QStringList rows = text.split(QLatin1Char('\n'));
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const QString row = rows[r];
        // `;` separates lines, except in narration and comments (they keep their punctuation).
        const QString head = row.trimmed();
        const bool whole =
            head.startsWith(QLatin1String("say")) || head.startsWith(QLatin1Char('#'));
        const QStringList parts = whole ? QStringList{row} : row.split(QLatin1Char(';'));
        int offset = 0;
        for (const QString& part : parts) {
            const QString trimmed = part.trimmed();
            int lead = 0; // where the line starts in its row, for the column of an error
            while (lead < part.size() && part[lead].isSpace())
                ++lead;
            if (!trimmed.isEmpty() && !trimmed.startsWith(QLatin1Char('#'))) {
                CommandParser::Error why;
                auto command = CommandParser::parse(trimmed, context, &why);
                if (!command) {
                    const int column = offset + lead + why.column;
                    *error = {QStringLiteral("%1:%2:%3: %4")
                                  .arg(origin)
                                  .arg(r + 1)
                                  .arg(column)
                                  .arg(why.message),
                              int(r + 1), column};
                    return std::nullopt;
                }
                command->lineNumber = int(r + 1);
                if (command->verb() == QLatin1String("seed") && !scenario.seed)
                    scenario.seed = quint64(command->number(QStringLiteral("N")));
                scenario.lines << Scenario::Line{int(r + 1), trimmed, *command};
            }
            offset += int(part.size()) + 1;
        }
    }
    return scenario;
}

std::optional<Scenario> ScenarioParser::load(const QString& pathOrBuiltin,
                                             const CommandParser::Context& context, Error* error)
{
    QString text;
    if (pathOrBuiltin.startsWith(QLatin1String("builtin:"))) {
        const QString name = pathOrBuiltin.mid(8);
        if (!ScenarioLibrary::contains(name)) {
            *error = {QStringLiteral("no built-in scenario '%1' (--list-scenarios lists them)")
                          .arg(name)};
            return std::nullopt;
        }
        text = ScenarioLibrary::text(name);
    } else {
        QFile file(pathOrBuiltin);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = {QStringLiteral("cannot read %1: %2").arg(pathOrBuiltin, file.errorString())};
            return std::nullopt;
        }
        QStringDecoder utf8(QStringDecoder::Utf8);
        text = utf8(file.readAll());
        if (utf8.hasError()) {
            *error = {QStringLiteral("%1: not UTF-8 text").arg(pathOrBuiltin)};
            return std::nullopt;
        }
    }
    return parse(text, pathOrBuiltin, context, error);
}
