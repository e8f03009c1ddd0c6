// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <optional>

struct EngineConfig;

// The first line of a run file: what the run was made with, so a run read back months
// later says which nodes, which settings and which app version produced it.
//
//     {"format":"redlockscope-run","version":1,"app":"0.1.0","started":"2024-05-01T13:25:01Z",
//      "clockUs":1200,"nodes":["local","local","local"],"storage":"local","resource":"stock-lock",
//      "clients":1,"persistence":"none","settings":{"ttlMs":10000,...}}
//
// Event times in the file are on the engine's monotonic clock (µs); `clockUs` is that clock
// when the recording began and `started` the wall clock at the same moment. Node addresses
// never carry credentials (NodeAddress::display()).
struct RunHeader
{
    static constexpr int FormatVersion = 1;
    static constexpr const char* FormatName = "redlockscope-run";

    int version = FormatVersion;
    QString appVersion;
    QDateTime started;
    qint64 clockUs = 0;
    QStringList nodes; // "host:port", or "local" for a node the app started
    QString storage;
    QByteArray resource = "stock-lock";
    int initialClients = 0;
    QString persistence; // local nodes' AOF mode at start ("none"); empty when unknown
    ClientSettings clientDefaults;
    std::optional<quint64> seed; // the run's random seed, when it had one

    int nodeCount() const { return int(nodes.size()); }
    bool localNodes() const { return !nodes.isEmpty() && nodes.first() == QLatin1String("local"); }

    static RunHeader forConfig(const EngineConfig& config, qint64 clockUs);
    QByteArray toJsonLine() const; // without the newline
    // Nothing, with *error saying why, when the line is not a run header of this version;
    // *warning is set when the header is usable but part of it was not understood.
    static std::optional<RunHeader> fromJsonLine(QByteArrayView line, QString* error,
                                                 QString* warning);
};
