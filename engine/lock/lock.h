#pragma once

#include "lock/fencingtoken.h"

#include <QByteArray>

// A lock a client holds: valid until validUntilUs on the engine's clock.
struct Lock
{
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
