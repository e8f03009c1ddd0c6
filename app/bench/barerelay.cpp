// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/barerelay.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <utility>
#include <vector>

namespace {

constexpr size_t ChunkBytes = 64 * 1024;
constexpr int MaxEvents = 64;
constexpr quint64 WakeTag = 0; // epoll data: 0 the wake, odd a listener, else a side

void noDelay(int fd)
{
    int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

QString systemError(const char* what)
{
    return QStringLiteral("bare relay: %1: %2")
        .arg(QLatin1String(what), QString::fromLocal8Bit(std::strerror(errno)));
}

} // namespace

// One direction's end: its socket, and the bytes read from the other end that it has not
// taken yet (then the other end is not read until it has).
struct BareRelay::Pair
{
    struct Side
    {
        Pair* pair = nullptr;
        int fd = -1;
        std::vector<char> pending;
    };
    Side client;
    Side upstream;
    bool closed = false; // dropped: freed once the batch of events that may name it is done
    Side& other(const Side& side) { return &side == &client ? upstream : client; }
};

BareRelay::~BareRelay()
{
    stop();
}

bool BareRelay::start(const QList<NodeAddress>& upstreams, QString* error)
{
    m_epoll = ::epoll_create1(EPOLL_CLOEXEC);
    m_wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (m_epoll < 0 || m_wake < 0) {
        *error = systemError("epoll");
        return false;
    }
    epoll_event wake{};
    wake.events = EPOLLIN;
    wake.data.u64 = WakeTag;
    ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wake, &wake);
    for (const NodeAddress& up : upstreams) {
        in_addr ip{};
        if (::inet_pton(AF_INET, up.host.toLatin1().constData(), &ip) != 1) {
            *error = QStringLiteral("bare relay: %1 is not an IPv4 address").arg(up.host);
            return false;
        }
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        sockaddr_in at{};
        at.sin_family = AF_INET;
        at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof at;
        if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0 ||
            ::listen(fd, 64) != 0 ||
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&at), &length) != 0) {
            *error = systemError("listen");
            if (fd >= 0)
                ::close(fd);
            return false;
        }
        epoll_event listening{};
        listening.events = EPOLLIN;
        listening.data.u64 = (quint64(m_listeners.size()) << 1) | 1u;
        ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &listening);
        m_listeners << fd;
        m_upstreamIps << ip.s_addr;
        m_upstreamPorts << up.port;
        m_addresses << NodeAddress{QStringLiteral("127.0.0.1"), ntohs(at.sin_port)};
    }
    m_thread = std::thread([this] { loop(); });
    return true;
}

void BareRelay::stop()
{
    if (m_thread.joinable()) {
        m_stopping = true;
        const quint64 one = 1;
        [[maybe_unused]] const ssize_t n = ::write(m_wake, &one, sizeof one);
        m_thread.join();
    }
    for (Pair* pair : std::as_const(m_pairs)) {
        ::close(pair->client.fd);
        ::close(pair->upstream.fd);
        delete pair;
    }
    m_pairs.clear();
    qDeleteAll(m_dropped);
    m_dropped.clear();
    for (int fd : std::as_const(m_listeners))
        ::close(fd);
    m_listeners.clear();
    for (int* fd : {&m_epoll, &m_wake})
        if (*fd >= 0)
            ::close(std::exchange(*fd, -1));
}

void BareRelay::loop()
{
    epoll_event events[MaxEvents];
    while (!m_stopping) {
        const int n = ::epoll_wait(m_epoll, events, MaxEvents, -1);
        for (int i = 0; i < n && !m_stopping; ++i) {
            const quint64 tag = events[i].data.u64;
            if (tag == WakeTag)
                return;
            if (tag & 1u) {
                accept(qsizetype(tag >> 1));
                continue;
            }
            auto* side = static_cast<Pair::Side*>(events[i].data.ptr);
            Pair* pair = side->pair;
            if (pair->closed)
                continue;
            if (events[i].events & EPOLLOUT)
                pump(pair, side == &pair->upstream); // what waited for this side, to it
            else
                pump(pair, side == &pair->client); // what this side sent, to the other
        }
        for (Pair* pair : std::as_const(m_dropped))
            delete pair;
        m_dropped.clear();
    }
}

void BareRelay::accept(qsizetype index)
{
    for (;;) {
        const int client =
            ::accept4(m_listeners.at(index), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client < 0)
            return;
        const int upstream = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_addr.s_addr = m_upstreamIps.at(index);
        to.sin_port = htons(m_upstreamPorts.at(index));
        // Loopback: the connect is done before the node's accept, no waiting for it here.
        if (upstream < 0 || ::connect(upstream, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
            ::close(client);
            if (upstream >= 0)
                ::close(upstream);
            continue;
        }
        ::fcntl(upstream, F_SETFL, ::fcntl(upstream, F_GETFL) | O_NONBLOCK);
        noDelay(client);
        noDelay(upstream);
        auto* pair = new Pair;
        pair->client = {pair, client, {}};
        pair->upstream = {pair, upstream, {}};
        m_pairs << pair;
        for (Pair::Side* side : {&pair->client, &pair->upstream}) {
            epoll_event e{};
            e.events = EPOLLIN;
            e.data.ptr = side;
            ::epoll_ctl(m_epoll, EPOLL_CTL_ADD, side->fd, &e);
        }
    }
}

// From one side to the other: first what the receiving side had not taken, then what the
// sending side has; what the receiver does not take now waits, and the sender is not read
// until it has (epoll then asks the receiver for room, not the sender for bytes).
void BareRelay::pump(Pair* pair, bool fromClient)
{
    Pair::Side& from = fromClient ? pair->client : pair->upstream;
    Pair::Side& to = pair->other(from);
    const auto watch = [this](Pair::Side& side, quint32 events) {
        epoll_event e{};
        e.events = events;
        e.data.ptr = &side;
        ::epoll_ctl(m_epoll, EPOLL_CTL_MOD, side.fd, &e);
    };
    if (!to.pending.empty()) {
        const ssize_t n = ::send(to.fd, to.pending.data(), to.pending.size(), MSG_NOSIGNAL);
        if (n < 0 && errno != EAGAIN) {
            drop(pair);
            return;
        }
        to.pending.erase(to.pending.begin(), to.pending.begin() + std::max<ssize_t>(n, 0));
        if (!to.pending.empty())
            return;
        watch(to, EPOLLIN);
        watch(from, EPOLLIN);
    }
    char chunk[ChunkBytes];
    const ssize_t got = ::recv(from.fd, chunk, sizeof chunk, 0);
    if (got == 0 || (got < 0 && errno != EAGAIN)) {
        drop(pair);
        return;
    }
    if (got < 0)
        return;
    const ssize_t sent = ::send(to.fd, chunk, size_t(got), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent < 0 && errno != EAGAIN) {
        drop(pair);
        return;
    }
    const ssize_t kept = std::max<ssize_t>(sent, 0);
    if (kept == got)
        return;
    to.pending.assign(chunk + kept, chunk + got);
    watch(from, 0);
    watch(to, EPOLLOUT);
}

void BareRelay::drop(Pair* pair)
{
    for (Pair::Side* side : {&pair->client, &pair->upstream}) {
        ::epoll_ctl(m_epoll, EPOLL_CTL_DEL, side->fd, nullptr);
        ::close(side->fd);
    }
    pair->closed = true;
    m_pairs.removeOne(pair);
    m_dropped << pair;
}
