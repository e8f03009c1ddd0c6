// SPDX-License-Identifier: GPL-3.0-or-later
#include "control/nodecommands.h"

#include "base/enumnames.h"
#include "clients/clientregistry.h"
#include "commands/commanddispatcher.h"
#include "fleet/fleet.h"
#include "fleet/fleetnode.h"

#include <functional>

namespace {
const QString kMs = QStringLiteral("MS");
}

NodeCommands::NodeCommands(Fleet& fleet, ClientRegistry& clients)
    : m_fleet(fleet), m_clients(clients)
{}

void NodeCommands::registerOn(CommandDispatcher& dispatcher)
{
    using Handler = std::function<void(FleetNode*, const ParsedCommand&, const AnswerCallback&)>;
    const auto on = [&](const QString& verb, Handler handler) {
        dispatcher.on(QStringLiteral("node ") + verb,
                      [this, handler](const ParsedCommand& c, const AnswerCallback& done) {
                          handler(m_fleet.node(c.node()), c, done);
                      });
    };
    using Parsed = ParsedCommand;
    using Done = AnswerCallback;
    on(QStringLiteral("kill"),
       [](FleetNode* n, const Parsed&, const Done& done) { n->kill(done); });
    on(QStringLiteral("pause"),
       [](FleetNode* n, const Parsed& c, const Done& done) { n->pause(int(c.number(kMs)), done); });
    on(QStringLiteral("resume"),
       [](FleetNode* n, const Parsed&, const Done& done) { n->resume(done); });
    on(QStringLiteral("restart"),
       [this](FleetNode* n, const Parsed& c, const Done& done) { restart(n, c, done); });
    on(QStringLiteral("shutdown"),
       [](FleetNode* n, const Parsed&, const Done& done) { n->shutdown(done); });
    on(QStringLiteral("persistence"),
       [this](FleetNode* n, const Parsed& c, const Done& done) { persistence(n, c, done); });
    on(QStringLiteral("partition"),
       [this](FleetNode* n, const Parsed& c, const Done& done) { partition(n, c, done); });
    on(QStringLiteral("heal"),
       [](FleetNode* n, const Parsed&, const Done& done) { n->heal(done); });
    on(QStringLiteral("latency"), [](FleetNode* n, const Parsed& c, const Done& done) {
        n->setLatency(int(c.number(kMs)), int(c.number(QStringLiteral("JITTER_MS"))), done);
    });
    on(QStringLiteral("drop"), [](FleetNode* n, const Parsed& c, const Done& done) {
        n->setDrop(int(c.number(QStringLiteral("PERCENT"))), done);
    });
    on(QStringLiteral("clock"), [](FleetNode* n, const Parsed& c, const Done& done) {
        n->jumpClock(c.number(QStringLiteral("+MS")), done);
    });
    on(QStringLiteral("failover"), [this](FleetNode* n, const Parsed&, const Done& done) {
        m_fleet.failover(n->index(), done);
    });
}

void NodeCommands::restart(FleetNode* node, const ParsedCommand& c, const AnswerCallback& done)
{
    const bool delayed = c.has(QStringLiteral("delayed"));
    if (!delayed && c.has(kMs)) {
        done(CommandAnswer::refused(
            QStringLiteral("MS goes after 'delayed': node restart N delayed [MS]")));
        return;
    }
    node->restart(delayed ? int(c.number(kMs, node->defaultRestartDelayMs())) : 0, done);
}

void NodeCommands::persistence(FleetNode* node, const ParsedCommand& c, const AnswerCallback& done)
{
    const auto mode =
        EnumNames::parse<FleetNode::Persistence>(c.word(QStringLiteral("MODE")).toLower());
    node->setPersistence(*mode, done); // the parser checked the choice
}

void NodeCommands::partition(FleetNode* node, const ParsedCommand& c, const AnswerCallback& done)
{
    // "replica" is the replication link through node 1's proxy, cut like a client.
    const auto resolve = [this](const QString& name) {
        if (m_fleet.isReplicated() && name == QLatin1String(Fleet::ReplicationLinkName))
            return Fleet::ReplicationLinkId;
        return m_clients.idOf(name);
    };
    node->partition(c.words(QStringLiteral("CLIENT")), resolve, done);
}
