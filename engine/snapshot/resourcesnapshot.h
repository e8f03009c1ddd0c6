#pragma once

#include <QByteArray>
#include <QList>

// The quorum picture for one resource: how many nodes hold each owner's key.
struct ResourceSnapshot
{
    struct Holder
    {
        QByteArray token;
        int client = -1; // -1: foreign
        int nodeCount = 0;
    };

    QByteArray resource;
    int nodeCount = 0;
    int quorum = 0;
    QList<Holder> holders;   // most nodes first
    int believedHolder = -1; // the client that believes it holds the lock now, if one
    qint64 believedValidUntilUs = 0;
    int believingCount = 0; // > 1: mutual exclusion is broken right now
};
