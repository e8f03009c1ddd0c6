#include "core/engineconfig.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

QString EngineConfig::validate() const
{
    const int n = nodeCount();
    if (n < 1 || n > 9 || n % 2 == 0)
        return QStringLiteral("the node count must be odd, from 1 to 9 (is %1)").arg(n);
    if (resource.isEmpty())
        return QStringLiteral("the resource name must not be empty");
    if (initialClients < 0 || initialClients > 200)
        return QStringLiteral("clients must be 0 to 200 (is %1)").arg(initialClients);
    if (pollIntervalMs < 10)
        return QStringLiteral("the poll interval must be at least 10 ms");
    return clientDefaults.validate();
}

namespace {

std::optional<NodeAddress> nodeFromJson(const QJsonValue& value, int index, QString* error)
{
    if (value.isString()) {
        QString why;
        auto address = NodeAddress::parse(value.toString(), &why);
        if (!address)
            *error = QStringLiteral("node %1: %2").arg(index + 1).arg(why);
        return address;
    }
    if (!value.isObject()) {
        *error = QStringLiteral("node %1: expected \"host:port\" or an object").arg(index + 1);
        return std::nullopt;
    }
    const QJsonObject o = value.toObject();
    NodeAddress address;
    address.host = o.value(QLatin1String("host")).toString(address.host);
    const int port = o.value(QLatin1String("port")).toInt(-1);
    if (port < 1 || port > 65535) {
        *error = QStringLiteral("node %1: port must be 1-65535").arg(index + 1);
        return std::nullopt;
    }
    address.port = quint16(port);
    address.user = o.value(QLatin1String("user")).toString();
    address.password = o.value(QLatin1String("password")).toString();
    address.db = o.value(QLatin1String("db")).toInt(0);
    return address;
}

void readLockSettings(const QJsonObject& o, LockSettings* s)
{
    s->ttlMs = o.value(QLatin1String("ttlMs")).toInt(s->ttlMs);
    s->nodeTimeoutMs = o.value(QLatin1String("nodeTimeoutMs")).toInt(s->nodeTimeoutMs);
    s->driftFactor = o.value(QLatin1String("driftFactor")).toDouble(s->driftFactor);
    s->driftConstantMs = o.value(QLatin1String("driftConstantMs")).toInt(s->driftConstantMs);
    s->retryCount = o.value(QLatin1String("retryCount")).toInt(s->retryCount);
    s->retryDelayMs = o.value(QLatin1String("retryDelayMs")).toInt(s->retryDelayMs);
    s->retryJitterMs = o.value(QLatin1String("retryJitterMs")).toInt(s->retryJitterMs);
    s->jitter = o.value(QLatin1String("jitter")).toBool(s->jitter);
    s->maxExtensions = o.value(QLatin1String("maxExtensions")).toInt(s->maxExtensions);
}

} // namespace

std::optional<EngineConfig> EngineConfig::loadFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: not a JSON object (%2 at offset %3)")
                     .arg(path, parseError.errorString())
                     .arg(parseError.offset);
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    EngineConfig config;
    const QJsonArray nodes = root.value(QLatin1String("nodes")).toArray();
    for (int i = 0; i < nodes.size(); ++i) {
        QString why;
        const auto address = nodeFromJson(nodes[i], i, &why);
        if (!address) {
            *error = QStringLiteral("%1: %2").arg(path, why);
            return std::nullopt;
        }
        config.nodes << *address;
    }
    config.localNodeCount = root.value(QLatin1String("localNodes")).toInt(config.localNodeCount);
    config.redisServer = root.value(QLatin1String("redisServer")).toString();
    config.resource =
        root.value(QLatin1String("resource")).toString(QString::fromUtf8(config.resource)).toUtf8();
    config.initialClients = root.value(QLatin1String("clients")).toInt(config.initialClients);
    const QJsonObject client = root.value(QLatin1String("client")).toObject();
    readLockSettings(client, &config.clientDefaults.lock);
    ClientSettings& c = config.clientDefaults;
    c.workMinMs = client.value(QLatin1String("workMinMs")).toInt(c.workMinMs);
    c.workMaxMs = client.value(QLatin1String("workMaxMs")).toInt(c.workMaxMs);
    c.thinkMs = client.value(QLatin1String("thinkMs")).toInt(c.thinkMs);
    c.autoExtend = client.value(QLatin1String("autoExtend")).toBool(c.autoExtend);
    c.extendBelowMs = client.value(QLatin1String("extendBelowMs")).toInt(c.extendBelowMs);
    if (const QString problem = config.validate(); !problem.isEmpty()) {
        *error = QStringLiteral("%1: %2").arg(path, problem);
        return std::nullopt;
    }
    return config;
}
