// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fencingtoken.h"

#include <QByteArray>

// A lock a client holds: valid until validUntilUs on the engine's clock.
struct Lock
{
    // The validity of a lock nothing makes expire (no lock at all, or SETNX's key without a
    // TTL): a year, so that every deadline stays plain arithmetic. Views say it in words.
    static constexpr qint64 NoExpiryUs = 365LL * 24 * 3600 * 1'000'000;
    static bool expires(qint64 validUntilUs, qint64 nowUs)
    {
        return validUntilUs - nowUs < NoExpiryUs / 2;
    }

    QByteArray resource;
    QByteArray token;
    qint64 acquiredUs = 0;
    qint64 validUntilUs = 0;
    int extensions = 0;
    quint16 nodeMask = 0; // the nodes that granted it
    FencingToken fence;   // null when fencing is off

    bool isNull() const { return token.isEmpty(); }
    double validityLeftMs(qint64 nowUs) const { return (validUntilUs - nowUs) / 1000.0; }
};
