#pragma once

#include "clients/clientsettings.h"

#include <QByteArray>
#include <QMap>
#include <QString>

// One simulated client as the engine last saw it.
struct ClientSnapshot
{
    enum class State
    {
        Idle,
        Acquiring,
        Holding,
        Releasing,
        WaitingRetry,
        Paused,
        Crashed,
        Stopped
    };

    int id = 0;
    QString name;
    int colorIndex = 0;
    State state = State::Idle;
    qint64 stateSinceUs = 0;
    QByteArray resource;
    QByteArray token;             // the held (or last tried) token
    qint64 validUntilUs = 0;      // while it believes it holds: when its validity ends
    bool believesHolding = false; // may outlast the validity: a client paused while holding
    int attempt = 0;              // Acquiring / WaitingRetry: which try
    quint64 attempts = 0;
    quint64 acquisitions = 0;
    QMap<QString, quint64> failures; // by reason ("no quorum", "validity expired", ...)
    double meanAcquireUs = 0;
    double p99AcquireUs = 0;
    ClientSettings settings;
    int extensions = 0;

    static QString stateName(State state);
};
