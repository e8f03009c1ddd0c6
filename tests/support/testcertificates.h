// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QTemporaryDir>

// A throwaway CA and the certificates the TLS tests need, made with the openssl command
// (scripts/install-deps.sh installs it) in a temporary folder removed with this object:
//
//     TestCertificates certs;
//     QVERIFY2(certs.ok(), qPrintable(certs.error()));
//     certs.path("node.pem");
//
// ca.pem            the test CA (ca.key its key)
// node.pem/.key     signed by it, for 127.0.0.1 and localhost
// expired.pem/.key  the same names, valid only on 1 January 2020
// wrongname.pem/.key  signed by the CA, for wrong.example only
// client.pem/.key   a client certificate signed by the CA (mutual TLS)
// other-ca.pem      a second CA nobody trusts; unknown.pem/.key (127.0.0.1, localhost) and
//                   rogue-client.pem/.key are signed by it
class TestCertificates
{
public:
    TestCertificates();

    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    QString path(const QString& name) const { return m_dir.filePath(name); }

private:
    bool openssl(const QStringList& args);
    bool makeCa(const QString& name);
    bool sign(const QString& name, const QString& ca, const QString& commonName,
              const QString& altNames, const QStringList& validity);

    QTemporaryDir m_dir;
    QString m_error;
};
