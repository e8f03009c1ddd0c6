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
