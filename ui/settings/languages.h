// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QString>

// The languages the window speaks (English, Simplified Chinese, Japanese), their Qt Linguist
// translations compiled into the program (:/i18n/redlockscope_CODE.qm), and the one in use.
//
// install() swaps the application's translators; Qt then sends every widget a LanguageChange
// event, and the window retranslates itself live (and sets its type in the language's face).
// Scenario narration is not a Linguist string: the engine picks `say.zh` / `say.ja` by
// engineLanguage().
class Languages
{
    Q_DECLARE_TR_FUNCTIONS(Languages)

public:
    struct Language
    {
        QString code;       // "en", "zh_CN", "ja"
        QString nativeName; // in its own language, so anyone finds theirs
    };

    static QList<Language> available();
    // A user's choice ("" or "system" follows the system) as one of available()'s codes.
    static QString resolve(const QString& choice);
    // Whether `choice` is "", "system" or an available code (for the command line).
    static bool isKnown(const QString& choice);
    // Installs the translators for `code` (resolved first); returns the code in use.
    static QString install(const QString& choice);
    static QString current();
    // The narration language of the engine for a code: "en", "zh", "ja".
    static QString engineLanguage(const QString& code);
    // The face each language is set in, beside the Latin one: Noto Sans CJK SC for zh_CN
    // (Simplified Chinese forms), Noto Sans CJK JP for ja; none for en. Left to the system's
    // fallback, Han characters took the Japanese forms in Chinese text.
    static QString cjkFamily(const QString& code);
    // `font` with the language's face after its own family (Latin from the first, Han and
    // kana from the second).
    static QFont face(const QFont& font, const QString& code = current());
};
