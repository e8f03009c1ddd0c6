// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/nodestream.h"

#include <QByteArray>

class QSocketNotifier;

// A plain stream socket to a node, TCP (an IPv4 or IPv6 literal) or Unix-domain (a path),
// non-blocking, on the thread's event loop: the NodeStream a RedisConnection reads and writes
// itself, with no buffer of Qt's between the kernel and hiredis's reader.
//
// Writes go straight to the kernel with send(MSG_NOSIGNAL) (a peer that closed is EPIPE, a
// disconnect, never a SIGPIPE); only what it does not take waits here, for the write
// notifier. Reads take what is there into one buffer per thread and hand it on at once. The
// read notifier stays on for the life of the connection; the write notifier is on only while
// connecting or while bytes wait. The socket is made with SOCK_CLOEXEC: a redis-server the
// engine starts later must not inherit it (and keep the connection open after we closed it).
class SocketStream : public NodeStream
{
    Q_OBJECT

public:
    explicit SocketStream(QObject* parent = nullptr);
    ~SocketStream() override;

    void connectTo(const QString& host, quint16 port) override;
    void write(const char* data, qsizetype size) override;
    void readNow() override;
    void close() override;
    bool isDispatching() const override { return m_dispatching > 0; }

private:
    void onReadable();
    void onWritable();
    void finishConnect(int error);
    void flushUnsent();
    void end(Ending how, const QString& detail);
    void endLater(Ending how, const QString& detail);
    void shut(); // closes the socket, off the event loop first

    int m_fd = -1;
    QSocketNotifier* m_read = nullptr;
    QSocketNotifier* m_write = nullptr;
    bool m_connecting = false;
    QByteArray m_unsent; // written while connecting, or not taken by the kernel yet
    int m_dispatching = 0;
};
