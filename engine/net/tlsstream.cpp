// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/tlsstream.h"

#include "net/connecterror.h"

#include <QFile>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QStringList>

namespace {

// The names a certificate is for: its DNS and IP subject alternative names, else its CN.
QString namesOf(const QSslCertificate& certificate)
{
    QStringList names;
    const auto alternatives = certificate.subjectAlternativeNames();
    for (auto it = alternatives.cbegin(); it != alternatives.cend(); ++it)
        names << it.value();
    if (names.isEmpty())
        names = certificate.subjectInfo(QSslCertificate::CommonName);
    return names.isEmpty() ? QStringLiteral("no name") : names.join(QStringLiteral(", "));
}

QString issuerOf(const QSslCertificate& certificate)
{
    const QStringList names = certificate.issuerInfo(QSslCertificate::CommonName);
    return names.isEmpty() ? QStringLiteral("an unnamed CA") : names.join(QStringLiteral(", "));
}

// The private key in `bytes`: PEM, RSA or EC (what openssl and the clouds hand out).
QSslKey readKey(const QByteArray& bytes)
{
    for (const QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        QSslKey key(bytes, algorithm, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            return key;
    }
    return {};
}

bool readFile(const QString& what, const QString& path, QByteArray* bytes, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error =
            QStringLiteral("cannot read the %1 file %2: %3").arg(what, path, file.errorString());
        return false;
    }
    *bytes = file.readAll();
    return true;
}

// What an OpenSSL alert or error string says, for the cases a user meets.
QString alertWords(const QString& text)
{
    if (text.contains(QLatin1String("certificate required"), Qt::CaseInsensitive))
        return QStringLiteral("the node requires a client certificate (mutual TLS: give "
                              "--tls-cert and --tls-key)");
    if (text.contains(QLatin1String("unknown ca"), Qt::CaseInsensitive) ||
        text.contains(QLatin1String("bad certificate"), Qt::CaseInsensitive) ||
        text.contains(QLatin1String("certificate unknown"), Qt::CaseInsensitive) ||
        text.contains(QLatin1String("certificate expired"), Qt::CaseInsensitive) ||
        text.contains(QLatin1String("decrypt error"), Qt::CaseInsensitive))
        return QStringLiteral("the node refused the client certificate (%1)").arg(text);
    if (text.contains(QLatin1String("wrong version number"), Qt::CaseInsensitive) ||
        text.contains(QLatin1String("packet length too long"), Qt::CaseInsensitive) ||
        text.contains(QLatin1String("record layer failure"), Qt::CaseInsensitive) ||
        text.contains(QLatin1String("unexpected eof"), Qt::CaseInsensitive))
        return QStringLiteral("the node does not speak TLS on this port") +
               ConnectError::plainPortHint();
    return {};
}

} // namespace

TlsStream::TlsStream(const TlsSettings& settings, const QString& peerName, QObject* parent)
    : NodeStream(parent), m_settings(settings),
      m_peerName(settings.serverName.isEmpty() ? peerName : settings.serverName)
{}

TlsStream::~TlsStream()
{
    close();
}

bool TlsStream::configure(const TlsSettings& settings, QSslConfiguration* configuration,
                          QString* error)
{
    *configuration = QSslConfiguration::defaultConfiguration();
    if (const QString why = settings.check(); !why.isEmpty()) {
        *error = why;
        return false;
    }
    if (!settings.caFile.isEmpty()) {
        QByteArray bytes;
        if (!readFile(QStringLiteral("TLS CA"), settings.caFile, &bytes, error))
            return false;
        const QList<QSslCertificate> cas = QSslCertificate::fromData(bytes, QSsl::Pem);
        if (cas.isEmpty()) {
            *error =
                QStringLiteral("the TLS CA file %1 holds no PEM certificate").arg(settings.caFile);
            return false;
        }
        configuration->setCaCertificates(cas); // these only: not the system's as well
    }
    if (!settings.certFile.isEmpty()) {
        QByteArray bytes;
        if (!readFile(QStringLiteral("TLS certificate"), settings.certFile, &bytes, error))
            return false;
        const QList<QSslCertificate> chain = QSslCertificate::fromData(bytes, QSsl::Pem);
        if (chain.isEmpty()) {
            *error = QStringLiteral("the TLS certificate file %1 holds no PEM certificate")
                         .arg(settings.certFile);
            return false;
        }
        if (!readFile(QStringLiteral("TLS key"), settings.keyFile, &bytes, error))
            return false;
        const QSslKey key = readKey(bytes);
        if (key.isNull()) {
            *error = QStringLiteral("the TLS key file %1 holds no unencrypted PEM private key")
                         .arg(settings.keyFile);
            return false;
        }
        configuration->setLocalCertificateChain(chain);
        configuration->setPrivateKey(key);
    }
    configuration->setPeerVerifyMode(settings.insecure ? QSslSocket::VerifyNone
                                                       : QSslSocket::VerifyPeer);
    return true;
}

// A TLS 1.3 server sends session tickets after the handshake. A replica whose link to its
// master the proxy holds cut reads such a ticket as the start of the master's answer, then
// blocks in a synchronous read for repl-syncio-timeout (5 s), deaf to Sentinel all that time,
// again at each reconnect: Sentinel finds no good replica to promote. A real master's answer
// follows its ticket at once; only the proxy, which ends the handshake itself while the link
// is cut, must send nothing after it. Qt cannot set OpenSSL's NumTickets on a server (its
// backend options are applied without the server flag), so the link speaks TLS 1.2 without
// tickets, which Redis accepts by default (tls-protocols "TLSv1.2 TLSv1.3").
bool TlsStream::configureServer(const TlsSettings& identity, QSslConfiguration* configuration,
                                QString* error, bool noTickets)
{
    TlsSettings server = identity;
    server.caFile.clear();  // nothing is verified: no client certificate is asked for
    server.insecure = true; // (VerifyNone)
    if (!configure(server, configuration, error))
        return false;
    if (noTickets) {
        configuration->setProtocol(QSsl::TlsV1_2);
        configuration->setSslOption(QSsl::SslOptionDisableSessionTickets, true);
    }
    return true;
}

QString TlsStream::describe(const QSslError& error, const QString& peerName)
{
    const QSslCertificate certificate = error.certificate();
    switch (error.error()) {
    case QSslError::CertificateExpired:
        return QStringLiteral("the node's certificate expired on %1")
            .arg(certificate.expiryDate().toUTC().toString(Qt::ISODate));
    case QSslError::CertificateNotYetValid:
        return QStringLiteral("the node's certificate is not valid before %1")
            .arg(certificate.effectiveDate().toUTC().toString(Qt::ISODate));
    case QSslError::HostNameMismatch:
        return QStringLiteral("the node's certificate is for %1, not %2 (--tls-server-name "
                              "sets the name to check)")
            .arg(namesOf(certificate), peerName);
    case QSslError::UnableToGetIssuerCertificate:
    case QSslError::UnableToGetLocalIssuerCertificate:
    case QSslError::UnableToVerifyFirstCertificate:
    case QSslError::SelfSignedCertificate:
    case QSslError::SelfSignedCertificateInChain:
    case QSslError::CertificateUntrusted:
        return QStringLiteral("the node's certificate is signed by an unknown CA (%1; give "
                              "its CA with --tls-ca)")
            .arg(issuerOf(certificate));
    default:
        return QStringLiteral("the node's certificate was refused: %1")
            .arg(error.errorString().toLower());
    }
}

void TlsStream::connectTo(const QString& host, quint16 port)
{
    Q_ASSERT(!m_socket && !hasEnded());
    ++m_inCall;
    QSslConfiguration configuration;
    QString error;
    if (!configure(m_settings, &configuration, &error)) {
        end(Ending::ConnectFailed, error);
        --m_inCall;
        return;
    }
    m_socket = new QSslSocket(this);
    m_socket->setSslConfiguration(configuration);
    // A request is one small write: never wait to fill a segment.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    connect(m_socket, &QSslSocket::connected, this, [this] { m_tcpConnected = true; });
    connect(m_socket, &QSslSocket::encrypted, this, &TlsStream::onEncrypted);
    connect(m_socket, &QSslSocket::readyRead, this, &TlsStream::onReadyRead);
    connect(m_socket, &QSslSocket::sslErrors, this, &TlsStream::onSslErrors);
    connect(m_socket, &QSslSocket::errorOccurred, this, &TlsStream::onError);
    connect(m_socket, &QSslSocket::disconnected, this, &TlsStream::onError);
    m_socket->connectToHostEncrypted(host, port, m_peerName);
    --m_inCall;
}

void TlsStream::onEncrypted()
{
    if (isOver())
        return;
    m_encrypted = true;
    ++m_dispatching;
    emit connected();
    --m_dispatching;
}

void TlsStream::write(const char* data, qsizetype size)
{
    if (!m_socket || isOver() || size <= 0)
        return;
    ++m_inCall;
    m_socket->write(data, size);
    m_socket->flush(); // now, not on the next turn of the event loop
    --m_inCall;
}

void TlsStream::readNow()
{
    // What the socket already decrypted; bytes still in the kernel come with the next turn.
    if (m_socket && m_encrypted && !hasEnded() && m_socket->bytesAvailable() > 0)
        onReadyRead();
}

void TlsStream::onReadyRead()
{
    ++m_dispatching;
    while (m_socket && !isOver() && m_socket->bytesAvailable() > 0) {
        const QByteArray bytes = m_socket->readAll();
        m_receivedAny = true;
        emit received(bytes.constData(), bytes.size()); // may close us
    }
    --m_dispatching;
}

void TlsStream::onSslErrors(const QList<QSslError>& errors)
{
    QStringList words;
    for (const QSslError& error : errors) {
        const QString text = describe(error, m_peerName);
        if (!words.contains(text))
            words << text;
    }
    m_verifyError = words.join(QStringLiteral("; "));
    // Not ignored: the socket aborts the handshake and says so (errorOccurred).
}

QString TlsStream::handshakeFailure() const
{
    if (!m_verifyError.isEmpty())
        return m_verifyError;
    const QAbstractSocket::SocketError error = m_socket->error();
    const QString text = m_socket->errorString();
    if (QString words = alertWords(text); !words.isEmpty())
        return words;
    if (error == QAbstractSocket::ConnectionRefusedError)
        return ConnectError::refused();
    if (error == QAbstractSocket::RemoteHostClosedError)
        return QStringLiteral("the node closed the connection during the TLS handshake") +
               ConnectError::plainPortHint();
    return QStringLiteral("TLS handshake failed: %1").arg(text);
}

void TlsStream::onError()
{
    if (isOver() || !m_socket)
        return;
    ++m_dispatching;
    const QAbstractSocket::SocketError error = m_socket->error();
    const QString text = m_socket->errorString();
    // Until the node has answered, a TLS alert is the connect failing (TLS 1.3 tells a
    // missing or refused client certificate only after the client's handshake is done).
    const QString alert = alertWords(text);
    // What the certificate check refused, or an alert that names the set-up, is a proof.
    const bool proof = !m_verifyError.isEmpty() || !alert.isEmpty();
    if (!m_encrypted || (!m_receivedAny && !alert.isEmpty()))
        end(proof ? Ending::TlsRefused : Ending::ConnectFailed, handshakeFailure());
    else if (error == QAbstractSocket::RemoteHostClosedError ||
             m_socket->state() == QAbstractSocket::UnconnectedState)
        end(Ending::Closed, QStringLiteral("Server closed the connection"));
    else
        end(Ending::Broken, alert.isEmpty() ? text : alert);
    --m_dispatching;
}

QString TlsStream::stallReason() const
{
    if (m_tcpConnected && !m_encrypted)
        return QStringLiteral("the TCP connection is up but no TLS handshake came back") +
               ConnectError::plainPortHint();
    return {};
}

void TlsStream::end(Ending how, const QString& detail)
{
    if (isOver())
        return;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
    tellEnded(how, detail, m_inCall > 0); // connectTo() and write() never emit
}

void TlsStream::close()
{
    silence();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}
