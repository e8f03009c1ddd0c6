// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/filebudget.h"

#include <QLocale>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <sys/resource.h>

namespace {

// The files a run opens, counted generously (a refusal with room to spare is better than
// a connection that fails in front of a class):
//
// Per client and node, straight to the node (the faults are made in the connection itself):
//   1  the client's connection
//   1  its pub/sub connection (wait=pubsub, to one node), or room for a reconnect's socket
//   = 2
constexpr qint64 kPerClientAndNode = 2;
// The same through the node's loopback proxy (--client-path proxy):
//   1  the client's own connection, to the proxy
//   1  the proxy's listener for this client (one per client, so a partition can pick it)
//   1  the proxy's accepted end of the client's connection
//   1  the proxy's connection on to the node
//   2  a reconnect (after a timeout, a partition, a node restart) opens the next pair
//      while the proxy may still be closing the old one gracefully
//   = 6
constexpr qint64 kPerClientAndNodeViaProxy = 6;
// Per client, to the storage node (not proxied): its connection, and a reconnect's.
constexpr qint64 kPerClientStorage = 2;
// Per node, the storage node counted as one more, whoever has clients:
//   1  the node monitor's connection (the cards' view of the node, not proxied)
constexpr qint64 kPerNode = 1;
// Per local node, on top: the redis-server child's output pipe, its stdin (/dev/null, open
// while it starts) and the process's pidfd/forkfd.
constexpr qint64 kPerLocalNode = 3;
// The rest of the process: stdin/out/err, each thread's event dispatcher (eventfd), the
// signal watcher's socket pair, the display connection, inotify, fonts being read, the
// history and export files, the random source. 64 is several times what this needs now.
constexpr qint64 kReserve = 64;

QString number(qint64 value)
{
    // "3,050": grouped as in the messages the user reads, whatever the system locale.
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(value);
}

QString counted(qint64 count, const char* one, const char* many)
{
    return QStringLiteral("%1 %2").arg(number(count), QLatin1String(count == 1 ? one : many));
}

} // namespace

FileBudget::FileBudget(int nodes, bool localNodes, qint64 limit)
    : m_nodes(std::max(0, nodes)), m_localNodes(localNodes), m_limit(limit)
{}

qint64 FileBudget::perClient() const
{
    return m_nodes * (m_viaProxy ? kPerClientAndNodeViaProxy : kPerClientAndNode) +
           kPerClientStorage;
}

qint64 FileBudget::filesFor(int clients) const
{
    const qint64 perNode = kPerNode + (m_localNodes ? kPerLocalNode : 0);
    return kReserve + (m_nodes + 1) * perNode + qint64(std::max(0, clients)) * perClient();
}

int FileBudget::maxClients() const
{
    const qint64 room = m_limit - filesFor(0);
    if (room < 0)
        return 0;
    return int(std::min<qint64>(room / perClient(), std::numeric_limits<int>::max()));
}

QString FileBudget::check(int clients) const
{
    const qint64 needed = filesFor(clients);
    if (needed <= m_limit)
        return {};
    return QStringLiteral("%1 × %2 need about %3 open files; the limit is %4 (ulimit -n), "
                          "enough for %5")
        .arg(counted(clients, "client", "clients"), counted(m_nodes, "node", "nodes"),
             number(needed), number(m_limit), counted(maxClients(), "client", "clients"));
}

qint64 FileBudget::openFileLimit()
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY ||
        limit.rlim_cur > rlim_t(std::numeric_limits<qint64>::max()))
        return std::numeric_limits<qint64>::max();
    return qint64(limit.rlim_cur);
}

qint64 FileBudget::raiseOpenFileLimit(QString* error)
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) {
        if (error)
            *error = QStringLiteral("cannot read the open-file limit: %1")
                         .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return openFileLimit();
    }
    if (limit.rlim_cur != limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &limit) != 0 && error)
            *error = QStringLiteral("cannot raise the open-file limit to %1: %2")
                         .arg(number(qint64(limit.rlim_max)),
                              QString::fromLocal8Bit(std::strerror(errno)));
    }
    return openFileLimit();
}
