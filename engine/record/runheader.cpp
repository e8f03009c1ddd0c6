// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/runheader.h"

#include "base/safetext.h"
#include "model/engineconfig.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {
const QString Local = QStringLiteral("local");
} // namespace

RunHeader RunHeader::forConfig(const EngineConfig& config, qint64 clockUs)
{
    RunHeader h;
    h.appVersion = QCoreApplication::applicationVersion();
    h.started = QDateTime::currentDateTimeUtc();
    h.clockUs = clockUs;
    for (int i = 0; i < config.nodeCount(); ++i)
        h.nodes << (config.usesLocalFleet() ? Local : config.nodes.at(i).display());
    h.storage = config.storage ? config.storage->display() : Local;
    h.resource = config.resource;
    h.initialClients = config.initialClients;
    if (config.usesLocalFleet())
        h.persistence = QStringLiteral("none"); // how local nodes start (RedisServerProcess)
    h.clientDefaults = config.clientDefaults;
    return h;
}

QByteArray RunHeader::toJsonLine() const
{
    QJsonObject o{{QStringLiteral("format"), QLatin1String(FormatName)},
                  {QStringLiteral("version"), version},
                  {QStringLiteral("app"), appVersion},
                  {QStringLiteral("started"), started.toString(Qt::ISODateWithMs)},
                  {QStringLiteral("clockUs"), clockUs},
                  {QStringLiteral("nodes"), QJsonArray::fromStringList(nodes)},
                  {QStringLiteral("storage"), storage},
                  {QStringLiteral("resource"), QString::fromUtf8(resource)},
                  {QStringLiteral("clients"), initialClients},
                  {QStringLiteral("settings"), clientDefaults.toJson()}};
    if (!persistence.isEmpty())
        o.insert(QStringLiteral("persistence"), persistence);
    if (seed)
        o.insert(QStringLiteral("seed"), QString::number(*seed)); // 64 bits: as text
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

std::optional<RunHeader> RunHeader::fromJsonLine(QByteArrayView line, QString* error,
                                                 QString* warning)
{
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &parse);
    const QJsonObject o = doc.object();
    if (doc.isNull() || !doc.isObject() || o.value(QStringLiteral("format")) != FormatName) {
        *error = QCoreApplication::translate(
            "RunHeader", "not a Redlock Scope run: the first line is not a run header");
        return std::nullopt;
    }
    RunHeader h;
    const QJsonValue version = o.value(QStringLiteral("version"));
    if (!version.isDouble()) {
        // "1" is not 1: a header written by hand or by another tool, said as it is.
        *error = QCoreApplication::translate("RunHeader", "the run header's version is %1, not "
                                                          "a number (this app reads version %2)")
                     .arg(version.isUndefined()
                              ? QCoreApplication::translate("RunHeader", "missing")
                              : SafeText::echo(QString::fromUtf8(QJsonDocument(QJsonArray{version})
                                                                     .toJson(QJsonDocument::Compact)
                                                                     .chopped(1)
                                                                     .mid(1))))
                     .arg(FormatVersion);
        return std::nullopt;
    }
    h.version = version.toInt(-1);
    if (h.version != FormatVersion) {
        *error =
            QCoreApplication::translate("RunHeader", "a run file of format version %1; this app "
                                                     "reads version %2")
                .arg(o.value(QStringLiteral("version")).toVariant().toString())
                .arg(FormatVersion);
        return std::nullopt;
    }
    h.appVersion = o.value(QStringLiteral("app")).toString();
    h.started = QDateTime::fromString(o.value(QStringLiteral("started")).toString(), Qt::ISODate);
    h.clockUs = qint64(o.value(QStringLiteral("clockUs")).toDouble());
    const QJsonArray nodes = o.value(QStringLiteral("nodes")).toArray();
    for (const QJsonValue& node : nodes)
        h.nodes << node.toString();
    h.storage = o.value(QStringLiteral("storage")).toString();
    h.resource = o.value(QStringLiteral("resource")).toString().toUtf8();
    h.initialClients = o.value(QStringLiteral("clients")).toInt();
    h.persistence = o.value(QStringLiteral("persistence")).toString();
    if (o.contains(QStringLiteral("seed")))
        h.seed = o.value(QStringLiteral("seed")).toString().toULongLong();
    QString settingsError;
    const auto settings = ClientSettings().withJson(o.value(QStringLiteral("settings")).toObject(),
                                                    QStringLiteral("settings"), &settingsError);
    if (settings)
        h.clientDefaults = *settings;
    else
        *warning = QCoreApplication::translate(
                       "RunHeader", "the header's client settings were not understood (%1); "
                                    "the defaults are assumed")
                       .arg(settingsError);
    if (h.nodes.isEmpty() || h.nodes.size() > 16) {
        *error = QCoreApplication::translate("RunHeader", "the run header names %1 nodes")
                     .arg(h.nodes.size());
        return std::nullopt;
    }
    return h;
}
