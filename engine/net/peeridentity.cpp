// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/peeridentity.h"

#include <QDir>
#include <QFile>
#include <QHostAddress>
#include <QTcpSocket>

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

ForeignIdentity PeerIdentity::named(const QByteArray& name)
{
    const QString text = QString::fromUtf8(name).left(64);
    return {QStringLiteral("name:") + text, text};
}

// The client's socket: its local end is the peer's port, its remote end our listening port.
qint64 PeerIdentity::inodeOf(quint16 peerPort, quint16 ourPort)
{
    for (const QString& table :
         {QStringLiteral("/proc/net/tcp"), QStringLiteral("/proc/net/tcp6")}) {
        QFile file(table);
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            continue;
        file.readLine(); // the header
        while (!file.atEnd()) {
            const QList<QByteArray> fields = file.readLine().simplified().split(' ');
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

qint64 PeerIdentity::pidOwning(qint64 inode)
{
    const QString target = QStringLiteral("socket:[%1]").arg(inode);
    const QStringList pids =
        QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& pid : pids) {
        bool numeric = false;
        const qint64 value = pid.toLongLong(&numeric);
        if (!numeric)
            continue;
        const QDir fds(QStringLiteral("/proc/%1/fd").arg(pid));
        for (const QString& fd : fds.entryList(QDir::Files | QDir::System)) {
            char link[64];
            const QByteArray path = QFile::encodeName(fds.filePath(fd));
            const ssize_t n = ::readlink(path.constData(), link, sizeof link);
            if (n > 0 && QByteArray(link, n) == target.toLatin1())
                return value;
        }
    }
    return -1;
}
