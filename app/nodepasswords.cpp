// SPDX-License-Identifier: GPL-3.0-or-later
#include "nodepasswords.h"

#include "base/regularfile.h"
#include "base/safetext.h"
#include "settings/appsettings.h"

#include <QCommandLineParser>
#include <cstring>

namespace {
void fill(EngineConfig* config, const QString& password)
{
    for (NodeAddress& node : config->nodes)
        if (node.password.isEmpty())
            node.password = password;
    if (config->storage && config->storage->password.isEmpty())
        config->storage->password = password;
}
} // namespace

bool NodePasswords::apply(const QCommandLineParser& parser, EngineConfig* config, QString* error)
{
    const bool fromFile = parser.isSet(QStringLiteral("password-file"));
    const bool fromEnv = parser.isSet(QStringLiteral("password-env"));
    if (fromFile && fromEnv) {
        *error = QStringLiteral("--password-file and --password-env: one or the other");
        return false;
    }
    if (!fromFile && !fromEnv)
        return true;
    if (config->nodes.isEmpty() && !config->storage) {
        *error = QStringLiteral("--password-file and --password-env are for your own nodes "
                                "(--nodes, --storage, --config): local nodes need none");
        return false;
    }
    QString password;
    if (fromFile) {
        const QString path = parser.value(QStringLiteral("password-file"));
        const std::optional<QByteArray> bytes =
            RegularFile::read(path, MaxFileBytes, QStringLiteral("a password file"), error);
        if (!bytes) {
            *error = QStringLiteral("--password-file: %1").arg(*error);
            return false;
        }
        password = QString::fromUtf8(*bytes).section(QLatin1Char('\n'), 0, 0);
        password.remove(QLatin1Char('\r'));
    } else {
        const QString name = parser.value(QStringLiteral("password-env"));
        if (name.isEmpty() || !qEnvironmentVariableIsSet(qPrintable(name))) {
            *error = QStringLiteral("--password-env: the environment variable '%1' is not set")
                         .arg(SafeText::echo(name));
            return false;
        }
        password = qEnvironmentVariable(qPrintable(name));
    }
    if (password.isEmpty()) {
        *error = QStringLiteral("%1: the password is empty")
                     .arg(fromFile ? QStringLiteral("--password-file")
                                   : QStringLiteral("--password-env"));
        return false;
    }
    fill(config, password);
    return true;
}

bool NodePasswords::applyFleet(const QCommandLineParser& parser, EngineConfig* config,
                               QString* error)
{
    if (!parser.isSet(QStringLiteral("fleet")))
        return true;
    const QString name = parser.value(QStringLiteral("fleet"));
    const AppSettings settings(AppSettings::Access::ReadOnly);
    const std::optional<QList<NodeAddress>> nodes = settings.fleet(name);
    if (!nodes || nodes->isEmpty()) {
        const QStringList known = settings.fleetNames();
        *error =
            QStringLiteral("--fleet: no fleet named '%1' was saved in the window (Nodes > "
                           "Save fleet)%2")
                .arg(SafeText::echo(name),
                     known.isEmpty()
                         ? QString()
                         : QStringLiteral("; saved: %1").arg(known.join(QStringLiteral(", "))));
        return false;
    }
    config->nodes = *nodes;
    return true;
}

QByteArray NodePasswords::masked(const QByteArray& text)
{
    QByteArray out = text;
    qsizetype from = 0;
    // Each "user:password@host" (a list's items, a redis:// URL): from the ':' before the
    // '@' to the '@', after the scheme's "//" and the item's start.
    while (from < out.size()) {
        const qsizetype at = out.indexOf('@', from);
        if (at < 0)
            break;
        qsizetype start = out.lastIndexOf(',', at) + 1;
        start = std::max(start, out.lastIndexOf('=', at) + 1); // --nodes=...
        if (const qsizetype scheme = out.lastIndexOf("//", at); scheme >= start)
            start = scheme + 2;
        const qsizetype colon = out.indexOf(':', start);
        if (colon >= 0 && colon < at)
            for (qsizetype i = colon + 1; i < at; ++i)
                out[i] = '*';
        from = at + 1;
    }
    return out;
}

void NodePasswords::maskArguments(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray before(argv[i]);
        const QByteArray after = masked(before);
        if (after != before)
            std::memcpy(argv[i], after.constData(), size_t(after.size()));
    }
}
