#pragma once

#include "keysnapshot.h"
#include "nodeoutcome.h"

#include <QList>
#include <QString>

// One node as the engine last saw it.
struct NodeSnapshot
{
    enum class State { Starting, Up, Down, Paused };

    struct ClientOutcome
    {
        int client = -1;
        int operation = 0; // Redlock::Operation
        NodeOutcome outcome;
    };

    int index = 0;
    QString address; // host:port
    State state = State::Starting;
    QString error;   // why it is down, in words
    bool local = false;
    qint64 pid = 0;
    qint64 stateSinceUs = 0;
    QList<KeySnapshot> keys;
    QList<ClientOutcome> lastOutcomes; // each client's latest answer from this node

    static QString stateName(State state);
};
