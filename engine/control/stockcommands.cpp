// SPDX-License-Identifier: GPL-3.0-or-later
#include "control/stockcommands.h"

#include "clients/clientregistry.h"
#include "commands/commanddispatcher.h"
#include "storage/storage.h"

StockCommands::StockCommands(Storage& storage, ClientRegistry& clients)
    : m_storage(storage), m_clients(clients)
{}

void StockCommands::registerOn(CommandDispatcher& dispatcher)
{
    dispatcher.on(QStringLiteral("stock"),
                  [this](const ParsedCommand& c, const AnswerCallback& done) { stock(c, done); });
}

void StockCommands::stock(const ParsedCommand& c, const AnswerCallback& done)
{
    if (!c.has(QStringLiteral("N"))) {
        done(CommandAnswer::done(m_storage.report()));
        return;
    }
    m_storage.setStock(c.number(QStringLiteral("N")), [this, done](const CommandAnswer& a) {
        if (a.ok)
            m_clients.setStorage(m_storage.address());
        done(a);
    });
}
