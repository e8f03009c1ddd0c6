// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/peeridentity.h"

#include <QFile>
#include <QHostAddress>
#include <QTcpSocket>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

ForeignIdentity PeerIdentity::of(const QTcpSocket* accepted)
{
    const QHostAddress peer = accepted->peerAddress();
    if (peer.isLoopback()) {
        const qint64 inode =
            inodeOf(peer, accepted->peerPort(), accepted->localAddress(), accepted->localPort());
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

// The client's socket, asked of the kernel by its four addresses (NETLINK_SOCK_DIAG, an exact
// lookup as `ss` makes it): one hash lookup, whatever the machine's number of sockets. Reading
// /proc/net/tcp line by line instead missed it on a busy machine: QFile took 8,191 lines (1.2
// MB) of a table readAll() read 5 MB of and said it had ended, so a socket listed further down
// (thousands in TIME_WAIT on a machine running the suite) was nobody's, and one client's five
// connections became two lanes, a false overlap (issue 31). It also read the table at each
// accept. A socket in TIME_WAIT or closed has inode 0.
qint64 PeerIdentity::inodeOf(const QHostAddress& peer, quint16 peerPort, const QHostAddress& ours,
                             quint16 ourPort)
{
    struct Request
    {
        nlmsghdr header;
        inet_diag_req_v2 body;
    } request{};
    request.header.nlmsg_len = sizeof request;
    request.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
    request.header.nlmsg_flags = NLM_F_REQUEST;
    request.body.sdiag_protocol = IPPROTO_TCP;
    request.body.idiag_states = ~0U;
    // The client's end: its source is the peer, its destination us.
    request.body.id.idiag_sport = htons(peerPort);
    request.body.id.idiag_dport = htons(ourPort);
    request.body.id.idiag_cookie[0] = request.body.id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
    bool v4Peer = false;
    bool v4Ours = false;
    const quint32 peer4 = peer.toIPv4Address(&v4Peer); // a v4-mapped address is a v4 client
    const quint32 ours4 = ours.toIPv4Address(&v4Ours);
    if (v4Peer && v4Ours) {
        request.body.sdiag_family = AF_INET;
        request.body.id.idiag_src[0] = htonl(peer4);
        request.body.id.idiag_dst[0] = htonl(ours4);
    } else {
        request.body.sdiag_family = AF_INET6;
        const Q_IPV6ADDR peer6 = peer.toIPv6Address();
        const Q_IPV6ADDR ours6 = ours.toIPv6Address();
        std::memcpy(request.body.id.idiag_src, peer6.c, sizeof peer6.c);
        std::memcpy(request.body.id.idiag_dst, ours6.c, sizeof ours6.c);
    }
    const int fd = ::socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (fd < 0)
        return -1;
    sockaddr_nl kernel{};
    kernel.nl_family = AF_NETLINK;
    qint64 inode = -1;
    // The kernel answers within the send: the reply is queued when sendto() returns.
    if (::sendto(fd, &request, sizeof request, 0, reinterpret_cast<const sockaddr*>(&kernel),
                 sizeof kernel) == sizeof request) {
        alignas(nlmsghdr) char reply[1024];
        ssize_t n = ::recv(fd, reply, sizeof reply, MSG_DONTWAIT);
        for (auto* m = reinterpret_cast<nlmsghdr*>(reply); n > 0 && NLMSG_OK(m, n);
             m = NLMSG_NEXT(m, n))
            if (m->nlmsg_type == SOCK_DIAG_BY_FAMILY) {
                inode = static_cast<const inet_diag_msg*>(NLMSG_DATA(m))->idiag_inode;
                break;
            }
    }
    ::close(fd);
    return inode;
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
