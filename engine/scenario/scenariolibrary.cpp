// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenariolibrary.h"

#include <QDir>
#include <QFile>

namespace {
const QString Folder = QStringLiteral(":/scenarios");
} // namespace

QStringList ScenarioLibrary::names()
{
    QStringList names;
    for (const QString& file :
         QDir(Folder).entryList({QStringLiteral("*.rls")}, QDir::Files, QDir::Name))
        names << file.chopped(4);
    return names;
}

bool ScenarioLibrary::contains(const QString& name)
{
    return QFile::exists(QStringLiteral("%1/%2.rls").arg(Folder, name));
}

QString ScenarioLibrary::text(const QString& name)
{
    QFile file(QStringLiteral("%1/%2.rls").arg(Folder, name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QString ScenarioLibrary::title(const QString& name, const QString& language)
{
    const QString title = titleIn(text(name), language);
    return title.isEmpty() ? name : title;
}

// As a narration's translations follow its `say` line ("say.zh ..."), a title's follow the
// first line, as comments to the parser: "#.zh ...", "#.ja ...".
QString ScenarioLibrary::titleIn(const QString& text, const QString& language)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    const QString first = lines.first().trimmed();
    if (!first.startsWith(QLatin1Char('#')) || first.startsWith(QLatin1String("#.")))
        return {};
    if (!language.isEmpty()) {
        const QString wanted = QStringLiteral("#.%1 ").arg(language);
        for (qsizetype i = 1; i < lines.size() && lines[i].startsWith(QLatin1String("#.")); ++i)
            if (lines[i].startsWith(wanted))
                return lines[i].mid(wanted.size()).trimmed();
    }
    return first.mid(1).trimmed();
}
