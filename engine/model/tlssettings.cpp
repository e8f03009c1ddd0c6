// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/tlssettings.h"

#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace {

// Empty when `path` is a file this process can read; otherwise why not, in words.
QString unreadable(const QString& what, const QString& path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return QStringLiteral("the %1 file %2 does not exist").arg(what, path);
    if (!info.isFile())
        return QStringLiteral("the %1 file %2 is not a regular file").arg(what, path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("the %1 file %2 cannot be read: %3")
            .arg(what, path, file.errorString());
    return {};
}

} // namespace

QString TlsSettings::check() const
{
    if (certFile.isEmpty() != keyFile.isEmpty())
        return certFile.isEmpty()
                   ? QStringLiteral("a TLS client key needs its certificate (--tls-cert)")
                   : QStringLiteral("a TLS client certificate needs its key (--tls-key)");
    const QList<std::pair<QString, QString>> files{{QStringLiteral("TLS CA"), caFile},
                                                   {QStringLiteral("TLS certificate"), certFile},
                                                   {QStringLiteral("TLS key"), keyFile}};
    for (const auto& [what, path] : files) {
        if (path.isEmpty())
            continue;
        if (QString why = unreadable(what, path); !why.isEmpty())
            return why;
    }
    return {};
}

QString TlsSettings::describe() const
{
    QStringList parts;
    parts << (caFile.isEmpty() ? QStringLiteral("the system's CAs")
                               : QStringLiteral("CA %1").arg(caFile));
    if (!certFile.isEmpty())
        parts << QStringLiteral("client certificate %1").arg(certFile);
    if (!serverName.isEmpty())
        parts << QStringLiteral("server name %1").arg(serverName);
    if (insecure)
        parts << QStringLiteral("NOT VERIFIED (--tls-insecure): anyone in between could read "
                                "and change the traffic");
    return QStringLiteral("TLS (%1)").arg(parts.join(QStringLiteral(", ")));
}
