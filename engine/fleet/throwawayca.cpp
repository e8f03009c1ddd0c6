// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/throwawayca.h"

#include <QDir>
#include <QProcess>
#include <QStandardPaths>

namespace {

constexpr int OpensslTimeoutMs = 30000;

// An EC P-256 key, no passphrase, valid two days.
QStringList newKey(const QString& name)
{
    return {QStringLiteral("req"),
            QStringLiteral("-x509"),
            QStringLiteral("-newkey"),
            QStringLiteral("ec"),
            QStringLiteral("-pkeyopt"),
            QStringLiteral("ec_paramgen_curve:prime256v1"),
            QStringLiteral("-nodes"),
            QStringLiteral("-keyout"),
            name + QStringLiteral(".key"),
            QStringLiteral("-out"),
            name + QStringLiteral(".pem"),
            QStringLiteral("-days"),
            QStringLiteral("2")};
}

} // namespace

ThrowawayCa::ThrowawayCa() : m_dir(QDir::temp().filePath(QStringLiteral("redlock-ca-XXXXXX")))
{
    if (!m_dir.isValid()) {
        m_error =
            QStringLiteral("no temporary folder for the run's CA: %1").arg(m_dir.errorString());
        return;
    }
    if (QStandardPaths::findExecutable(QStringLiteral("openssl")).isEmpty()) {
        m_error = QStringLiteral("the openssl command is not installed (apt-get install openssl): "
                                 "local TLS nodes need it to make their certificates");
        return;
    }
    // The leaf is signed directly by `req -x509 -CA` (OpenSSL 3), marked as no CA itself.
    const bool made =
        openssl(newKey(QStringLiteral("ca"))
                << QStringLiteral("-subj") << QStringLiteral("/CN=Redlock Scope run CA")) &&
        openssl(newKey(QStringLiteral("node"))
                << QStringLiteral("-subj") << QStringLiteral("/CN=localhost")
                << QStringLiteral("-addext")
                << QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost")
                << QStringLiteral("-addext") << QStringLiteral("basicConstraints=critical,CA:FALSE")
                << QStringLiteral("-CA") << QStringLiteral("ca.pem") << QStringLiteral("-CAkey")
                << QStringLiteral("ca.key"));
    Q_UNUSED(made) // m_error says what failed
}

TlsSettings ThrowawayCa::identity() const
{
    TlsSettings identity;
    identity.caFile = caFile();
    identity.certFile = certFile();
    identity.keyFile = keyFile();
    return identity;
}

void ThrowawayCa::applyTo(RedisServerProcess::Options* options) const
{
    options->tlsCertFile = certFile();
    options->tlsKeyFile = keyFile();
    options->tlsCaFile = caFile();
}

bool ThrowawayCa::openssl(const QStringList& args)
{
    QProcess process;
    process.setWorkingDirectory(m_dir.path());
    process.start(QStringLiteral("openssl"), args);
    if (process.waitForFinished(OpensslTimeoutMs) && process.exitStatus() == QProcess::NormalExit &&
        process.exitCode() == 0)
        return true;
    process.kill();
    process.waitForFinished(1000);
    m_error = QStringLiteral("openssl could not make the run's certificates (%1): %2")
                  .arg(process.errorString(),
                       QString::fromLocal8Bit(process.readAllStandardError()).trimmed());
    return false;
}
