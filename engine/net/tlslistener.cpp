// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/tlslistener.h"

#include <QSslSocket>
#include <unistd.h>

TlsListener::TlsListener(QObject* parent) : QTcpServer(parent) {}

void TlsListener::incomingConnection(qintptr descriptor)
{
    auto* socket = new QSslSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        ::close(int(descriptor)); // nobody else owns it: the client sees its connection end
        return;
    }
    addPendingConnection(socket);
}

TlsListener::Speaks TlsListener::startTlsIfAsked(QTcpSocket* socket,
                                                 const QSslConfiguration& server)
{
    constexpr char HandshakeRecord = 22;
    char first = 0;
    if (socket->peek(&first, 1) < 1)
        return Speaks::NotYet;
    if (first != HandshakeRecord)
        return Speaks::Plain;
    auto* tls = static_cast<QSslSocket*>(socket); // every connection it accepts is one
    tls->setSslConfiguration(server);
    tls->startServerEncryption();
    return Speaks::Tls;
}
