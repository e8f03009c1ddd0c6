// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodeaddress.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSslConfiguration>
#include <optional>

class QTcpServer;
class QTcpSocket;

// The Sentinels' exposed ports (`expose` on the replicated topology): one listener per
// Sentinel that forwards a Sentinel-aware client's connection to that Sentinel and rewrites
// the addresses in its answers to the exposed ports of the nodes and Sentinels they name
// (SentinelRewriter), so the client follows a failover through the app's proxies. No fault
// applies here: the Sentinels are not lock nodes. It runs in the thread it lives in (the
// engine's): a client asks a Sentinel a few questions per failover, nothing to keep the
// network thread for.
class SentinelGate : public QObject
{
    Q_OBJECT

public:
    explicit SentinelGate(QObject* parent = nullptr);
    ~SentinelGate() override;

    // Listens on `host`:`port` + i for Sentinel i. `ports`: each node's internal ports (its
    // own and its replication-link listener's) -> its exposed port; the Sentinels' are added.
    // The addresses opened, or nothing and *error (then none is left open). With `identity`
    // (its certFile and keyFile), a client that opens with a TLS handshake is answered in
    // TLS, others in plain. A TLS Sentinel (rediss://) is reached in TLS.
    std::optional<QList<NodeAddress>> open(const QString& host, quint16 port,
                                           const QList<NodeAddress>& sentinels,
                                           QHash<quint16, quint16> ports, QString* error,
                                           const std::optional<TlsSettings>& identity = {});
    void close(); // the listeners and every connection

private:
    void accept(QTcpServer* server, const NodeAddress& sentinel);
    QTcpSocket* newUpstream(const NodeAddress& sentinel); // a QSslSocket for a TLS one

    std::optional<QSslConfiguration> m_serverTls;
    QList<QTcpServer*> m_servers;
    QList<QTcpSocket*> m_sockets;
    QString m_host;
    QHash<quint16, quint16> m_ports;
};
