// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/narrationtext.h"

#include "scenario/scenariolibrary.h"

#include <QHash>

namespace {

// Every built-in caption: (line, text in any language) → its texts by language.
using Captions = QHash<QPair<int, QString>, QHash<QString, QString>>;

Captions readBuiltins()
{
    Captions captions;
    for (const QString& name : ScenarioLibrary::names()) {
        const QStringList lines = ScenarioLibrary::text(name).split(QLatin1Char('\n'));
        QHash<QString, QString> current;
        int sayLine = 0;
        const auto close = [&] {
            for (const QString& text : std::as_const(current))
                captions.insert({sayLine, text}, current);
            current.clear();
        };
        for (int i = 0; i < lines.size(); ++i) {
            const QString line = lines[i].trimmed();
            if (line.startsWith(QLatin1String("say "))) {
                close();
                sayLine = i + 1;
                current.insert(QStringLiteral("en"), line.mid(4).trimmed());
            } else if (line.startsWith(QLatin1String("say.")) && !current.isEmpty()) {
                const qsizetype space = line.indexOf(QLatin1Char(' '));
                if (space > 4)
                    current.insert(line.mid(4, space - 4), line.mid(space + 1).trimmed());
            } else if (!line.isEmpty() && !line.startsWith(QLatin1Char('#'))) {
                close();
            }
        }
        close();
    }
    return captions;
}

} // namespace

QString NarrationText::inLanguage(const QString& text, int line, const QString& language)
{
    static const Captions captions = readBuiltins(); // built once, thread-safe (C++11 statics)
    const auto it = captions.constFind({line, text});
    if (it == captions.cend())
        return text;
    return it->value(language, it->value(QStringLiteral("en"), text));
}
