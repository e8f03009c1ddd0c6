// SPDX-License-Identifier: GPL-3.0-or-later
#include "control/exposecommands.h"

#include "commands/commanddispatcher.h"
#include "fleet/fleet.h"
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

void ExposeCommands::expose(const QString& spec, const AnswerCallback& done)
{
    const qsizetype colon = spec.lastIndexOf(QLatin1Char(':'));
    const QString host = colon < 0 ? QStringLiteral("127.0.0.1") : spec.left(colon);
    bool ok = false;
    const uint port = spec.mid(colon + 1).toUInt(&ok);
    const uint last = port + uint(m_fleet.size());
    if (!ok || port < 1 || last > 65535 || host.isEmpty()) {
        done(CommandAnswer::refused(
            tr("expose takes [HOST:]PORT, a port from 1 to %1 (one per node and the storage)")
                .arg(65535 - m_fleet.size())));
        return;
    }
    if (!m_said.isEmpty()) {
        done(CommandAnswer::refused(
            tr("the nodes are exposed already (one set of ports per run):\n%1")
                .arg(m_said.join(QLatin1Char('\n')))));
        return;
    }
    QString error;
    const std::optional<QList<NodeAddress>> nodes = m_fleet.expose(host, quint16(port), &error);
    const std::optional<NodeAddress> storage =
        nodes ? m_storage.expose(host, quint16(last), &error) : std::nullopt;
    if (nodes && !storage)
        m_fleet.unexpose();
    if (!nodes || !storage) {
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
    for (const QString& line : std::as_const(said))
        m_record(HistoryEvent::make(HistoryEvent::Kind::Info, line));
    m_said = said;
    done(CommandAnswer::done(said.join(QLatin1Char('\n'))));
}
