// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/tlssettings.h"
#include "net/nodestream.h"

#include <QList>
#include <QSslError>
#include <QString>

class QSslConfiguration;
class QSslSocket;

// A TLS connection to a node (rediss://): Qt's QSslSocket (its OpenSSL backend) under the
// NodeStream rules RedisConnection relies on, so that the connection's deadlines, handshake
// and replies are the same as on a plain SocketStream. connected() means the TLS handshake
// is done and the certificate checked; every way it can fail is said in words (an expired
// certificate, a wrong name, an unknown CA, a plain port, a client certificate the node
// wants or refuses), as ended(ConnectFailed, words).
//
// The files of TlsSettings are read at each connectTo(), so a missing or unreadable one is
// a failed connect said with its name, never a crash.
class TlsStream : public NodeStream
{
    Q_OBJECT

public:
    // `peerName`: the name the certificate must carry and the one sent for SNI (the node's
    // host as the user wrote it, or TlsSettings::serverName).
    TlsStream(const TlsSettings& settings, const QString& peerName, QObject* parent = nullptr);
    ~TlsStream() override;

    void connectTo(const QString& host, quint16 port) override;
    void write(const char* data, qsizetype size) override;
    void readNow() override;
    void close() override;
    bool isDispatching() const override { return m_dispatching > 0; }
    QString stallReason() const override;

    // The configuration for `settings`, or nothing and *error (a file missing, unreadable,
    // or holding no PEM certificate or key). Public for ConnectionTest and the tests.
    static bool configure(const TlsSettings& settings, QSslConfiguration* configuration,
                          QString* error);
    // The proxy's side of a TLS connection a client opens to it (the exposed ports, the
    // replication-link listeners): `identity`'s certificate and key, no client certificate
    // asked. For a replica's link, `noTickets`: nothing sent after the handshake (the .cpp).
    static bool configureServer(const TlsSettings& identity, QSslConfiguration* configuration,
                                QString* error, bool noTickets = false);
    // An SSL error as a user reads it: "the node's certificate expired on ...".
    static QString describe(const QSslError& error, const QString& peerName);

private:
    void onEncrypted();
    void onReadyRead();
    void onSslErrors(const QList<QSslError>& errors);
    void onError();
    QString handshakeFailure() const;
    void end(Ending how, const QString& detail);

    TlsSettings m_settings;
    QString m_peerName;
    QSslSocket* m_socket = nullptr;
    QString m_verifyError; // what the certificate check found, once it refused
    bool m_tcpConnected = false;
    bool m_encrypted = false;
    bool m_receivedAny = false;
    int m_inCall = 0; // inside connectTo() or write(): nothing may be emitted now
    int m_dispatching = 0;
};
