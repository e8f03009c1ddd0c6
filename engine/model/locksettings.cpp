// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/locksettings.h"

QString LockSettings::validate() const
{
    if (ttlMs < 10 || ttlMs > 3600 * 1000)
        return QStringLiteral("ttl must be 10 ms to 1 h (is %1 ms)").arg(ttlMs);
    if (nodeTimeoutMs < 1 || nodeTimeoutMs >= ttlMs)
        return QStringLiteral("timeout must be at least 1 ms and below the ttl (is %1 ms)")
            .arg(nodeTimeoutMs);
    if (driftFactor < 0 || driftFactor > MaxDriftFactor)
        return QStringLiteral("drift factor must be 0 to %1 (is %2)")
            .arg(MaxDriftFactor)
            .arg(driftFactor);
    if (driftConstantMs < 0)
        return QStringLiteral("driftms must not be negative (is %1)").arg(driftConstantMs);
    if (retryCount < 0 || retryCount > 1000)
        return QStringLiteral("retries must be 0 to 1000 (is %1)").arg(retryCount);
    if (retryDelayMs < 0 || retryJitterMs < 0)
        return QStringLiteral("retry delay and jitter must not be negative");
    if (maxExtensions < 0)
        return QStringLiteral("maxext must not be negative (is %1)").arg(maxExtensions);
    return {};
}
