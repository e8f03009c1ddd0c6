// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/redisserverprocess.h"
#include "model/tlssettings.h"

#include <QString>
#include <QTemporaryDir>

// A certificate authority made for one run, and a certificate it signed for this machine's
// loopback (127.0.0.1 and localhost): what local redis-server processes need to speak TLS
// (`bench latency`'s TLS phases). Made with the openssl command (scripts/install-deps.sh
// installs it) in a temporary folder that goes with this object; the keys never leave it.
// Valid two days: nobody should trust it longer than the run.
class ThrowawayCa
{
public:
    ThrowawayCa();

    bool ok() const { return m_error.isEmpty(); }
    // Why it could not be made, in words ("the openssl command is not installed ...").
    QString error() const { return m_error; }
    QString caFile() const { return m_dir.filePath(QStringLiteral("ca.pem")); }
    QString certFile() const { return m_dir.filePath(QStringLiteral("node.pem")); }
    QString keyFile() const { return m_dir.filePath(QStringLiteral("node.key")); }
    // The certificate, its key and the CA: what a TLS listener of the app shows, and the CA a
    // client of it trusts.
    TlsSettings identity() const;
    // `options` start a node speaking TLS only with this certificate.
    void applyTo(RedisServerProcess::Options* options) const;

private:
    bool openssl(const QStringList& args);

    QTemporaryDir m_dir;
    QString m_error;
};
