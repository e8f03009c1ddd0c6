// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

// The built-in scenarios, compiled in from resources/scenarios/*.rls: the sources' cases
// (docs/sources.md, "Which scenario retells which passage"), each with its narration in English,
// Chinese and Japanese and its expectations.
class ScenarioLibrary
{
public:
    static QStringList names();
    static bool contains(const QString& name);
    static QString text(const QString& name);
    // The file's first comment line: "# Kill 3 of 5: no quorum, no lock" -> the title.
    static QString title(const QString& name);
};
