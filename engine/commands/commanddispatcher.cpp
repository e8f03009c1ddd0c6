// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands/commanddispatcher.h"

#include "commands/commandcatalogue.h"

void CommandDispatcher::on(const QString& verb, Handler handler)
{
    Q_ASSERT(CommandCatalogue::instance().findVerb(verb));
    m_handlers.insert(verb, std::move(handler));
}

void CommandDispatcher::execute(const ParsedCommand& command, const AnswerCallback& done)
{
    const auto it = m_handlers.constFind(command.verb());
    if (it == m_handlers.cend()) {
        done(CommandAnswer::refused(
            QStringLiteral("'%1' belongs in a scenario or the console").arg(command.verb())));
        return;
    }
    (*it)(command, done);
}

QStringList CommandDispatcher::unhandled() const
{
    QStringList missing;
    for (const CommandSpec& spec : CommandCatalogue::instance().commands())
        if (!spec.scenarioOnly && !m_handlers.contains(spec.verb))
            missing << spec.verb;
    return missing;
}
