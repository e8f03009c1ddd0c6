// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMenu>

class QActionGroup;

// View → Language: the system's language or one of those the app speaks, each named in
// itself so that anyone finds theirs; the choice in force is ticked.
class LanguageMenu : public QMenu
{
    Q_OBJECT

public:
    // chosen: the code in force, "" for the system's.
    LanguageMenu(const QString& chosen, QWidget* parent = nullptr);

signals:
    // Emitted from inside this menu: a receiver that rebuilds the menus must do so later.
    void languageChosen(const QString& code);

private:
    void addLanguage(const QString& code, const QString& text, const QString& chosen);

    QActionGroup* m_group;
};
