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

QString ScenarioLibrary::title(const QString& name)
{
    const QString first = text(name).section(QLatin1Char('\n'), 0, 0);
    return first.startsWith(QLatin1Char('#')) ? first.mid(1).trimmed() : name;
}
