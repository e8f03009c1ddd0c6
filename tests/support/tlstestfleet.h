// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/redisserverprocess.h"
#include "testcertificates.h"

#include <QList>
#include <QString>
#include <memory>
#include <vector>

// N real redis-server processes that speak TLS only (--port 0 --tls-port P), on free
// loopback ports, with a certificate of TestCertificates. Each is a RedisServerProcess, so it
// is killed and reaped by its pid when this object goes (and with the test process).
//
//     TestCertificates certs;
//     TlsTestFleet fleet(certs, 5);
//     QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
//     fleet.urls(); // "rediss://127.0.0.1:P1,...,rediss://127.0.0.1:P5"
class TlsTestFleet
{
public:
    struct Options
    {
        QString certificate = QStringLiteral("node"); // node.pem and node.key
        bool authClients = false; // tls-auth-clients yes: a client certificate is required
        QStringList extraArgs;    // more redis-server arguments (ACL users, ...)
    };

    TlsTestFleet(const TestCertificates& certs, int count, const Options& options);
    TlsTestFleet(const TestCertificates& certs, int count);
    ~TlsTestFleet();
    TlsTestFleet(const TlsTestFleet&) = delete;
    TlsTestFleet& operator=(const TlsTestFleet&) = delete;

    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    int count() const { return int(m_nodes.size()); }
    RedisServerProcess* node(int index) const { return m_nodes.at(size_t(index)).get(); }
    quint16 port(int index) const { return node(index)->port(); }
    // rediss://[credentials@]127.0.0.1:P for each node, comma-separated.
    QString urls(const QString& credentials = {}) const;

private:
    std::vector<std::unique_ptr<RedisServerProcess>> m_nodes;
    QString m_error;
};
