// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

// The words for a connection attempt that failed, kept in one place because two parties
// must say them identically: RedisConnection for its own connects, and NodeProxy for its
// upstream connects. A proxy cannot fail a client's connect (the kernel already accepted
// it), so it answers the client with a RESP error carrying the reason in these words,
//     -REDLOCKSCOPE-PROXY upstream 127.0.0.1:7001: connection refused
// and closes; RedisConnection recognises the prefix and reports the reason as if it had
// connected directly ("connection refused", not "closed the connection during the
// handshake").
class ConnectError
{
public:
    // What hiredis reports for ECONNREFUSED (strerror, first letter lowered).
    static QString refused();
    static QString hostNotFound(const QString& host);
    static QString timedOut(int ms);

    // The hints a connect failure's words end with when it is a guess (plain against a TLS
    // port, or TLS against a plain one that said nothing back). What the handshake proved is
    // typed, not worded: NodeStream::Ending::TlsRefused, RedisConnection::tlsRefused.
    static QString tlsPortHint();   // " (is it a TLS port? then use rediss://)"
    static QString plainPortHint(); // " (is it a plain port? then use redis://)"

    // The whole error reply a proxy writes, "\r\n" included.
    static QByteArray proxyReply(const QString& host, quint16 port, const QString& reason);
    // The reason inside a proxy's error reply text (hiredis gives it without the '-' and
    // "\r\n"); empty when the text is not a proxy's.
    static QString reasonInProxyReply(const QByteArray& errorText);

    // Unique enough that no Redis server or module answers with it.
    static constexpr char kProxyPrefix[] = "REDLOCKSCOPE-PROXY ";
};
