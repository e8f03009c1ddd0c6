// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/commandanswer.h"

class ClientRegistry;
class CommandDispatcher;
class Fleet;
class FleetNode;
class ParsedCommand;

// The node verbs of the command language: node kill, pause, resume, restart, shutdown,
// persistence, partition, heal, latency, drop, clock, failover. Each acts on one node of
// the fleet; the node answers when the fault is in force.
class NodeCommands
{
public:
    NodeCommands(Fleet& fleet, ClientRegistry& clients);

    void registerOn(CommandDispatcher& dispatcher);

private:
    void restart(FleetNode* node, const ParsedCommand& c, const AnswerCallback& done);
    void persistence(FleetNode* node, const ParsedCommand& c, const AnswerCallback& done);
    void partition(FleetNode* node, const ParsedCommand& c, const AnswerCallback& done);

    Fleet& m_fleet;
    ClientRegistry& m_clients;
};
