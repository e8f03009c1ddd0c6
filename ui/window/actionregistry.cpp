// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/actionregistry.h"

#include <QAction>
#include <QWidget>

ActionRegistry::ActionRegistry(QWidget* host) : m_host(host) {}

ActionRegistry::~ActionRegistry() = default; // the actions are the host's children

void ActionRegistry::build(const QList<Entry>& table)
{
    qDeleteAll(std::exchange(m_owned, {}));
    m_actions.clear();
    m_commands.clear();
    m_shortcuts.clear();
    for (const Entry& entry : table) {
        QAction* action = make(entry);
        m_actions.append(action);
        if (entry.commandsEngine)
            m_commands.append(action);
        if (entry.listed && !entry.keys.isEmpty())
            m_shortcuts.append(action);
    }
}

QAction* ActionRegistry::make(const Entry& entry)
{
    QAction* action = entry.existing;
    if (!action) {
        action = new QAction(entry.text, m_host);
        action->setToolTip(entry.tip);
        action->setStatusTip(entry.tip);
        action->setCheckable(bool(entry.toggle));
        if (entry.toggle)
            QObject::connect(action, &QAction::triggered, m_host, entry.toggle);
        else if (entry.run)
            QObject::connect(action, &QAction::triggered, m_host, entry.run);
        m_owned.append(action);
    }
    action->setObjectName(QLatin1String(entry.id));
    action->setShortcuts(entry.keys);
    action->setShortcutContext(Qt::WindowShortcut);
    m_host->addAction(action); // once only, however often the table is built
    return action;
}

QAction* ActionRegistry::action(const char* id) const
{
    const QLatin1String name(id);
    for (QAction* action : m_actions)
        if (action->objectName() == name)
            return action;
    return nullptr;
}

QList<QAction*> ActionRegistry::actions(std::initializer_list<const char*> ids) const
{
    QList<QAction*> out;
    for (const char* id : ids)
        if (QAction* a = action(id))
            out.append(a);
    return out;
}

QList<QAction*> ActionRegistry::shortcutActions() const
{
    return m_shortcuts;
}

void ActionRegistry::setCommandsEnabled(bool enabled)
{
    for (QAction* action : std::as_const(m_commands))
        action->setEnabled(enabled);
}
