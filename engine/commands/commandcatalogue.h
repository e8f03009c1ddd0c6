// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/constants.h"
#include "commands/commandspec.h"

#include <QHash>
#include <QList>

// Every verb of the command language, once: the parser checks lines against it, `help`
// prints it, the console completes from it, and docs/commands.md's tables of verbs and
// directives are checked against it (tests/unit/tst_commanddocs.cpp).
class CommandCatalogue
{
public:
    static constexpr qint64 MaxMs = 24LL * 3600 * 1000; // no timer is set further than a day
    static constexpr qint64 MaxProxyDelayMs = Constants::MaxNetworkDelayMs; // the proxy's cap
    // Text enters here (scenario files, --exec, the console) and goes to captions, the
    // history, the run file, the terminal and every export: it is capped where it enters.
    static constexpr qsizetype MaxLineChars = 2000; // one line of the language
    static constexpr qsizetype MaxTextChars = 1000; // a narration (`say TEXT`)
    static constexpr qsizetype MaxNameChars = 32;   // a client's name

    static const CommandCatalogue& instance();

    const QList<CommandSpec>& commands() const { return m_commands; }
    // The spec whose verb the line starts with (the longest match), or null.
    const CommandSpec* find(const QStringList& words, int* verbWords = nullptr) const;
    const CommandSpec* findVerb(const QString& verb) const;
    // The first words of every verb ("client", "node", ...).
    QStringList heads() const;
    // "help" and "help VERB": the usage lines and summaries; "help VERB" also the values its
    // arguments take from the tables below the commands (the settings, the counters). The
    // console's `help` adds the event names of `wait until` (CommandHelp, engine/control).
    QString help(const QString& verb = {}) const;

private:
    CommandCatalogue();
    void addDirectives();
    static QStringList countersHelp();
    static QStringList settingsHelp();
    QList<CommandSpec> m_commands;
    QList<QStringList> m_verbWords;            // each verb split into words once, for find()
    QHash<QString, QList<qsizetype>> m_byHead; // first word -> the verbs it starts
};
