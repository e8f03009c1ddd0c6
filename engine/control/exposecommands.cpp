// SPDX-License-Identifier: GPL-3.0-or-later
#include "control/exposecommands.h"

#include "commands/commanddispatcher.h"
#include "fleet/fleet.h"
#include "net/exposeaddress.h"
#include "storage/storage.h"

ExposeCommands::ExposeCommands(Fleet& fleet, Storage& storage, Record record)
    : m_fleet(fleet), m_storage(storage), m_record(std::move(record))
{}

void ExposeCommands::registerOn(CommandDispatcher& dispatcher)
{
    dispatcher.on(QStringLiteral("expose"),
                  [this](const ParsedCommand& c, const AnswerCallback& done) {
                      expose(c.word(QStringLiteral("[HOST:]PORT")), done);
                  });
}

// What a client that insists on TLS needs to know: the CA to trust, and the names the
// certificate holds; or why the ports speak plain only.
QString ExposeCommands::tlsLine(const std::optional<TlsSettings>& identity, const QString& why)
{
    if (!identity)
        return tr("these ports speak plain RESP only (no TLS: %1)").arg(why);
    return tr("these ports speak plain RESP and TLS alike; a TLS client trusts the run's CA %1 "
              "(the certificate names 127.0.0.1 and localhost)")
        .arg(identity->caFile);
}

void ExposeCommands::expose(const QString& spec, const AnswerCallback& done)
{
    // A port per node, the storage's, and the Sentinels' (if any).
    const int count = m_fleet.size() + 1 + m_fleet.sentinelCount();
    QString error;
    const std::optional<ExposeAddress> where = ExposeAddress::parse(spec, count, &error);
    if (!where) {
        done(CommandAnswer::refused(error));
        return;
    }
    if (!m_said.isEmpty()) {
        done(CommandAnswer::refused(
            tr("the nodes are exposed already (one set of ports per run):\n%1")
                .arg(m_said.join(QLatin1Char('\n')))));
        return;
    }
    // Bound to exactly this address: a name resolved above, never "any".
    const QString host = where->address.toString();
    const uint port = where->port;
    // Node i on PORT + i, the storage after the nodes, the Sentinels (if any) after it.
    const quint16 storagePort = quint16(port + uint(m_fleet.size()));
    const std::optional<QList<NodeAddress>> nodes = m_fleet.expose(host, quint16(port), &error);
    const std::optional<QList<NodeAddress>> sentinels =
        nodes ? m_fleet.exposeSentinels(host, quint16(storagePort + 1), *nodes, &error)
              : std::nullopt;
    QString noTls;
    const std::optional<TlsSettings> identity = m_fleet.exposedIdentity(&noTls);
    const std::optional<NodeAddress> storage =
        sentinels ? m_storage.expose(host, storagePort, &error, identity) : std::nullopt;
    if (!storage) { // all the ports or none
        m_fleet.unexposeSentinels();
        m_fleet.unexpose();
        done(CommandAnswer::refused(error));
        return;
    }
    QStringList said;
    for (int i = 0; i < nodes->size(); ++i) {
        said << tr("node %1 for your clients: %2:%3")
                    .arg(i + 1)
                    .arg(nodes->at(i).host)
                    .arg(nodes->at(i).port);
    }
    said << tr("the storage for your clients: %1:%2").arg(storage->host).arg(storage->port);
    for (int i = 0; i < sentinels->size(); ++i) {
        said << tr("sentinel %1 for your clients: %2:%3 (it names the nodes by the ports above)")
                    .arg(i + 1)
                    .arg(sentinels->at(i).host)
                    .arg(sentinels->at(i).port);
    }
    said << tlsLine(identity, noTls);
    if (const QString warning = where->warning(count); !warning.isEmpty())
        said << warning;
    for (const QString& line : std::as_const(said))
        m_record(HistoryEvent::make(HistoryEvent::Kind::Info, line));
    m_said = said;
    done(CommandAnswer::done(said.join(QLatin1Char('\n'))));
}
