// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/constants.h"

#include <QString>

// How one client takes its lock. The defaults: docs/domain.md, "Defaults".
struct LockSettings
{
    // How a waiter waits for its next try: sleeping its retry delay (poll), or until the
    // holder's release publishes an unlock message (pubsub, Redisson's waiters; the retry
    // delay still bounds the wait, so a lost message never hangs it). Only the reentrant
    // rungs publish on release (Strategy::canWaitForRelease).
    enum class Wait
    {
        Poll,
        PubSub,
    };

    int ttlMs = Constants::DefaultTtlMs;
    int nodeTimeoutMs = Constants::DefaultNodeTimeoutMs; // per node, far below the TTL
    // Past half the TTL the drift allowance leaves no validity worth having; the settings
    // table (ClientSettingField) and validate() take this one bound.
    static constexpr double MaxDriftFactor = 0.5;
    double driftFactor = 0.01; // drift = ttl * factor + driftConstantMs
    int driftConstantMs = 2;
    int retryCount = 3;      // further attempts after the first one
    int retryDelayMs = 100;  // the delay before a retry is retryDelayMs ...
    int retryJitterMs = 200; // ... plus a random 0..retryJitterMs when jitter is on
    bool jitter = true;      // off: every client retries in lock step (split votes)
    int maxExtensions = 3;   // a lock may not be extended forever
    bool fencing = false;    // issue fencing tokens with the lock (docs/domain.md, "Fencing")
    Wait wait = Wait::Poll;

    double driftMs() const { return ttlMs * driftFactor + driftConstantMs; }
    // Empty when usable; otherwise what is wrong, naming the field.
    QString validate() const;

    friend bool operator==(const LockSettings&, const LockSettings&) = default;
};
