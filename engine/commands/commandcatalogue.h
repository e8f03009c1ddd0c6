// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/commandspec.h"
#include "net/nodeproxy.h"

#include <QHash>
#include <QList>

// Every verb of the command language, once: the parser checks lines against it, `help`
// prints it, the console completes from it and the README's command table is checked
// against it (design.md "Console and scenarios").
class CommandCatalogue
{
public:
    static constexpr qint64 MaxMs = 24LL * 3600 * 1000; // no timer is set further than a day
    static constexpr qint64 MaxProxyDelayMs = NodeProxy::kMaxDelayMs; // the proxy's cap

    static const CommandCatalogue& instance();

    const QList<CommandSpec>& commands() const { return m_commands; }
    // The spec whose verb the line starts with (the longest match), or null.
    const CommandSpec* find(const QStringList& words, int* verbWords = nullptr) const;
    const CommandSpec* findVerb(const QString& verb) const;
    // The first words of every verb ("client", "node", ...).
    QStringList heads() const;
    // "help" and "help VERB": the usage lines and summaries.
    QString help(const QString& verb = {}) const;

private:
    CommandCatalogue();
    void addDirectives();
    QList<CommandSpec> m_commands;
    QList<QStringList> m_verbWords;            // each verb split into words once, for find()
    QHash<QString, QList<qsizetype>> m_byHead; // first word -> the verbs it starts
};
