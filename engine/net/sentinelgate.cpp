// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/sentinelgate.h"

#include "net/sentinelrewriter.h"
#include "net/tlslistener.h"
#include "net/tlsstream.h"

#include <QHostAddress>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <memory>

SentinelGate::SentinelGate(QObject* parent) : QObject(parent) {}

SentinelGate::~SentinelGate()
{
    close();
}

std::optional<QList<NodeAddress>> SentinelGate::open(const QString& host, quint16 port,
                                                     const QList<NodeAddress>& sentinels,
                                                     QHash<quint16, quint16> ports, QString* error,
                                                     const std::optional<TlsSettings>& identity)
{
    close();
    m_serverTls.reset();
    if (identity) {
        QSslConfiguration configuration;
        if (!TlsStream::configureServer(*identity, &configuration, error))
            return std::nullopt;
        m_serverTls = configuration;
    }
    const QHostAddress address = host == QLatin1String("localhost")
                                     ? QHostAddress(QHostAddress::LocalHost)
                                     : QHostAddress(host);
    QList<NodeAddress> opened;
    for (int i = 0; i < sentinels.size(); ++i) {
        QTcpServer* server = m_serverTls ? new TlsListener(this) : new QTcpServer(this);
        const quint16 wanted = port == 0 ? 0 : quint16(port + i);
        if (address.isNull() || !server->listen(address, wanted)) {
            *error = tr("sentinel %1: cannot listen on %2:%3: %4")
                         .arg(i + 1)
                         .arg(host)
                         .arg(wanted)
                         .arg(address.isNull() ? tr("not an address") : server->errorString());
            delete server;
            close();
            return std::nullopt;
        }
        m_servers << server;
        ports.insert(sentinels.at(i).port, server->serverPort());
        NodeAddress exposed;
        exposed.host = host;
        exposed.port = server->serverPort();
        opened << exposed;
        connect(server, &QTcpServer::newConnection, this,
                [this, server, sentinel = sentinels.at(i)] { accept(server, sentinel); });
    }
    m_host = host;
    m_ports = ports;
    return opened;
}

void SentinelGate::close()
{
    qDeleteAll(m_servers);
    m_servers.clear();
    for (QTcpSocket* socket : std::as_const(m_sockets)) {
        socket->disconnect(this);
        socket->abort();
        socket->deleteLater();
    }
    m_sockets.clear();
}

// One client's connection: its bytes go to the Sentinel as they are (held until the Sentinel
// is reached), the Sentinel's come back rewritten; either end closing closes the other.
void SentinelGate::accept(QTcpServer* server, const NodeAddress& sentinel)
{
    while (QTcpSocket* client = server->nextPendingConnection()) {
        client->setParent(this);
        QTcpSocket* upstream = newUpstream(sentinel);
        m_sockets << client << upstream;
        auto rewriter =
            std::make_shared<SentinelRewriter>(QStringLiteral("127.0.0.1"), m_host, m_ports);
        // Ready once connected, and encrypted when the Sentinel speaks TLS.
        const auto ready = [upstream, tls = sentinel.tls] {
            return upstream->state() == QAbstractSocket::ConnectedState &&
                   (!tls || static_cast<QSslSocket*>(upstream)->isEncrypted());
        };
        const auto forwardUp = [client, upstream, ready] {
            if (ready())
                upstream->write(client->readAll());
        };
        // On a TLS listener the client's first byte says whether it speaks TLS.
        auto undecided = std::make_shared<bool>(m_serverTls.has_value());
        connect(client, &QTcpSocket::readyRead, this, [this, client, undecided, forwardUp] {
            if (*undecided) {
                const TlsListener::Speaks speaks =
                    TlsListener::startTlsIfAsked(client, *m_serverTls);
                *undecided = speaks == TlsListener::Speaks::NotYet;
                if (speaks != TlsListener::Speaks::Plain)
                    return;
            }
            forwardUp();
        });
        if (sentinel.tls)
            connect(static_cast<QSslSocket*>(upstream), &QSslSocket::encrypted, this, forwardUp);
        else
            connect(upstream, &QTcpSocket::connected, this, forwardUp);
        connect(upstream, &QTcpSocket::readyRead, this, [client, upstream, rewriter] {
            client->write(rewriter->feed(upstream->readAll()));
        });
        const auto end = [this, client, upstream] {
            m_sockets.removeAll(client);
            m_sockets.removeAll(upstream);
            client->disconnect(this);
            upstream->disconnect(this);
            client->disconnectFromHost();
            upstream->abort();
            client->deleteLater();
            upstream->deleteLater();
        };
        connect(client, &QTcpSocket::disconnected, this, end);
        connect(upstream, &QTcpSocket::disconnected, this, end);
        connect(upstream, &QTcpSocket::errorOccurred, this, end);
        connect(client, &QTcpSocket::errorOccurred, this, end); // a TLS handshake refused
        if (!sentinel.tls) {
            upstream->connectToHost(sentinel.host, sentinel.port);
            continue;
        }
        auto* tls = static_cast<QSslSocket*>(upstream);
        QSslConfiguration configuration;
        QString error;
        if (!TlsStream::configure(sentinel.tlsSettings, &configuration, &error)) {
            QMetaObject::invokeMethod(this, end, Qt::QueuedConnection);
            continue;
        }
        tls->setSslConfiguration(configuration);
        tls->connectToHostEncrypted(sentinel.host, sentinel.port);
    }
}

QTcpSocket* SentinelGate::newUpstream(const NodeAddress& sentinel)
{
    if (sentinel.tls)
        return new QSslSocket(this);
    return new QTcpSocket(this);
}
