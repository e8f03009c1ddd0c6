// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/connecterror.h"

#include <cerrno>
#include <cstring>

namespace {

const QByteArray kUpstream = QByteArrayLiteral("upstream ");
const QByteArray kReasonSeparator = QByteArrayLiteral(": ");

} // namespace

QString ConnectError::refused()
{
    QString text = QString::fromLocal8Bit(std::strerror(ECONNREFUSED));
    if (!text.isEmpty())
        text[0] = text.at(0).toLower();
    return text;
}

QString ConnectError::hostNotFound(const QString& host)
{
    return QStringLiteral("host not found: %1").arg(host);
}

QString ConnectError::timedOut(int ms)
{
    return QStringLiteral("timed out connecting after %1 ms").arg(ms);
}

QString ConnectError::tlsPortHint()
{
    return QStringLiteral(" (is it a TLS port? then use rediss://)");
}

QString ConnectError::plainPortHint()
{
    return QStringLiteral(" (is it a plain port? then use redis://)");
}

QByteArray ConnectError::proxyReply(const QString& host, quint16 port, const QString& reason)
{
    // An IPv6 literal in brackets, so that ": " only ever follows the port.
    const QString where = host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]").arg(host) : host;
    QByteArray line = '-' + QByteArray(kProxyPrefix) + kUpstream + where.toUtf8() + ':' +
                      QByteArray::number(port) + kReasonSeparator + reason.toUtf8();
    // One line: a stray CR or LF would end the reply early.
    line.replace('\r', ' ').replace('\n', ' ');
    return line + "\r\n";
}

QString ConnectError::reasonInProxyReply(const QByteArray& errorText)
{
    if (!errorText.startsWith(kProxyPrefix))
        return {};
    const QByteArray rest = errorText.mid(qsizetype(sizeof(kProxyPrefix)) - 1);
    const qsizetype separator = rest.indexOf(kReasonSeparator);
    QString reason = !rest.startsWith(kUpstream) || separator < 0
                         ? QString::fromUtf8(rest) // not the form we write: say all of it
                         : QString::fromUtf8(rest.mid(separator + kReasonSeparator.size()));
    return reason.isEmpty() ? QStringLiteral("the proxy could not reach the node") : reason;
}
