// SPDX-License-Identifier: GPL-3.0-or-later
#include "control/commandhelp.h"

#include "commands/commandcatalogue.h"
#include "commands/commanddispatcher.h"
#include "scenario/eventpattern.h"

#include <QCoreApplication>

namespace {

constexpr qsizetype Width = 80; // a console line, and a terminal's

// The event names, wrapped to the console's width.
QStringList eventsHelp()
{
    QStringList lines{QStringLiteral("  ") +
                      QCoreApplication::translate("CommandCatalogue",
                                                  "EVENT, one of (EVENT(CLIENT): one client's):")};
    QString line = QStringLiteral("   ");
    for (const QString& name : EventPattern::names()) {
        if (line.size() + 1 + name.size() > Width) {
            lines << line;
            line = QStringLiteral("   ");
        }
        line += QLatin1Char(' ') + name;
    }
    lines << line;
    return lines;
}

} // namespace

QString CommandHelp::text(const QString& verb)
{
    QString text = CommandCatalogue::instance().help(verb);
    const QString waitUntil = QStringLiteral("wait until");
    if (!verb.isEmpty() && waitUntil.startsWith(verb.simplified(), Qt::CaseInsensitive))
        text += QLatin1Char('\n') + eventsHelp().join(QLatin1Char('\n'));
    return text;
}

void CommandHelp::registerOn(CommandDispatcher& dispatcher)
{
    dispatcher.on(QStringLiteral("help"), [](const ParsedCommand& c, const AnswerCallback& done) {
        done(CommandAnswer::done(text(c.word(QStringLiteral("VERB")))));
    });
}
