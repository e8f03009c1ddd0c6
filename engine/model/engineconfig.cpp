// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/engineconfig.h"

#include "base/regularfile.h"
#include "base/safetext.h"
#include "model/jsoncheck.h"
#include "model/nodecount.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QHostInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <limits>

QString EngineConfig::validate() const
{
    const int n = nodeCount();
    if (replicated() && !usesLocalFleet())
        return QStringLiteral("the replicated topology starts its own master, replica and "
                              "Sentinels: it cannot use your nodes");
    if (!replicated() && !NodeCount::isValid(n))
        return QStringLiteral("the node count must be odd, from %1 to %2 (is %3)")
            .arg(NodeCount::Min)
            .arg(NodeCount::Max)
            .arg(n);
    if (resource.isEmpty())
        return QStringLiteral("the resource name must not be empty");
    // The key on every node, and a word in the history, the terminal and the exports.
    if (resource.size() > kMaxResourceBytes)
        return QStringLiteral("the resource name must be at most %1 bytes (is %2)")
            .arg(kMaxResourceBytes)
            .arg(resource.size());
    if (SafeText::firstControl(QString::fromUtf8(resource)) >= 0)
        return QStringLiteral("the resource name must not contain control characters ('%1')")
            .arg(SafeText::echo(QString::fromUtf8(resource)));
    if (initialClients < 0 || initialClients > kMaxClients)
        return QStringLiteral("clients must be 0 to %1 (is %2)")
            .arg(kMaxClients)
            .arg(initialClients);
    if (pollIntervalMs < 10)
        return QStringLiteral("the poll interval must be at least 10 ms");
    if (usesTls()) {
        if (QString why = tls.check(); !why.isEmpty())
            return why;
    }
    return clientDefaults.validate();
}

void EngineConfig::setTls(const TlsSettings& settings)
{
    tls = settings;
    for (NodeAddress& node : nodes) {
        if (node.tls)
            node.tlsSettings = settings;
    }
    if (storage && storage->tls)
        storage->tlsSettings = settings;
}

bool EngineConfig::usesTls() const
{
    return std::any_of(nodes.cbegin(), nodes.cend(), [](const NodeAddress& n) { return n.tls; }) ||
           (storage && storage->tls);
}

std::optional<EngineConfig::Topology> EngineConfig::parseTopology(const QString& word)
{
    if (word == QLatin1String("independent"))
        return Topology::Independent;
    if (word == QLatin1String("replicated"))
        return Topology::Replicated;
    return std::nullopt;
}

namespace {

// The addresses a node's host stands for; empty when it does not resolve (the engine then
// reports "host not found" when it connects).
QList<QHostAddress> resolve(const QString& host)
{
    QHostAddress literal;
    if (literal.setAddress(host))
        return {literal};
    const QHostInfo info = QHostInfo::fromName(host);
    return info.error() == QHostInfo::NoError ? info.addresses() : QList<QHostAddress>{};
}

// Addresses that are one socket: an IPv4-mapped (or -compatible) IPv6 address is its IPv4
// one. The IPv6 loopback is not 127.0.0.1: [::1]:P and 127.0.0.1:P are two sockets, which
// two servers can hold (a redis-server listening on both is one server: give it once).
constexpr QHostAddress::ConversionMode kSameSocket = QHostAddress::ConversionMode(
    QHostAddress::ConvertV4MappedToIPv4 | QHostAddress::ConvertV4CompatToIPv4);

// The address both lists share, or nothing.
std::optional<QHostAddress> shared(const QList<QHostAddress>& a, const QList<QHostAddress>& b)
{
    for (const QHostAddress& x : a) {
        for (const QHostAddress& y : b) {
            if (x.isEqual(y, kSameSocket))
                return x;
        }
    }
    return std::nullopt;
}

// Where two addresses reach the same server ("localhost:7001" and "127.0.0.1:7001"), the
// address they share; empty when they are different servers.
QString sameServer(const NodeAddress& a, const QList<QHostAddress>& aResolved, const NodeAddress& b,
                   const QList<QHostAddress>& bResolved)
{
    if (a.port != b.port)
        return {};
    if (const auto address = shared(aResolved, bResolved)) {
        NodeAddress reached;
        reached.host = address->toString();
        reached.port = a.port;
        return reached.display();
    }
    if (aResolved.isEmpty() && bResolved.isEmpty() &&
        a.host.compare(b.host, Qt::CaseInsensitive) == 0)
        return a.display();
    return {};
}

} // namespace

QString EngineConfig::checkNodesDistinct() const
{
    QList<QList<QHostAddress>> addresses;
    for (const NodeAddress& node : nodes)
        addresses << resolve(node.host);
    for (qsizetype j = 1; j < nodes.size(); ++j) {
        for (qsizetype i = 0; i < j; ++i) {
            const QString where = sameServer(nodes[i], addresses[i], nodes[j], addresses[j]);
            if (where.isEmpty())
                continue;
            return QStringLiteral("node %1 (%2) and node %3 (%4) are the same node: both reach "
                                  "%5, so its vote would count twice")
                .arg(i + 1)
                .arg(nodes[i].display())
                .arg(j + 1)
                .arg(nodes[j].display(), where);
        }
    }
    // The storage holds the data the lock protects: it is never one of the lock nodes.
    if (storage) {
        const QList<QHostAddress> resolved = resolve(storage->host);
        for (qsizetype i = 0; i < nodes.size(); ++i) {
            const QString where = sameServer(nodes[i], addresses[i], *storage, resolved);
            if (!where.isEmpty())
                return QStringLiteral("the storage (%1) is node %2 (%3): the storage must be a "
                                      "server of its own, not one of the lock nodes")
                    .arg(storage->display())
                    .arg(i + 1)
                    .arg(nodes[i].display());
        }
    }
    return {};
}

namespace {

const QStringList kRootKeys{QStringLiteral("nodes"),         QStringLiteral("localNodes"),
                            QStringLiteral("redisServer"),   QStringLiteral("resource"),
                            QStringLiteral("clients"),       QStringLiteral("client"),
                            QStringLiteral("storage"),       QStringLiteral("topology"),
                            QStringLiteral("redisSentinel"), QStringLiteral("tls")};
const QStringList kTlsKeys{QStringLiteral("ca"), QStringLiteral("cert"), QStringLiteral("key"),
                           QStringLiteral("serverName"), QStringLiteral("insecure")};
const QStringList kNodeKeys{QStringLiteral("host"), QStringLiteral("port"), QStringLiteral("user"),
                            QStringLiteral("password"), QStringLiteral("db")};

template <typename T> std::optional<T> fail(QString* error, const QString& text)
{
    *error = text;
    return std::nullopt;
}

// {"host": .., "port": .., "user": .., "password": .., "db": ..}: the JSON types here, the
// values by NodeAddress's own checks (the same as for "host:port" text).
std::optional<NodeAddress> nodeFromObject(const QJsonObject& o, const QString& path, QString* error)
{
    if (const QString unknown = JsonCheck::unknownKey(o, kNodeKeys, path); !unknown.isEmpty())
        return fail<NodeAddress>(error, unknown);
    for (const char* required : {"host", "port"}) {
        if (!o.contains(QLatin1String(required)))
            return fail<NodeAddress>(
                error,
                QStringLiteral("%1: missing").arg(JsonCheck::path(path, QLatin1String(required))));
    }
    const auto host = JsonCheck::string(o.value(QLatin1String("host")),
                                        JsonCheck::path(path, QStringLiteral("host")), error);
    const auto port =
        JsonCheck::wholeNumber(o.value(QLatin1String("port")),
                               JsonCheck::path(path, QStringLiteral("port")), 1, 65535, error);
    if (!host || !port)
        return std::nullopt;
    std::optional<QString> user = QString();
    std::optional<QString> password = QString();
    std::optional<qint64> db = 0;
    if (o.contains(QLatin1String("user")))
        user = JsonCheck::string(o.value(QLatin1String("user")),
                                 JsonCheck::path(path, QStringLiteral("user")), error);
    if (user && o.contains(QLatin1String("password")))
        password = JsonCheck::string(o.value(QLatin1String("password")),
                                     JsonCheck::path(path, QStringLiteral("password")), error);
    if (user && password && o.contains(QLatin1String("db")))
        db = JsonCheck::wholeNumber(o.value(QLatin1String("db")),
                                    JsonCheck::path(path, QStringLiteral("db")), 0,
                                    std::numeric_limits<int>::max(), error);
    if (!user || !password || !db)
        return std::nullopt;
    QString why;
    auto address = NodeAddress::fromParts(*host, *port, *user, *password, *db, &why);
    if (!address)
        *error = QStringLiteral("%1: %2").arg(path, why);
    return address;
}

std::optional<NodeAddress> nodeFromJson(const QJsonValue& value, const QString& path,
                                        QString* error)
{
    if (value.isObject())
        return nodeFromObject(value.toObject(), path, error);
    if (!value.isString())
        return fail<NodeAddress>(error, QStringLiteral("%1: expected \"host:port\" or an object, "
                                                       "got %2")
                                            .arg(path, JsonCheck::describe(value)));
    // The entry itself is not repeated: it may hold a password.
    QString why;
    auto address = NodeAddress::parse(value.toString(), &why);
    if (!address)
        *error = QStringLiteral("%1: %2").arg(path, why);
    return address;
}

std::optional<QList<NodeAddress>> nodesFromJson(const QJsonValue& value, QString* error)
{
    if (!value.isArray())
        return fail<QList<NodeAddress>>(
            error, QStringLiteral("nodes: expected an array of \"host:port\" strings or objects, "
                                  "got %1")
                       .arg(JsonCheck::describe(value)));
    const QJsonArray array = value.toArray();
    if (array.isEmpty())
        return fail<QList<NodeAddress>>(
            error, QStringLiteral("nodes: empty (leave it out to start local nodes)"));
    QList<NodeAddress> nodes;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const auto address = nodeFromJson(array.at(i), QStringLiteral("nodes[%1]").arg(i), error);
        if (!address)
            return std::nullopt;
        nodes << *address;
    }
    return nodes;
}

// The keys that only mean something for local nodes, refused beside "nodes": a file that
// says both would leave the reader guessing which one is used.
QString localOnlyBesideNodes(const QJsonObject& root)
{
    if (!root.contains(QLatin1String("nodes")))
        return {};
    for (const char* key : {"localNodes", "redisServer", "topology", "redisSentinel"}) {
        if (root.contains(QLatin1String(key)))
            return QStringLiteral("%1: only for local nodes, but \"nodes\" names your own")
                .arg(QLatin1String(key));
    }
    return {};
}

// {"ca": .., "cert": .., "key": .., "serverName": .., "insecure": ..}: files relative to
// `folder` (the config file's).
std::optional<TlsSettings> tlsFromJson(const QJsonValue& value, const QDir& folder, QString* error)
{
    if (!value.isObject())
        return fail<TlsSettings>(
            error,
            QStringLiteral("tls: expected an object, got %1").arg(JsonCheck::describe(value)));
    const QJsonObject o = value.toObject();
    if (const QString unknown = JsonCheck::unknownKey(o, kTlsKeys, QStringLiteral("tls"));
        !unknown.isEmpty())
        return fail<TlsSettings>(error, unknown);
    TlsSettings tls;
    const std::pair<const char*, QString*> texts[] = {{"ca", &tls.caFile},
                                                      {"cert", &tls.certFile},
                                                      {"key", &tls.keyFile},
                                                      {"serverName", &tls.serverName}};
    for (const auto& [key, out] : texts) {
        if (!o.contains(QLatin1String(key)))
            continue;
        const auto text =
            JsonCheck::string(o.value(QLatin1String(key)),
                              JsonCheck::path(QStringLiteral("tls"), QLatin1String(key)), error);
        if (!text)
            return std::nullopt;
        const bool isFile = qstrcmp(key, "serverName") != 0;
        *out = isFile && !text->isEmpty() ? folder.absoluteFilePath(*text) : *text;
    }
    if (o.contains(QLatin1String("insecure"))) {
        const auto insecure = JsonCheck::boolean(o.value(QLatin1String("insecure")),
                                                 QStringLiteral("tls.insecure"), error);
        if (!insecure)
            return std::nullopt;
        tls.insecure = *insecure;
    }
    return tls;
}

std::optional<EngineConfig> configFromJson(const QJsonObject& root, const QDir& folder,
                                           QString* error)
{
    if (QString why = JsonCheck::unknownKey(root, kRootKeys, {}); !why.isEmpty())
        return fail<EngineConfig>(error, why);
    if (QString why = localOnlyBesideNodes(root); !why.isEmpty())
        return fail<EngineConfig>(error, why);
    EngineConfig config;
    if (root.contains(QLatin1String("nodes"))) {
        const auto nodes = nodesFromJson(root.value(QLatin1String("nodes")), error);
        if (!nodes)
            return std::nullopt;
        config.nodes = *nodes;
    }
    if (root.contains(QLatin1String("storage"))) {
        const auto storage =
            nodeFromJson(root.value(QLatin1String("storage")), QStringLiteral("storage"), error);
        if (!storage)
            return std::nullopt;
        config.storage = *storage;
    }
    if (root.contains(QLatin1String("localNodes"))) {
        const auto count = JsonCheck::wholeNumber(root.value(QLatin1String("localNodes")),
                                                  QStringLiteral("localNodes"), NodeCount::Min,
                                                  NodeCount::Max, error);
        if (!count)
            return std::nullopt;
        config.localNodeCount = int(*count);
    }
    if (root.contains(QLatin1String("clients"))) {
        const auto count =
            JsonCheck::wholeNumber(root.value(QLatin1String("clients")), QStringLiteral("clients"),
                                   0, EngineConfig::kMaxClients, error);
        if (!count)
            return std::nullopt;
        config.initialClients = int(*count);
    }
    for (const char* key : {"redisServer", "resource", "topology", "redisSentinel"}) {
        if (!root.contains(QLatin1String(key)))
            continue;
        const auto text =
            JsonCheck::string(root.value(QLatin1String(key)), QLatin1String(key), error);
        if (!text)
            return std::nullopt;
        if (text->isEmpty())
            return fail<EngineConfig>(
                error,
                QStringLiteral("%1: empty (leave it out for the default)").arg(QLatin1String(key)));
        if (qstrcmp(key, "resource") == 0)
            config.resource = text->toUtf8();
        else if (qstrcmp(key, "redisSentinel") == 0)
            config.redisSentinel = *text;
        else if (qstrcmp(key, "redisServer") == 0)
            config.redisServer = *text;
        else if (const auto topology = EngineConfig::parseTopology(*text))
            config.topology = *topology;
        else
            return fail<EngineConfig>(
                error, QStringLiteral("topology: expected \"independent\" or \"replicated\", "
                                      "got \"%1\"")
                           .arg(*text));
    }
    if (root.contains(QLatin1String("client"))) {
        const QJsonValue client = root.value(QLatin1String("client"));
        if (!client.isObject())
            return fail<EngineConfig>(error, QStringLiteral("client: expected an object, got %1")
                                                 .arg(JsonCheck::describe(client)));
        const auto settings =
            config.clientDefaults.withJson(client.toObject(), QStringLiteral("client"), error);
        if (!settings)
            return std::nullopt;
        config.clientDefaults = *settings;
    }
    if (root.contains(QLatin1String("tls"))) {
        const auto tls = tlsFromJson(root.value(QLatin1String("tls")), folder, error);
        if (!tls)
            return std::nullopt;
        config.setTls(*tls);
    }
    return config;
}

} // namespace

std::optional<EngineConfig> EngineConfig::loadFile(const QString& path, QString* error)
{
    const std::optional<QByteArray> bytes = RegularFile::read(
        path, kMaxFileBytes, QCoreApplication::translate("EngineConfig", "a config file"), error);
    if (!bytes)
        return std::nullopt;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &parseError);
    if (!doc.isObject()) {
        *error = parseError.error != QJsonParseError::NoError
                     ? QStringLiteral("%1: not valid JSON (%2 at offset %3)")
                           .arg(path, parseError.errorString())
                           .arg(parseError.offset)
                     : QStringLiteral("%1: expected a JSON object {...} at the top").arg(path);
        return std::nullopt;
    }
    QString why;
    std::optional<EngineConfig> config =
        configFromJson(doc.object(), QFileInfo(path).absoluteDir(), &why);
    if (config && why.isEmpty())
        why = config->validate();
    if (config && why.isEmpty())
        why = config->checkNodesDistinct();
    if (!why.isEmpty()) {
        *error = QStringLiteral("%1: %2").arg(path, why);
        return std::nullopt;
    }
    return config;
}
