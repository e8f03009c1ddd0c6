// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/locksettings.h"
#include "model/strategy.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

// How one simulated client behaves: its lock settings plus its work loop
// (acquire -> hold for the work time -> release -> think -> again).
//
// Every setting is a row of ClientSettingField::all(): the command language's keys, the
// config file's names, the limits and the dialog's fields all come from there.
struct ClientSettings
{
    LockSettings lock;
    int workMinMs = 1500; // work time under the lock: uniform in [workMinMs, workMaxMs]
    int workMaxMs = 2500;
    int thinkMs = 500; // pause between a release and the next acquire
    bool autoExtend = false;
    int extendBelowMs = 2000; // auto-extend when believed validity falls below this
    // A careful client gives up when its validity ends inside the critical section and
    // checks it right before writing; a careless one (the oversell ladder's code) writes
    // anyway (docs/domain.md, "Critical section").
    bool careful = true;
    // Which rung of the ladder the client locks with (docs/domain.md, "The ladder").
    Strategy::Kind strategy = Strategy::Kind::Redlock;
    // The network between this client and the nodes, as for a client on its own host: each
    // node's delay is drawn once from 0 to this (ms), from the client's seed. 0: loopback.
    int netDelayMs = 0;

    // Empty when usable; otherwise what is wrong, naming the setting.
    QString validate() const;

    // Applies "key=value" pairs of the command language (ttl=10000 work=1000-3000
    // jitter=off ...). Returns the changed settings, or nothing with *error set (naming
    // the bad key or value) and this object untouched: all or nothing.
    std::optional<ClientSettings> withAssignments(const QStringList& assignments,
                                                  QString* error) const;
    // The same settings written as assignments, for display and for scenario files.
    QStringList toAssignments() const;

    // Applies a config file's "client" object ({"ttlMs": 10000, ...}); `path` names it in
    // messages ("client.ttlMs: expected a number, got \"abc\""). Unknown keys and values of
    // the wrong type are refused. All or nothing, like withAssignments().
    std::optional<ClientSettings> withJson(const QJsonObject& object, const QString& path,
                                           QString* error) const;
    QJsonObject toJson() const;

    friend bool operator==(const ClientSettings&, const ClientSettings&) = default;
};
