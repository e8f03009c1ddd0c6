// SPDX-License-Identifier: GPL-3.0-or-later
#include "control/clientcommands.h"

#include "base/filebudget.h"
#include "clients/clientregistry.h"
#include "clients/foreignclients.h"
#include "clients/lockclient.h"
#include "commands/commanddispatcher.h"
#include "fleet/fleet.h"
#include "fleet/fleetnode.h"
#include "model/engineconfig.h"

#include <memory>
#include <utility>

namespace {
const QString kNameOrAll = QStringLiteral("NAME|all");
}

ClientCommands::ClientCommands(ClientRegistry& clients, ForeignClients& foreign, Fleet& fleet,
                               const EngineConfig& config)
    : m_clients(clients), m_foreign(foreign), m_fleet(fleet), m_config(config)
{}

void ClientCommands::registerOn(CommandDispatcher& dispatcher)
{
    using Method = void (ClientCommands::*)(const ParsedCommand&, const AnswerCallback&);
    const auto on = [&](const QString& verb, Method method) {
        dispatcher.on(verb, [this, method](const ParsedCommand& c, const AnswerCallback& done) {
            (this->*method)(c, done);
        });
    };
    const auto onVerb = [&](const QString& verb, auto method) {
        dispatcher.on(QStringLiteral("client ") + verb,
                      [this, verb, method](const ParsedCommand& c, const AnswerCallback& done) {
                          if (!forForeign(verb, c, done))
                              (this->*method)(verb, c, done);
                      });
    };
    on(QStringLiteral("client add"), &ClientCommands::add);
    on(QStringLiteral("client remove"), &ClientCommands::remove);
    on(QStringLiteral("client set"), &ClientCommands::set);
    dispatcher.on(QStringLiteral("client partition"),
                  [this](const ParsedCommand& c, const AnswerCallback& done) {
                      if (!forForeign(QStringLiteral("partition"), c, done))
                          partition(c, done);
                  });
    on(QStringLiteral("defaults"), &ClientCommands::setDefaults);
    for (const QString& verb : {QStringLiteral("stop"), QStringLiteral("start")})
        onVerb(verb, &ClientCommands::stopOrStart);
    for (const QString& verb : {QStringLiteral("crash"), QStringLiteral("pause"),
                                QStringLiteral("resume"), QStringLiteral("restart")})
        onVerb(verb, &ClientCommands::fault);
}

void ClientCommands::add(const ParsedCommand& c, const AnswerCallback& done)
{
    if (const QString why = noRoomForAnotherClient(); !why.isEmpty()) {
        done(CommandAnswer::refused(why));
        return;
    }
    LockClient* client = nullptr;
    const CommandAnswer answer = m_clients.add(c.word(QStringLiteral("NAME")),
                                               c.words(QStringLiteral("key=value")), &client);
    if (!client || client->connectionsSettled()) {
        done(answer);
        return;
    }
    // Answered once the client's connections are made (or failed once): the next line of a
    // story then begins at the same point whatever the handshakes cost on this machine.
    auto once = std::make_shared<bool>(false);
    const auto answerOnce = [once, answer, done] {
        if (!std::exchange(*once, true))
            done(answer);
    };
    QObject::connect(client, &LockClient::connectionsReady, client, answerOnce);
    QObject::connect(client, &QObject::destroyed, answerOnce);
}

void ClientCommands::remove(const ParsedCommand& c, const AnswerCallback& done)
{
    done(m_clients.remove(c.word(QStringLiteral("NAME"))));
}

void ClientCommands::setDefaults(const ParsedCommand& c, const AnswerCallback& done)
{
    done(m_clients.setDefaults(c.words(QStringLiteral("key=value"))));
}

void ClientCommands::stopOrStart(const QString& verb, const ParsedCommand& c,
                                 const AnswerCallback& done)
{
    const QList<LockClient*> found = targets(c, done);
    if (found.isEmpty())
        return;
    verb == QLatin1String("stop") ? m_clients.stopAll(found) : m_clients.startAll(found);
    done(CommandAnswer::done(QStringLiteral("%1 %2").arg(verb, c.word(kNameOrAll))));
}

void ClientCommands::set(const ParsedCommand& c, const AnswerCallback& done)
{
    const QList<LockClient*> found = targets(c, done);
    if (!found.isEmpty())
        done(m_clients.set(found, c.words(QStringLiteral("key=value"))));
}

void ClientCommands::fault(const QString& verb, const ParsedCommand& c, const AnswerCallback& done)
{
    const QList<LockClient*> found = targets(c, done);
    if (!found.isEmpty())
        done(m_clients.fault(verb, found, int(c.number(QStringLiteral("MS"))),
                             c.word(QStringLiteral("MOMENT"))));
}

// A foreign client can be paused (every byte of it held in the proxies) and cut off from
// nodes; what it runs is its own: the app cannot crash, stop, start or change it. False when
// `c` names no foreign client.
bool ClientCommands::forForeign(const QString& verb, const ParsedCommand& c,
                                const AnswerCallback& done)
{
    QString name = c.word(kNameOrAll);
    if (name.isEmpty())
        name = c.word(QStringLiteral("NAME"));
    if (m_foreign.idOf(name) < 0)
        return false;
    if (verb == QLatin1String("pause"))
        done(m_foreign.pause(name, int(c.number(QStringLiteral("MS")))));
    else if (verb == QLatin1String("resume"))
        done(m_foreign.resume(name));
    else if (verb == QLatin1String("partition"))
        partition(c, done);
    else
        done(CommandAnswer::refused(
            QStringLiteral("%1 is your own client: the app can pause it and cut it off from "
                           "nodes, not %2 it")
                .arg(name, verb)));
    return true;
}

void ClientCommands::partition(const ParsedCommand& c, const AnswerCallback& done)
{
    const QString name = c.word(QStringLiteral("NAME"));
    if (!m_clients.find(name) && m_foreign.idOf(name) < 0) {
        done(CommandAnswer::refused(QStringLiteral("no client named '%1'").arg(name)));
        return;
    }
    const auto resolve = [this](const QString& client) {
        const int id = m_clients.idOf(client);
        return id >= 0 ? id : m_foreign.idOf(client);
    };
    for (int node : c.nodes())
        m_fleet.node(node)->partition({name}, resolve, [](const CommandAnswer&) {});
    done(CommandAnswer::done(QStringLiteral("%1 cut off from node(s) %2")
                                 .arg(name, c.words(QStringLiteral("N")).join(", "))));
}

QList<LockClient*> ClientCommands::targets(const ParsedCommand& c, const AnswerCallback& done) const
{
    QString error;
    QList<LockClient*> found = m_clients.named(c.word(kNameOrAll), &error);
    if (!error.isEmpty())
        done(CommandAnswer::refused(error));
    else if (found.isEmpty()) // `all` of no client: nothing to do, said (unanswered, it hung)
        done(CommandAnswer::done(QStringLiteral("no client")));
    return found;
}

// The limits --clients has, for clients added later: past the open-file limit a client's
// connections would fail one by one and look like nodes that are down.
QString ClientCommands::noRoomForAnotherClient() const
{
    const int count = int(m_clients.all().size()) + 1;
    if (count > EngineConfig::kMaxClients)
        return QStringLiteral("at most %1 clients").arg(EngineConfig::kMaxClients);
    FileBudget budget(m_config.nodeCount(), m_config.usesLocalFleet());
    budget.setClientsViaProxy(m_config.clientPath == EngineConfig::ClientPath::Proxy);
    return budget.check(count);
}
