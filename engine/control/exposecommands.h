// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/commandanswer.h"
#include "model/historyevent.h"
#include "model/tlssettings.h"

#include <QCoreApplication>
#include <QStringList>
#include <functional>
#include <optional>

class CommandDispatcher;
class Fleet;
class ParsedCommand;
class Storage;

// `expose [HOST:]PORT`: ports for real lock clients under test, one per lock node (PORT,
// PORT+1, ...) and one for the storage after them, each through its node's fault proxy, so
// that their commands become history and faults reach them (ForeignClients). Each port is
// said in the history ("node 1 for your clients: 127.0.0.1:7700"). The ports listen on
// exactly the address given (ExposeAddress: a name is resolved, loopback by default), and one
// that is not loopback is said to be reachable from its network without a password. Each port
// speaks plain RESP and TLS alike (a client's first byte says which), the TLS side with a
// certificate of the run's CA (Fleet::exposedIdentity), whose file is said.
class ExposeCommands
{
    Q_DECLARE_TR_FUNCTIONS(ExposeCommands)

public:
    using Record = std::function<void(const HistoryEvent&)>;

    ExposeCommands(Fleet& fleet, Storage& storage, Record record);

    void registerOn(CommandDispatcher& dispatcher);
    void expose(const QString& spec, const AnswerCallback& done);

private:
    static QString tlsLine(const std::optional<TlsSettings>& identity, const QString& why);

    Fleet& m_fleet;
    Storage& m_storage;
    Record m_record;
    QStringList m_said; // the ports, once exposed
};
