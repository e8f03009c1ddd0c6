// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/languagemenu.h"

#include "settings/languages.h"

#include <QActionGroup>

LanguageMenu::LanguageMenu(const QString& chosen, QWidget* parent)
    : QMenu(tr("&Language"), parent), m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("languageMenu"));
    addLanguage(QString(), tr("As the system (%1)").arg(Languages::resolve(QString())), chosen);
    addSeparator();
    for (const Languages::Language& l : Languages::available())
        addLanguage(l.code, l.nativeName, chosen);
}

void LanguageMenu::addLanguage(const QString& code, const QString& text, const QString& chosen)
{
    QAction* a = addAction(text);
    a->setObjectName(
        QStringLiteral("language_%1").arg(code.isEmpty() ? QStringLiteral("system") : code));
    a->setCheckable(true);
    a->setActionGroup(m_group);
    a->setChecked(code.isEmpty() ? chosen.isEmpty() : chosen == code);
    connect(a, &QAction::triggered, this, [this, code] { emit languageChosen(code); });
}
