// SPDX-License-Identifier: GPL-3.0-or-later
#include "processprobe.h"

#include "fleet/redisserverprocess.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QSet>

#include <malloc.h>
#include <unistd.h>

qint64 ProcessProbe::residentKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:")) // "VmRSS:    123456 kB"
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

qint64 ProcessProbe::heapInUseKb()
{
    const struct mallinfo2 info = ::mallinfo2();
    return qint64((info.uordblks + info.hblkhd) / 1024);
}

int ProcessProbe::openFds()
{
    return int(QDir(QStringLiteral("/proc/self/fd"))
                   .entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)
                   .size());
}

QList<ProcessProbe::TcpSocket> ProcessProbe::tcpSockets()
{
    QSet<QByteArray> ours; // socket inodes behind our fds
    const QString fdDir = QStringLiteral("/proc/self/fd");
    for (const QString& fd : QDir(fdDir).entryList(QDir::System | QDir::NoDotAndDotDot)) {
        const QString target = QFile::symLinkTarget(fdDir + QLatin1Char('/') + fd);
        if (target.contains(QLatin1String("socket:[")))
            ours.insert(target.section(QLatin1Char('['), 1).chopped(1).toLatin1());
    }
    // "sl local_address rem_address st ... inode": addresses as HEXIP:HEXPORT, the state in
    // hex (include/net/tcp_states.h).
    static const char* const names[] = {"?",          "ESTABLISHED", "SYN_SENT",  "SYN_RECV",
                                        "FIN_WAIT1",  "FIN_WAIT2",   "TIME_WAIT", "CLOSE",
                                        "CLOSE_WAIT", "LAST_ACK",    "LISTEN",    "CLOSING"};
    QList<TcpSocket> sockets;
    QFile tcp(QStringLiteral("/proc/net/tcp"));
    if (!tcp.open(QIODevice::ReadOnly))
        return sockets;
    const QList<QByteArray> lines = tcp.readAll().split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> f = lines.at(i).simplified().split(' ');
        if (f.size() < 10 || !ours.contains(f.at(9)))
            continue;
        const int state = f.at(3).toInt(nullptr, 16);
        TcpSocket socket;
        socket.localPort = quint16(f.at(1).split(':').value(1).toUInt(nullptr, 16));
        socket.remotePort = quint16(f.at(2).split(':').value(1).toUInt(nullptr, 16));
        socket.state = QString::fromLatin1(state > 0 && state < 12 ? names[state] : "?");
        sockets << socket;
    }
    return sockets;
}

QString ProcessProbe::socketStates()
{
    QMap<QString, int> counts;
    for (const TcpSocket& socket : tcpSockets())
        ++counts[socket.state];
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
    return parts.join(QStringLiteral(", "));
}

QStringList ProcessProbe::children()
{
    const QByteArray self = QByteArray::number(::getpid());
    QStringList found;
    const QStringList pids =
        QDir(QStringLiteral("/proc")).entryList({QStringLiteral("[0-9]*")}, QDir::Dirs);
    for (const QString& pid : pids) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue; // gone meanwhile
        // "pid (name) state ppid ...": the name may hold spaces and parentheses, so the
        // fields after it are found from the last ')'.
        const QByteArray text = stat.readAll();
        const qsizetype open = text.indexOf('(');
        const qsizetype close = text.lastIndexOf(')');
        if (open < 0 || close < open)
            continue;
        const QList<QByteArray> rest = text.mid(close + 2).split(' ');
        if (rest.size() < 2 || rest.at(1) != self)
            continue;
        found << QStringLiteral("%1 %2 %3")
                     .arg(pid, QString::fromUtf8(text.mid(open + 1, close - open - 1)),
                          QString::fromUtf8(rest.at(0)));
    }
    return found;
}

QStringList ProcessProbe::nodeDirectories()
{
    const QString prefix = RedisServerProcess::directoryPrefix(::getpid());
    return QDir(QDir::tempPath())
        .entryList({prefix + QLatin1Char('*')}, QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
}
