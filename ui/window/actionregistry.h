// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QKeySequence>
#include <QList>
#include <QString>
#include <functional>
#include <initializer_list>

class QAction;
class QWidget;

// The window's actions, made from one table: each entry an id (the action's objectName, which
// tests, saved window states and the menus use), its words, its shortcuts and what it does.
// The table is made again in the new language when the language changes, so the words are
// the table's; an action that something else makes (a dock's toggle, the scenario bar's
// buttons) stands in the table too, for its id and keys, and keeps its maker's words.
//
// Every action is the host window's (shortcuts work wherever the focus is in it, also with
// the menu bar hidden in full screen). Those that command the engine are marked, so that a
// recorded run can switch them off at once.
class ActionRegistry
{
public:
    struct Entry
    {
        const char* id = "";
        QString text;
        QString tip;
        QList<QKeySequence> keys;
        std::function<void()> run;        // a plain action
        std::function<void(bool)> toggle; // a checkable one, told its new state
        bool commandsEngine = false;      // off while a recorded run is shown
        bool listed = true;               // false: the shortcuts dialog sums it up elsewhere
        QAction* existing = nullptr;      // made elsewhere: only its id and keys come from here
    };

    explicit ActionRegistry(QWidget* host);
    ~ActionRegistry();
    ActionRegistry(const ActionRegistry&) = delete;
    ActionRegistry& operator=(const ActionRegistry&) = delete;

    // The actions of `table`, in its order; the previous ones are deleted (not `existing` ones).
    void build(const QList<Entry>& table);
    QAction* action(const char* id) const; // null when the table has none
    QList<QAction*> actions(std::initializer_list<const char*> ids) const;
    // The listed actions that have a shortcut, in table order: what the shortcuts dialog shows.
    QList<QAction*> shortcutActions() const;
    void setCommandsEnabled(bool enabled);

private:
    QAction* make(const Entry& entry);

    QWidget* m_host;
    QList<QAction*> m_actions; // table order
    QList<QAction*> m_owned;   // made here: deleted by the next build
    QList<QAction*> m_commands;
    QList<QAction*> m_shortcuts;
};
