#pragma once

#include "snapshot/clientsnapshot.h"
#include "record/historyevent.h"
#include "snapshot/nodesnapshot.h"
#include "snapshot/resourcesnapshot.h"

#include <QList>
#include <QMetaType>

// Everything the UI draws, published at most once per frame (~60 Hz).
// newEvents holds the history events appended since the previous snapshot.
struct EngineSnapshot
{
    qint64 tUs = 0;
    quint64 sequence = 0;
    QList<NodeSnapshot> nodes;
    QList<ClientSnapshot> clients;
    QList<ResourceSnapshot> resources;
    QList<HistoryEvent> newEvents;
    quint64 eventCount = 0;
    double eventsPerSecond = 0;
    qint64 lastDecisionUs = 0; // the engine clock when the last lock decision was made
    int violationCount = 0;    // the safety checker's verdict so far: 0 is safe
    QString lastViolation;     // the latest violation in words, with its evidence
};

Q_DECLARE_METATYPE(EngineSnapshot)
