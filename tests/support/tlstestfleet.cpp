// SPDX-License-Identifier: GPL-3.0-or-later
#include "tlstestfleet.h"

#include <QStringList>

TlsTestFleet::TlsTestFleet(const TestCertificates& certs, int count)
    : TlsTestFleet(certs, count, Options{})
{}

TlsTestFleet::TlsTestFleet(const TestCertificates& certs, int count, const Options& options)
{
    for (int i = 0; i < count && m_error.isEmpty(); ++i) {
        RedisServerProcess::Options process;
        process.port = RedisServerProcess::freeLoopbackPort();
        // The plain port off (the last --port wins), TLS on the port the fixture chose.
        process.extraArgs << QStringLiteral("--port") << QStringLiteral("0")
                          << QStringLiteral("--tls-port") << QString::number(process.port)
                          << QStringLiteral("--tls-cert-file")
                          << certs.path(options.certificate + QStringLiteral(".pem"))
                          << QStringLiteral("--tls-key-file")
                          << certs.path(options.certificate + QStringLiteral(".key"))
                          << QStringLiteral("--tls-ca-cert-file")
                          << certs.path(QStringLiteral("ca.pem"))
                          << QStringLiteral("--tls-auth-clients")
                          << (options.authClients ? QStringLiteral("yes") : QStringLiteral("no"))
                          << options.extraArgs;
        m_nodes.push_back(std::make_unique<RedisServerProcess>(process));
        m_nodes.back()->start();
        QString why;
        if (!m_nodes.back()->waitUntilRunning(10000, &why))
            m_error = QStringLiteral("TLS node %1 did not start: %2").arg(i + 1).arg(why);
    }
}

TlsTestFleet::~TlsTestFleet() = default; // each process is killed and reaped by its pid

QString TlsTestFleet::urls(const QString& credentials) const
{
    QStringList out;
    for (const auto& node : m_nodes)
        out << QStringLiteral("rediss://") +
                   (credentials.isEmpty() ? QString() : credentials + QLatin1Char('@')) +
                   QStringLiteral("127.0.0.1:%1").arg(node->port());
    return out.join(QLatin1Char(','));
}
