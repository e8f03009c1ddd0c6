// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/peeridentity.h"

#include <QFile>
#include <QHostAddress>
#include <QTcpSocket>

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <unistd.h>

ForeignIdentity PeerIdentity::of(const QTcpSocket* accepted)
{
    const QHostAddress peer = accepted->peerAddress();
    if (peer.isLoopback()) {
        const qint64 inode = inodeOf(accepted->peerPort(), accepted->localPort());
        const qint64 pid = inode > 0 ? pidOwning(inode) : -1;
        if (pid > 0) {
            QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
            const QString program = comm.open(QIODevice::ReadOnly)
                                        ? QString::fromUtf8(comm.readAll()).trimmed()
                                        : QStringLiteral("process");
            return {QStringLiteral("pid:%1").arg(pid),
                    QStringLiteral("%1 (pid %2)").arg(program).arg(pid)};
        }
    }
    const QString address = peer.toString();
    return {QStringLiteral("addr:") + address, address};
}

ForeignIdentity PeerIdentity::named(const QByteArray& name, const ForeignIdentity& before)
{
    const QString text = QString::fromUtf8(name).left(64);
    return {QStringLiteral("name:") + text, text,
            before.origin.isEmpty() ? before.key : before.origin};
}

// The client's socket: its local end is the peer's port, its remote end our listening port.
// Only the lines that hold the peer's port are split (the machine may have thousands).
qint64 PeerIdentity::inodeOf(quint16 peerPort, quint16 ourPort)
{
    const QByteArray peerHex = QByteArray::number(peerPort, 16).toUpper().rightJustified(4, '0');
    for (const QString& table :
         {QStringLiteral("/proc/net/tcp"), QStringLiteral("/proc/net/tcp6")}) {
        QFile file(table);
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            continue;
        file.readLine(); // the header
        while (!file.atEnd()) {
            const QByteArray line = file.readLine();
            if (!line.contains(':' + peerHex + ' '))
                continue;
            const QList<QByteArray> fields = line.simplified().split(' ');
            if (fields.size() < 10)
                continue;
            const QByteArray& local = fields.at(1);
            const QByteArray& remote = fields.at(2);
            bool ok1 = false;
            bool ok2 = false;
            const uint localPort = local.mid(local.lastIndexOf(':') + 1).toUInt(&ok1, 16);
            const uint remotePort = remote.mid(remote.lastIndexOf(':') + 1).toUInt(&ok2, 16);
            if (ok1 && ok2 && localPort == peerPort && remotePort == ourPort)
                return fields.at(9).toLongLong();
        }
    }
    return -1;
}

// Whether process `pid` holds the socket (a process may end meanwhile: then it does not).
bool PeerIdentity::holds(const QString& pid, const QByteArray& socketLink)
{
    std::error_code error;
    const std::filesystem::path fds = QStringLiteral("/proc/%1/fd").arg(pid).toStdString();
    for (auto it = std::filesystem::directory_iterator(fds, error);
         !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
        char link[64];
        const ssize_t n = ::readlink(it->path().c_str(), link, sizeof link);
        if (n == socketLink.size() && socketLink == QByteArrayView(link, n))
            return true;
    }
    return false;
}

qint64 PeerIdentity::pidOwning(qint64 inode)
{
    // Only the network thread looks processes up; the newest owner first.
    thread_local QList<qint64> recentOwners;
    constexpr qsizetype RecentOwners = 8;
    const QByteArray target = "socket:[" + QByteArray::number(inode) + ']';
    const auto found = [&](qint64 pid) {
        recentOwners.removeAll(pid);
        recentOwners.prepend(pid);
        recentOwners.resize(std::min(recentOwners.size(), RecentOwners));
        return pid;
    };
    for (qint64 pid : std::as_const(recentOwners))
        if (holds(QString::number(pid), target))
            return found(pid);
    std::error_code error;
    for (auto it = std::filesystem::directory_iterator("/proc", error);
         !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
        const QString name = QString::fromStdString(it->path().filename().string());
        bool numeric = false;
        const qint64 pid = name.toLongLong(&numeric);
        if (numeric && !recentOwners.contains(pid) && holds(name, target))
            return found(pid);
    }
    return -1;
}
