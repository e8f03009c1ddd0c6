// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// What this test process holds right now, read from /proc: resident memory, open file
// descriptors, child processes and node directories. For the soak (issue 7), which checks
// that none of them grows or is left behind.
class ProcessProbe
{
public:
    // VmRSS of /proc/self/status, in KiB; -1 if it cannot be read.
    static qint64 residentKb();
    // Heap bytes malloc has handed out and not had back (mallinfo2's uordblks + hblkhd), in
    // KiB: next to RSS it tells a leak (both grow) from fragmentation (RSS alone grows).
    static qint64 heapInUseKb();
    // Entries of /proc/self/fd (the directory handle used to list them included: the same
    // one at every call, so counts compare).
    static int openFds();
    struct TcpSocket
    {
        quint16 localPort = 0;
        quint16 remotePort = 0;
        QString state; // "ESTABLISHED", "LISTEN", "CLOSE_WAIT", ...
    };
    // Our open IPv4 TCP sockets, from /proc/self/fd and /proc/net/tcp.
    static QList<TcpSocket> tcpSockets();
    // The same by state ("CLOSE_WAIT 3, ESTABLISHED 412, LISTEN 101"): what the fd count is
    // made of when it moves.
    static QString socketStates();
    // Our children that still exist (zombies included: an unreaped child is left behind
    // too), as "pid name state", e.g. "4711 redis-server S".
    static QStringList children();
    // Node directories named after this process (redlock-node-<our pid>-XXXXXX) in the
    // temporary directory.
    static QStringList nodeDirectories();
};
