// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/foreignexchange.h"

class QHostAddress;
class QTcpSocket;

// Who is at the other end of an accepted connection: for a loopback peer, the process that
// owns its socket (its inode asked of the kernel by its addresses, then the process whose file
// descriptors hold it, found through /proc), else the peer's address. It runs in the network thread
// at each accept, so it must be quick: a client opens its pool at once (node-redlock's 8 workers
// open 48 connections), and the proxies forward nothing meanwhile. The processes that owned
// the last connections are looked at first (a pool's connections are one process's), and the
// full scan of /proc lists directories without sorting them (figures: docs/benchmarks.md, "Figures
// behind design choices").
class PeerIdentity
{
public:
    static ForeignIdentity of(const QTcpSocket* accepted);
    // A name the client gave itself (CLIENT SETNAME) replaces its process or address
    // (`before`, kept as the identity's origin).
    static ForeignIdentity named(const QByteArray& name, const ForeignIdentity& before);

private:
    static qint64 inodeOf(const QHostAddress& peer, quint16 peerPort, const QHostAddress& ours,
                          quint16 ourPort);
    static qint64 pidOwning(qint64 inode);
    static bool holds(const QString& pid, const QByteArray& socketLink);
};
