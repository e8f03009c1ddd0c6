#pragma once

#include "lock/locksettings.h"

#include <QString>
#include <QStringList>
#include <optional>

// How one simulated client behaves: its lock settings plus its work loop
// (acquire -> hold for the work time -> release -> think -> again).
struct ClientSettings
{
    LockSettings lock;
    int workMinMs = 1500; // work time under the lock: uniform in [workMinMs, workMaxMs]
    int workMaxMs = 2500;
    int thinkMs = 500; // pause between a release and the next acquire
    bool autoExtend = false;
    int extendBelowMs = 2000; // auto-extend when believed validity falls below this
    // A careful client gives up when its validity ends inside the critical section and
    // checks it right before writing; a careless one (the seed's code) writes anyway.
    bool careful = true;

    // Empty when usable; otherwise what is wrong, naming the field.
    QString validate() const;

    // Applies "key=value" pairs of the command language (ttl=10000 work=1000-3000
    // jitter=off ...). Returns the changed settings, or nothing with *error set (naming
    // the bad key or value) and this object untouched.
    std::optional<ClientSettings> withAssignments(const QStringList& assignments,
                                                  QString* error) const;
    // The same settings written as assignments, for display and for scenario files.
    QStringList toAssignments() const;

    friend bool operator==(const ClientSettings&, const ClientSettings&) = default;
};
