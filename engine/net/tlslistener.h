// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSslConfiguration>
#include <QTcpServer>

// A TCP listener whose connections are QSslSockets, still plain when accepted: the proxy turns
// one to TLS when its first byte opens a TLS handshake (ProxyWorker::decideTls), so one port
// serves clients that speak plain RESP and clients that speak TLS, as a node with both a
// port and a tls-port would. QTcpServer makes plain QTcpSockets, which cannot be encrypted
// later: hence the accepted descriptor is handed to a QSslSocket here.
class TlsListener : public QTcpServer
{
    Q_OBJECT

public:
    explicit TlsListener(QObject* parent = nullptr);

    enum class Speaks
    {
        NotYet, // no byte yet
        Plain,  // RESP: read on as it is
        Tls     // encryption started: readyRead comes again with the decrypted bytes
    };
    // What one of its connections speaks, from its first byte, peeked (not taken): a TLS
    // handshake record (content type 22) starts the server's side of TLS with `server`; a
    // RESP command starts with '*' or a letter.
    static Speaks startTlsIfAsked(QTcpSocket* socket, const QSslConfiguration& server);

protected:
    void incomingConnection(qintptr descriptor) override;
};
