// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class CommandDispatcher;

// `help` and `help VERB` as the console and scenarios answer them: the catalogue's usage lines
// and the values each argument takes (CommandCatalogue::help), and for `wait until` the event
// names, from EventPattern's table (the scenario layer's, which the catalogue sits below).
class CommandHelp
{
public:
    static QString text(const QString& verb);
    static void registerOn(CommandDispatcher& dispatcher);
};
