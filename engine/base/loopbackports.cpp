// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/loopbackports.h"

#include <QHostAddress>
#include <QTcpServer>

quint16 LoopbackPorts::freeRun(int count)
{
    for (int attempt = 0; attempt < 50; ++attempt) {
        QTcpServer first;
        if (!first.listen(QHostAddress::LocalHost, 0))
            return 0;
        const quint16 base = first.serverPort();
        if (int(base) + count > 65535)
            continue;
        first.close();
        bool free = true;
        for (int i = 0; i < count && free; ++i) {
            QTcpServer probe;
            free = probe.listen(QHostAddress::LocalHost, quint16(base + i));
        }
        if (free)
            return base;
    }
    return 0;
}
