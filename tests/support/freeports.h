// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTcpServer>

// The first of `count` loopback ports in a row that were all free a moment ago, or 0. Another
// process may take one before the caller listens on it (tests start redis-servers on free
// ports too): callers that open them later retry, or hold them at once.
inline quint16 freePorts(int count)
{
    for (int attempt = 0; attempt < 50; ++attempt) {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0) || probe.serverPort() > 65535 - count)
            continue;
        const quint16 base = probe.serverPort();
        probe.close();
        bool free = true;
        for (int i = 0; i < count && free; ++i) {
            QTcpServer s;
            free = s.listen(QHostAddress::LocalHost, quint16(base + i));
        }
        if (free)
            return base;
    }
    return 0;
}
