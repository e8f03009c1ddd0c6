// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/nodeaddress.h"

#include "base/safetext.h"
#include "model/nodecount.h"

#include <QHostAddress>
#include <QList>
#include <QRegularExpression>
#include <QUrl>
#include <limits>

namespace {

bool fail(QString* error, const QString& text)
{
    if (error)
        *error = text;
    return false;
}

// Host names as DNS allows them (plus '_', which some local setups use); anything else
// is a typo we would rather report now than as a failed lookup later.
bool isValidHostName(const QString& host)
{
    static const QRegularExpression pattern(
        QStringLiteral("^[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?"
                       "(\\.[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?)*\\.?$"));
    return host.size() <= 253 && pattern.match(host).hasMatch();
}

const QString kPortRange = QStringLiteral("port must be 1-65535");
const QString kDbRange = QStringLiteral("db must be a whole number, 0 or more");

bool isPort(qint64 value)
{
    return value >= 1 && value <= 65535;
}

bool isDb(qint64 value)
{
    return value >= 0 && value <= std::numeric_limits<int>::max();
}

// toLongLong accepts a leading '+' and surrounding spaces; ports and dbs are digits only.
bool isDigits(const QString& text)
{
    return !text.isEmpty() && text.front().isDigit() && text.back().isDigit();
}

bool parsePort(const QString& text, quint16* port)
{
    bool ok = false;
    const qlonglong value = text.toLongLong(&ok);
    if (!ok || !isDigits(text) || !isPort(value))
        return false;
    *port = quint16(value);
    return true;
}

bool parseDb(const QString& text, int* db)
{
    bool ok = false;
    const qlonglong value = text.toLongLong(&ok);
    if (!ok || !isDigits(text) || !isDb(value))
        return false;
    *db = int(value);
    return true;
}

bool isIpv6(const QString& host)
{
    QHostAddress address;
    return address.setAddress(host) && address.protocol() == QAbstractSocket::IPv6Protocol;
}

// A host as both forms accept it, once any brackets are off: an IPv6 address, or a name
// (or IPv4 address) as DNS writes it.
bool checkHost(const QString& host, QString* error)
{
    if (host.isEmpty())
        return fail(error, QStringLiteral("host is missing"));
    if (host.contains(QLatin1Char(':'))) {
        if (!isIpv6(host))
            return fail(error,
                        QStringLiteral("'%1' is not an IPv6 address").arg(SafeText::echo(host)));
        return true;
    }
    if (!isValidHostName(host))
        return fail(error,
                    QStringLiteral("'%1' is not a valid host name").arg(SafeText::echo(host)));
    return true;
}

bool userWithoutPassword(const QString& user, QString* error)
{
    return fail(error, QStringLiteral("user '%1' has no password (expected "
                                      "user:password@host:port, or :password@host:port "
                                      "for the default user)")
                           .arg(SafeText::echo(user)));
}

// The credentials part before the last '@': "user:password", ":password" or "password"-less
// forms are told apart here. The password may itself contain ':' (only the first splits).
bool parseCredentials(const QString& text, NodeAddress* out, QString* error)
{
    if (text.isEmpty())
        return fail(error, QStringLiteral("nothing before '@' (expected user:password@ or "
                                          ":password@)"));
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return userWithoutPassword(text, error);
    out->user = text.left(colon);
    out->password = text.mid(colon + 1);
    if (out->password.isEmpty())
        return fail(error, QStringLiteral("empty password after ':'"));
    return true;
}

// "host:port", "[v6]:port", without credentials or db.
bool parseHostPort(const QString& text, NodeAddress* out, QString* error)
{
    QString host;
    QString portText;
    if (text.startsWith(QLatin1Char('['))) {
        const qsizetype close = text.indexOf(QLatin1Char(']'));
        if (close < 0)
            return fail(error, QStringLiteral("missing ']' after the IPv6 address"));
        host = text.mid(1, close - 1);
        const QString rest = text.mid(close + 1);
        if (!rest.startsWith(QLatin1Char(':')))
            return fail(error, kPortRange);
        portText = rest.mid(1);
        if (!isIpv6(host))
            return fail(error,
                        QStringLiteral("'%1' is not an IPv6 address").arg(SafeText::echo(host)));
    } else {
        const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
        if (colon < 0) {
            if (text.isEmpty())
                return fail(error, QStringLiteral("host is missing"));
            return fail(error, kPortRange);
        }
        host = text.left(colon);
        portText = text.mid(colon + 1);
        if (host.contains(QLatin1Char(':')))
            return fail(error, QStringLiteral("IPv6 addresses go in brackets, e.g. [::1]:6379"));
        if (!checkHost(host, error))
            return false;
    }
    if (!parsePort(portText, &out->port))
        return fail(error, kPortRange);
    out->host = host;
    return true;
}

// "scheme://...": a URL, not host:port (whose password may hold anything, "://" too, but
// never starts the entry).
bool hasScheme(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*://"));
    return pattern.match(text).hasMatch();
}

// The entry as it may appear in an error message: never with the password in clear.
QString redacted(const QString& entry)
{
    const qsizetype at = entry.lastIndexOf(QLatin1Char('@'));
    if (at < 0)
        return entry;
    const qsizetype scheme = hasScheme(entry) ? entry.indexOf(QLatin1String("://")) + 3 : 0;
    const QString credentials = entry.mid(scheme, at - scheme);
    const qsizetype colon = credentials.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return entry;
    return entry.left(scheme) + credentials.left(colon) + QStringLiteral(":***") + entry.mid(at);
}

// "redis[s]://[user:password@]host[:port][/db]", the form Redis clients take (port 6379 when
// left out; user and password percent-decoded); rediss:// is Redis over TLS (TlsStream).
// Unix sockets are not spoken here: refused by name rather than misread as a host.
std::optional<NodeAddress> parseUrl(const QString& text, QString* error)
{
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    const bool tls = scheme == QLatin1String("rediss");
    if (scheme != QLatin1String("redis") && !tls) {
        fail(error, QStringLiteral("only redis:// and rediss:// URLs are understood, not %1:// "
                                   "(or write host:port)")
                        .arg(SafeText::echo(url.scheme().isEmpty() ? text.section(':', 0, 0)
                                                                   : url.scheme())));
        return std::nullopt;
    }
    if (!url.isValid() || url.host().isEmpty()) {
        fail(error, QStringLiteral("not a redis:// URL (expected "
                                   "redis://[user:password@]host[:port][/db])"));
        return std::nullopt;
    }
    if (url.hasQuery() || url.hasFragment()) {
        fail(error, QStringLiteral("a redis:// URL here takes no ?options or #fragment"));
        return std::nullopt;
    }
    const QString path = url.path();
    qint64 db = 0;
    if (!path.isEmpty() && path != QLatin1String("/")) {
        int parsed = 0;
        if (!path.startsWith(QLatin1Char('/')) || !parseDb(path.mid(1), &parsed)) {
            fail(error, kDbRange);
            return std::nullopt;
        }
        db = parsed;
    }
    const QString user = url.userName(QUrl::FullyDecoded);
    const QString password = url.password(QUrl::FullyDecoded);
    if (url.userInfo().contains(QLatin1Char(':')) && password.isEmpty()) {
        fail(error, QStringLiteral("empty password after ':'"));
        return std::nullopt;
    }
    std::optional<NodeAddress> address = NodeAddress::fromParts(
        url.host(QUrl::FullyDecoded), url.port(6379), user, password, db, error);
    if (address)
        address->tls = tls;
    return address;
}

} // namespace

QString NodeAddress::display() const
{
    if (isLocalSocket())
        return host;
    // An IPv6 host needs its brackets, or the port would read as part of the address.
    if (host.contains(QLatin1Char(':')))
        return QStringLiteral("[%1]:%2").arg(host).arg(port);
    return QStringLiteral("%1:%2").arg(host).arg(port);
}

std::optional<NodeAddress> NodeAddress::parse(const QString& text, QString* error)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        fail(error, QStringLiteral("empty address (expected host:port)"));
        return std::nullopt;
    }
    if (trimmed.contains(QLatin1Char(','))) {
        fail(error, QStringLiteral("one address expected, found a ','"));
        return std::nullopt;
    }

    if (hasScheme(trimmed))
        return parseUrl(trimmed, error);

    NodeAddress out;
    QString rest = trimmed;
    // Host names cannot contain '@', so the last one ends the credentials, and a password
    // may contain '@' itself.
    const qsizetype at = rest.lastIndexOf(QLatin1Char('@'));
    if (at >= 0) {
        if (!parseCredentials(rest.left(at), &out, error))
            return std::nullopt;
        rest = rest.mid(at + 1);
    }

    const qsizetype slash = rest.indexOf(QLatin1Char('/'));
    if (slash >= 0) {
        if (!parseDb(rest.mid(slash + 1), &out.db)) {
            fail(error, kDbRange);
            return std::nullopt;
        }
        rest = rest.left(slash);
    }

    if (!parseHostPort(rest, &out, error))
        return std::nullopt;
    return out;
}

std::optional<NodeAddress> NodeAddress::fromParts(const QString& host, qint64 port,
                                                  const QString& user, const QString& password,
                                                  qint64 db, QString* error)
{
    NodeAddress out;
    out.host = host.trimmed();
    if (out.host.startsWith(QLatin1Char('[')) && out.host.endsWith(QLatin1Char(']')))
        out.host = out.host.mid(1, out.host.size() - 2);
    if (!checkHost(out.host, error))
        return std::nullopt;
    if (!isPort(port)) {
        fail(error, kPortRange);
        return std::nullopt;
    }
    if (!isDb(db)) {
        fail(error, kDbRange);
        return std::nullopt;
    }
    if (!user.isEmpty() && password.isEmpty()) {
        userWithoutPassword(user, error);
        return std::nullopt;
    }
    out.port = quint16(port);
    out.user = user;
    out.password = password;
    out.db = int(db);
    return out;
}

std::optional<QList<NodeAddress>> NodeAddress::parseList(const QString& text, QString* error)
{
    if (text.trimmed().isEmpty()) {
        fail(error, QStringLiteral("no nodes given (expected host:port,host:port,...)"));
        return std::nullopt;
    }

    const QStringList entries = text.split(QLatin1Char(','));
    QList<NodeAddress> out;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString entry = entries.at(i).trimmed();
        const QString where =
            QStringLiteral("node %1 ('%2')").arg(i + 1).arg(SafeText::echo(redacted(entry)));
        if (entry.isEmpty()) {
            fail(error, QStringLiteral("node %1 is empty (two commas in a row, or a comma at "
                                       "an end?)")
                            .arg(i + 1));
            return std::nullopt;
        }
        QString why;
        const std::optional<NodeAddress> address = parse(entry, &why);
        if (!address) {
            fail(error, QStringLiteral("%1: %2").arg(where, why));
            return std::nullopt;
        }
        // The same node twice would count its vote twice: a quorum of one machine.
        for (qsizetype j = 0; j < out.size(); ++j) {
            if (out.at(j).host.compare(address->host, Qt::CaseInsensitive) == 0 &&
                out.at(j).port == address->port) {
                fail(error, QStringLiteral("%1: the same node as node %2").arg(where).arg(j + 1));
                return std::nullopt;
            }
        }
        out.append(*address);
    }

    const int count = int(out.size());
    if (!NodeCount::isValid(count)) {
        fail(error, QStringLiteral("%1 nodes given: the count must be odd, %2 to %3 (a majority "
                                   "must be able to decide)")
                        .arg(count)
                        .arg(NodeCount::Min)
                        .arg(NodeCount::Max));
        return std::nullopt;
    }
    return out;
}
