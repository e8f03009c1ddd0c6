// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/socketstream.h"

#include <QFile>
#include <QHostAddress>
#include <QSocketNotifier>
#include <array>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace {

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// What hiredis said for an orderly close; RedisConnection's words for a lost connection
// build on it ("connection lost: server closed the connection").
const QString kClosedByPeer = QStringLiteral("Server closed the connection");

// Replies are read into one buffer per thread: each read is handed on (and copied into the
// connection's reply reader) before the next one, so a buffer per connection would only
// cost memory (a thousand connections with many clients).
constexpr size_t kReadBufferBytes = 64 * 1024;

char* readBuffer()
{
    thread_local std::array<char, kReadBufferBytes> buffer;
    return buffer.data();
}

// The socket address for a Unix-domain path or an address literal; false (and *error) when
// it cannot be one.
bool toSockaddr(const QString& host, quint16 port, sockaddr_storage* address, socklen_t* length,
                QString* error)
{
    *address = {};
    if (host.startsWith(QLatin1Char('/'))) {
        auto* unixAddress = reinterpret_cast<sockaddr_un*>(address);
        const QByteArray path = QFile::encodeName(host);
        if (size_t(path.size()) >= sizeof unixAddress->sun_path) {
            *error = QStringLiteral("the socket path %1 is too long").arg(host);
            return false;
        }
        unixAddress->sun_family = AF_UNIX;
        std::memcpy(unixAddress->sun_path, path.constData(), size_t(path.size()));
        *length = socklen_t(sizeof(sockaddr_un));
        return true;
    }
    const QHostAddress literal(host);
    if (literal.protocol() == QAbstractSocket::IPv4Protocol) {
        auto* in = reinterpret_cast<sockaddr_in*>(address);
        in->sin_family = AF_INET;
        in->sin_port = htons(port);
        in->sin_addr.s_addr = htonl(literal.toIPv4Address());
        *length = socklen_t(sizeof(sockaddr_in));
        return true;
    }
    if (literal.protocol() == QAbstractSocket::IPv6Protocol) {
        auto* in6 = reinterpret_cast<sockaddr_in6*>(address);
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons(port);
        const Q_IPV6ADDR bytes = literal.toIPv6Address();
        std::memcpy(&in6->sin6_addr, bytes.c, sizeof bytes.c);
        in6->sin6_scope_id = literal.scopeId().toUInt();
        *length = socklen_t(sizeof(sockaddr_in6));
        return true;
    }
    *error = QStringLiteral("not an address: %1").arg(host);
    return false;
}

} // namespace

SocketStream::SocketStream(QObject* parent) : NodeStream(parent) {}

SocketStream::~SocketStream()
{
    close();
}

void SocketStream::connectTo(const QString& host, quint16 port)
{
    Q_ASSERT(m_fd < 0 && !hasEnded());
    sockaddr_storage address;
    socklen_t length = 0;
    QString error;
    if (!toSockaddr(host, port, &address, &length, &error)) {
        endLater(Ending::ConnectFailed, error);
        return;
    }
    m_fd = ::socket(address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (m_fd < 0) {
        endLater(Ending::ConnectFailed, errnoText(errno));
        return;
    }
    if (address.ss_family != AF_UNIX) {
        const int on = 1; // a request is one small write: never wait to fill a segment
        ::setsockopt(m_fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    }
    m_read = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    m_read->setEnabled(false);
    connect(m_read, &QSocketNotifier::activated, this, &SocketStream::onReadable);
    m_write = new QSocketNotifier(m_fd, QSocketNotifier::Write, this);
    m_write->setEnabled(false);
    connect(m_write, &QSocketNotifier::activated, this, &SocketStream::onWritable);

    m_connecting = true;
    if (::connect(m_fd, reinterpret_cast<const sockaddr*>(&address), length) == 0) {
        // Done at once (a Unix socket usually is): told from the event loop, as promised.
        QMetaObject::invokeMethod(
            this, [this] { finishConnect(0); }, Qt::QueuedConnection);
        return;
    }
    if (errno == EINPROGRESS) {
        m_write->setEnabled(true); // writable: the connect has finished, one way or the other
        return;
    }
    endLater(Ending::ConnectFailed, errnoText(errno));
}

void SocketStream::finishConnect(int error)
{
    if (m_fd < 0 || isOver())
        return;
    m_connecting = false;
    if (error != 0) {
        end(Ending::ConnectFailed, errnoText(error));
        return;
    }
    m_read->setEnabled(true);
    m_write->setEnabled(!m_unsent.isEmpty());
    emit connected();
    if (m_fd >= 0 && !m_unsent.isEmpty())
        flushUnsent();
}

void SocketStream::write(const char* data, qsizetype size)
{
    if (m_fd < 0 || hasEnded() || size <= 0)
        return;
    if (m_connecting || !m_unsent.isEmpty()) {
        m_unsent.append(data, size); // in order after what already waits
        return;
    }
    ssize_t sent = ::send(m_fd, data, size_t(size), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent < 0) {
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            endLater(Ending::Broken, errnoText(errno));
            return;
        }
        sent = 0;
    }
    if (sent < size) {
        m_unsent.append(data + sent, size - sent);
        m_write->setEnabled(true);
    }
}

void SocketStream::flushUnsent()
{
    while (!m_unsent.isEmpty()) {
        const ssize_t sent = ::send(m_fd, m_unsent.constData(), size_t(m_unsent.size()),
                                    MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                break;
            end(Ending::Broken, errnoText(errno));
            return;
        }
        m_unsent.remove(0, sent);
    }
    m_write->setEnabled(!m_unsent.isEmpty());
}

void SocketStream::onWritable()
{
    ++m_dispatching;
    if (m_connecting) {
        int error = 0;
        socklen_t length = sizeof error;
        if (::getsockopt(m_fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0)
            error = errno;
        m_write->setEnabled(false);
        finishConnect(error);
    } else if (m_fd >= 0) {
        flushUnsent();
    }
    --m_dispatching;
}

void SocketStream::readNow()
{
    if (m_fd >= 0 && !m_connecting && !hasEnded())
        onReadable();
}

void SocketStream::onReadable()
{
    ++m_dispatching;
    char* buffer = readBuffer();
    while (m_fd >= 0 && !hasEnded()) {
        const ssize_t n = ::recv(m_fd, buffer, kReadBufferBytes, MSG_DONTWAIT);
        if (n > 0) {
            emit received(buffer, qsizetype(n)); // may close us
            // A short read took everything there was: the next one would only say EAGAIN.
            if (size_t(n) < kReadBufferBytes)
                break;
            continue;
        }
        if (n == 0) {
            end(Ending::Closed, kClosedByPeer);
            break;
        }
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK)
            end(Ending::Broken, errnoText(errno));
        break;
    }
    --m_dispatching;
}

void SocketStream::end(Ending how, const QString& detail)
{
    if (isOver())
        return;
    shut();
    tellEnded(how, detail, false);
}

// A failure found inside a call that must not emit (connectTo, write): the stream stops
// now, the owner hears of it from the event loop.
void SocketStream::endLater(Ending how, const QString& detail)
{
    if (isOver())
        return;
    shut();
    tellEnded(how, detail, true);
}

void SocketStream::close()
{
    silence();
    shut();
}

void SocketStream::shut()
{
    if (m_fd < 0)
        return;
    // Off the event loop before the number is given back: a socket made later may reuse it.
    if (m_read)
        m_read->setEnabled(false);
    if (m_write)
        m_write->setEnabled(false);
    ::close(m_fd);
    m_fd = -1;
    m_unsent.clear();
}
