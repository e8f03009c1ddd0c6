// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/languages.h"

#include <QFontInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>
#include <memory>

namespace {

struct Installed
{
    QString code = QStringLiteral("en");
    std::unique_ptr<QTranslator> app;
    std::unique_ptr<QTranslator> qt; // Qt's own words: OK, Cancel, the file dialogs
};

Installed& installed()
{
    static Installed state;
    return state;
}

} // namespace

QList<Languages::Language> Languages::available()
{
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
            {QStringLiteral("ja"), QStringLiteral("日本語")}};
}

bool Languages::isKnown(const QString& choice)
{
    if (choice.isEmpty() || choice == QLatin1String("system"))
        return true;
    for (const Language& l : available())
        if (l.code == choice)
            return true;
    return false;
}

QString Languages::resolve(const QString& choice)
{
    if (!choice.isEmpty() && choice != QLatin1String("system"))
        return isKnown(choice) ? choice : QStringLiteral("en");
    // Chinese in any script or region reads the Simplified translation better than English.
    for (const QString& ui : QLocale::system().uiLanguages()) {
        const QString name = QLocale(ui).name();
        if (name.startsWith(QLatin1String("zh")))
            return QStringLiteral("zh_CN");
        if (name.startsWith(QLatin1String("ja")))
            return QStringLiteral("ja");
        if (name.startsWith(QLatin1String("en")))
            return QStringLiteral("en");
    }
    return QStringLiteral("en");
}

QString Languages::install(const QString& choice)
{
    QString code = resolve(choice);
    Installed& state = installed();
    if (state.app)
        QCoreApplication::removeTranslator(state.app.get());
    if (state.qt)
        QCoreApplication::removeTranslator(state.qt.get());
    state.app.reset();
    state.qt.reset();
    state.code = code;
    if (code != QLatin1String("en")) {
        auto app = std::make_unique<QTranslator>();
        if (app->load(QStringLiteral(":/i18n/redlockscope_%1.qm").arg(code))) {
            QCoreApplication::installTranslator(app.get());
            state.app = std::move(app);
        }
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(QStringLiteral("qtbase_%1").arg(code),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt.get());
            state.qt = std::move(qt);
        }
    }
    // Removing or installing a translator sends every widget a LanguageChange event.
    // The default locale decides number formats and QLocale().name() for everything else.
    QLocale::setDefault(QLocale(code));
    return code;
}

QString Languages::cjkFamily(const QString& code)
{
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("Noto Sans CJK SC");
    if (code == QLatin1String("ja"))
        return QStringLiteral("Noto Sans CJK JP");
    return {};
}

QFont Languages::face(const QFont& font, const QString& code)
{
    QStringList families = font.families();
    if (families.isEmpty())
        families << font.family();
    QStringList cjk;
    for (const Language& l : available())
        if (const QString family = cjkFamily(l.code); !family.isEmpty())
            cjk << family;
    for (const QString& other : std::as_const(cjk)) // another language's face goes
        families.removeAll(other);
    if (families.isEmpty())
        families << QFont().family();
    // The Latin face by its real name first: behind a generic name ("Sans Serif", which
    // fontconfig resolves only when no listed family exists) the CJK face named next took
    // every glyph, Latin ones too, and its taller lines (17 px for DejaVu's 14) grew the
    // window past 720 lines.
    QFont latin = font;
    latin.setFamilies(families);
    if (const QString resolved = QFontInfo(latin).family();
        !cjk.contains(resolved) && families.constFirst() != resolved)
        families.prepend(resolved);
    if (const QString own = cjkFamily(code); !own.isEmpty())
        families.insert(1, own);
    QFont result = font;
    result.setFamilies(families);
    // Qt 6.4 caches a font's fallback faces under its first family and its hints, not under
    // the families after it: after a Chinese window a Japanese one got the Chinese face for its
    // Han characters (and the reverse). Each language asks with a hint of its own; the hint
    // only steers fontconfig where none of the named faces has a glyph.
    result.setStyleHint(code == QLatin1String("zh_CN") ? QFont::SansSerif
                        : code == QLatin1String("ja")  ? QFont::System
                                                       : QFont::AnyStyle);
    return result;
}

QString Languages::current()
{
    return installed().code;
}

QString Languages::engineLanguage(const QString& code)
{
    return code.left(2);
}
