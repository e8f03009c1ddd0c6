// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/commandanswer.h"

class ClientRegistry;
class ForeignClients;
class CommandDispatcher;
struct EngineConfig;
class Fleet;
class LockClient;
class ParsedCommand;

// The client verbs of the command language: client add, remove, stop, start, set, crash,
// pause, resume, restart, partition, and defaults. Each finds its targets and hands the
// work to the registry (or, for a partition, to the nodes' proxies).
class ClientCommands
{
public:
    ClientCommands(ClientRegistry& clients, ForeignClients& foreign, Fleet& fleet,
                   const EngineConfig& config);

    void registerOn(CommandDispatcher& dispatcher);

private:
    void add(const ParsedCommand& c, const AnswerCallback& done);
    void remove(const ParsedCommand& c, const AnswerCallback& done);
    void setDefaults(const ParsedCommand& c, const AnswerCallback& done);
    void stopOrStart(const QString& verb, const ParsedCommand& c, const AnswerCallback& done);
    void set(const ParsedCommand& c, const AnswerCallback& done);
    void fault(const QString& verb, const ParsedCommand& c, const AnswerCallback& done);
    void partition(const ParsedCommand& c, const AnswerCallback& done);
    // NAME|all as clients; empty, with `done` refused, when there is none.
    QList<LockClient*> targets(const ParsedCommand& c, const AnswerCallback& done) const;
    QString noRoomForAnotherClient() const;

    // A foreign client (a real lock client under test): what can be done to it, or refused.
    bool forForeign(const QString& verb, const ParsedCommand& c, const AnswerCallback& done);

    ClientRegistry& m_clients;
    ForeignClients& m_foreign;
    Fleet& m_fleet;
    const EngineConfig& m_config;
};
