// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/commandanswer.h"

class ClientRegistry;
class CommandDispatcher;
class ParsedCommand;
class Storage;

// `stock [N]`: put N items on the storage (and give every client the stock to buy from),
// or alone, report what is there.
class StockCommands
{
public:
    StockCommands(Storage& storage, ClientRegistry& clients);

    void registerOn(CommandDispatcher& dispatcher);

private:
    void stock(const ParsedCommand& c, const AnswerCallback& done);

    Storage& m_storage;
    ClientRegistry& m_clients;
};
