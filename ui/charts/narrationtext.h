// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// A recorded caption in the language a picture is drawn in. A run keeps each `say` as it was
// shown (in the language of the window that played it) with its scenario line; the built-in
// scenarios carry each caption in three languages (`say`, `say.zh`, `say.ja`), so a caption of
// theirs is found by its line and any of its texts, and told in the language asked for. A
// caption no built-in has (a scenario file of one's own: the run does not say which) stays as
// it was recorded.
class NarrationText
{
public:
    // `language`: the engine's code ("en", "zh", "ja").
    static QString inLanguage(const QString& text, int line, const QString& language);
};
