// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/aclrefusal.h"

#include <QRegularExpression>

namespace {

const QString kPrefix = QStringLiteral("no permission (ACL): ");

} // namespace

QString AclRefusal::said(const QByteArray& errorReply)
{
    const QString text = QString::fromUtf8(errorReply);
    const QString acl = words(text);
    return acl.isEmpty() ? text : acl;
}

QString AclRefusal::words(const QString& error)
{
    if (error.startsWith(kPrefix))
        return error;
    if (error.startsWith(QLatin1String("NOPERM"))) {
        static const QRegularExpression command(QStringLiteral("run the '([^']+)' command"));
        if (const auto match = command.match(error); match.hasMatch())
            return kPrefix + QStringLiteral("the user may not run '%1' (it needs +%1)")
                                 .arg(match.captured(1));
        if (error.contains(QLatin1String("keys")))
            return kPrefix + QStringLiteral("the user may not use this key (it needs a ~pattern "
                                            "that matches it)");
        if (error.contains(QLatin1String("channels")))
            return kPrefix + QStringLiteral("the user may not use this channel (it needs a "
                                            "&pattern that matches it)");
        return kPrefix + error;
    }
    if (error.contains(QLatin1String("The user executing the script can't run")))
        return kPrefix + QStringLiteral("the user may not run a command the lock's script calls "
                                        "(docs/tls.md, \"Least privilege\", lists them)");
    if (error.contains(QLatin1String("The user executing the script can't access")))
        return kPrefix + QStringLiteral("the user may not use a key the lock's script touches (it "
                                        "needs a ~pattern that matches it)");
    return {};
}
