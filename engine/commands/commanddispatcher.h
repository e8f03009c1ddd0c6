// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/commandparser.h"
#include "model/commandanswer.h"

#include <QHash>
#include <functional>

// Hands a parsed command to the handler registered for its verb (control/: the client, node,
// stock and expose verbs, and `help`, CommandHelp). The engine's one command path (Engine,
// runCommand) ends here for the toolbar, the console, --exec and scenario files alike.
class CommandDispatcher
{
public:
    using Handler = std::function<void(const ParsedCommand&, const AnswerCallback&)>;
    void on(const QString& verb, Handler handler);
    // Runs a command the parser accepted; `done` is called exactly once (maybe later, for
    // commands that wait for a node's answer).
    void execute(const ParsedCommand& command, const AnswerCallback& done);
    // Verbs of the catalogue nobody handles (a test keeps this empty).
    QStringList unhandled() const;

private:
    QHash<QString, Handler> m_handlers;
};
