// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "window/actionregistry.h"

#include <QObject>

class AppSettings;
class MainWindow;
class QMenu;
class QToolBar;
class RecentMenu;
class ScenarioBar;
class WindowDocks;

// The window's menus, main toolbar and keys, all from one table of actions (ActionRegistry):
// what each is called, its shortcuts, and which of the window's operations it runs. Made again
// in the new language when the language changes; what the actions show (ticks, what a recorded
// run allows, the nodes there are) follows the window through sync().
class WindowActions : public QObject
{
    Q_OBJECT

public:
    WindowActions(MainWindow* window, WindowDocks* docks, ScenarioBar* scenarioBar);

    // chosenLanguage: the language in force as chosen ("" for the system's), ticked in its menu.
    void build(const QString& chosenLanguage);
    void sync();
    // File → Recent: settings may be null; runs are listed only when they can be opened.
    void fillRecent(const AppSettings* settings, bool listRuns);
    QAction* action(const char* id) const { return m_registry.action(id); }
    QList<QAction*> shortcutActions() const { return m_registry.shortcutActions(); }

signals:
    void commandTriggered(const QString& line);
    void runChosen(const QString& path);
    // Emitted from inside a menu that the language change makes again: act on it later.
    void languageChosen(const QString& code);

private:
    QList<ActionRegistry::Entry> table();
    QList<ActionRegistry::Entry> clientEntries();
    QList<ActionRegistry::Entry> viewEntries();
    QList<ActionRegistry::Entry> nodeEntries();
    QList<ActionRegistry::Entry> fileEntries();
    void buildMenus(const QString& chosenLanguage);
    QMenu* addMenu(const QString& title,
                   std::initializer_list<std::initializer_list<const char*>> groups);
    void addBuiltinScenarios(QMenu* file);
    void buildToolBar();

    MainWindow* m_window;
    WindowDocks* m_docks;
    ScenarioBar* m_scenarioBar;
    ActionRegistry m_registry;
    QToolBar* m_toolBar = nullptr;
    QAction* m_spacer = nullptr; // the toolbar's stretch before the shortcuts button
    RecentMenu* m_recent = nullptr;
};
