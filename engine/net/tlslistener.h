// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

protected:
    void incomingConnection(qintptr descriptor) override;
};
