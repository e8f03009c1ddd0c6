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
    // The file's first comment line: "# Kill 3 of 5: no quorum, no lock" -> the title; in
    // `language` ("zh", "ja") its "#.zh ..." or "#.ja ..." line, when it has one.
    static QString title(const QString& name, const QString& language = {});
    // The same for a scenario's text; empty when its first line is not a comment.
    static QString titleIn(const QString& text, const QString& language = {});
};
