#pragma once

#include <QByteArray>

// A lock a client believes it holds: valid until validUntilUs on the engine's clock.
struct Lock
{
    QByteArray resource;
    QByteArray token;
    qint64 acquiredUs = 0;
    qint64 validUntilUs = 0;
    int extensions = 0;
    quint64 fencingToken = 0; // 0 when no fencing is in use

    bool isNull() const { return token.isEmpty(); }
    double validityLeftMs(qint64 nowUs) const { return (validUntilUs - nowUs) / 1000.0; }
};
