#pragma once

#include "commands/commandanswer.h"
#include "commands/commandparser.h"

#include <QHash>
#include <functional>

// The one entry point of the command language: a line is parsed against the catalogue and,
// when it is well formed, handed to the handler registered for its verb. The toolbar, the
// console, --exec and scenario files all come through here.
class CommandDispatcher
{
public:
    using Handler = std::function<void(const ParsedCommand&, const AnswerCallback&)>;
    using ContextProvider = std::function<CommandParser::Context()>;

    explicit CommandDispatcher(ContextProvider context) : m_context(std::move(context)) {}

    void on(const QString& verb, Handler handler);
    // Parses and runs `line`; `done` is called exactly once (maybe later, for commands that
    // wait for a node's answer).
    void execute(const QString& line, const AnswerCallback& done, int lineNumber = 0);
    // Runs a command the parser already accepted (a scenario's line).
    void execute(const ParsedCommand& command, const AnswerCallback& done);
    // Verbs of the catalogue nobody handles (a test keeps this empty).
    QStringList unhandled() const;

private:
    ContextProvider m_context;
    QHash<QString, Handler> m_handlers;
};
