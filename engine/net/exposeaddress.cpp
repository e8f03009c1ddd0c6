// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/exposeaddress.h"

#include <QHostInfo>
#include <QTcpServer>
#include <memory>
#include <vector>

std::optional<ExposeAddress> ExposeAddress::parse(const QString& spec, int count, QString* error)
{
    const QString text = spec.trimmed();
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    QString host = colon < 0 ? QStringLiteral("127.0.0.1") : text.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint port = text.mid(colon + 1).toUInt(&ok);
    const int maxFirst = 65536 - std::max(1, count);
    if (!ok || port < 1 || int(port) > maxFirst || host.isEmpty()) {
        *error = tr("expose takes [HOST:]PORT, a port from 1 to %1 (one per node and the storage: "
                    "%2 ports), not '%3'")
                     .arg(maxFirst)
                     .arg(count)
                     .arg(text.left(80));
        return std::nullopt;
    }
    ExposeAddress a;
    a.given = host;
    a.port = quint16(port);
    if (!a.address.setAddress(host)) {
        const QHostInfo info = QHostInfo::fromName(host);
        const QList<QHostAddress> found = info.addresses();
        if (info.error() != QHostInfo::NoError || found.isEmpty()) {
            *error = tr("expose: the host '%1' does not resolve (%2): nothing was opened")
                         .arg(host.left(80), info.errorString());
            return std::nullopt;
        }
        a.address = found.first();
        for (const QHostAddress& candidate : found)
            if (candidate.protocol() == QAbstractSocket::IPv4Protocol) {
                a.address = candidate;
                break;
            }
    }
    return a;
}

QString ExposeAddress::display() const
{
    const QString numeric = address.toString();
    return given == numeric ? numeric : QStringLiteral("%1 (%2)").arg(given, numeric);
}

QString ExposeAddress::warning(int count) const
{
    if (isLoopback())
        return {};
    return tr("warning: ports %1-%2 on %3 are not loopback: anyone who can reach that address "
              "can use your nodes through them, without a password")
        .arg(port)
        .arg(port + count - 1)
        .arg(display());
}

QString ExposeAddress::checkFree(int count) const
{
    std::vector<std::unique_ptr<QTcpServer>> held; // all at once: two runs of ports may overlap
    for (int i = 0; i < count; ++i) {
        auto server = std::make_unique<QTcpServer>();
        if (!server->listen(address, quint16(port + i)))
            return tr("cannot listen on %1:%2: %3")
                .arg(display())
                .arg(port + i)
                .arg(server->errorString());
        held.push_back(std::move(server));
    }
    return {};
}
