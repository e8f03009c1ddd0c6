// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

// The bytes between one RedisConnection and its node: a stream the app owns, under hiredis's
// reply reader (docs/architecture.md, "Connections to Redis"). SocketStream is a plain TCP
// or Unix-domain socket, TlsStream a TLS connection (rediss://).
//
// Rules every stream keeps, because RedisConnection relies on them: connectTo() and write()
// never emit anything inside the call (a failure is told later, from the event loop);
// received() hands over bytes that are only valid during the emission; once ended() was
// emitted, or close() called, nothing more is emitted. A stream may be inside one of its own
// emissions when its owner lets go of it: the owner then deletes it with deleteLater()
// (isDispatching()).
class NodeStream : public QObject
{
    Q_OBJECT

public:
    enum class Ending
    {
        ConnectFailed, // never connected: refused, unreachable, no such socket file
        Closed,        // the peer closed the connection (end of file)
        Broken,        // an I/O error on an open connection (reset, ...)
        // Never connected, and the handshake proved why: the node refused our TLS set-up (its
        // certificate failed the check, or ours was wanted or refused), or what answered was
        // not TLS. A guess (a reset, a silence) is ConnectFailed with a hint in its words.
        TlsRefused
    };
    Q_ENUM(Ending)

    using QObject::QObject;

    // Starts connecting to an address literal and port, or to a Unix-domain socket (`host` an
    // absolute path, `port` unused). connected() or ended(ConnectFailed) follows.
    virtual void connectTo(const QString& host, quint16 port) = 0;
    // Sends `size` bytes, in order after every earlier write: what the kernel takes now at
    // once, the rest as the socket drains.
    virtual void write(const char* data, qsizetype size) = 0;
    // Reads what has already arrived, as if the socket had just said it was readable:
    // received() may be emitted inside.
    virtual void readNow() = 0;
    // Closes the connection now (the peer sees it at once); nothing more is emitted.
    virtual void close() = 0;
    virtual bool isDispatching() const = 0;
    // Why a connect that has not finished is stuck, when the stream knows better than "timed
    // out" (TlsStream: the TCP connection is up and no TLS handshake came back); empty when
    // it does not.
    virtual QString stallReason() const { return {}; }

signals:
    void connected();
    void received(const char* data, qsizetype size);
    // `detail` in the words of strerror() ("Connection refused"), or "Server closed the
    // connection" for an orderly close, as hiredis said them.
    void ended(NodeStream::Ending how, const QString& detail);

protected:
    // ended(), once per stream: now, or from the event loop when `later` (inside connectTo()
    // or write(), which never emit). After close() (silence()) nothing is told, not even an
    // end already on its way. The stream has shut its connection before.
    void tellEnded(Ending how, const QString& detail, bool later);
    void silence() { m_silent = true; }
    bool hasEnded() const { return m_ended; } // ended() was (or is about to be) emitted
    bool isOver() const { return m_ended || m_silent; }

private:
    bool m_ended = false;
    bool m_silent = false; // close(): nothing more is emitted
};
