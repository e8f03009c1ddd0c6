// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/clientsettings.h"
#include "model/clientsnapshot.h"
#include "model/historyevent.h"
#include "model/nodesnapshot.h"
#include "model/resourcesnapshot.h"
#include "model/sentinelsnapshot.h"
#include "model/storagesnapshot.h"
#include "model/violation.h"

#include <QList>
#include <QMetaType>

// Everything the UI draws, published at most once per frame (~60 Hz).
// newEvents holds the history events appended since the previous snapshot.
struct EngineSnapshot
{
    qint64 tUs = 0;
    quint64 sequence = 0;
    QList<NodeSnapshot> nodes;
    SentinelSnapshot sentinels; // the replicated topology only
    StorageSnapshot storage;
    QList<ClientSnapshot> clients;
    // The settings a client added now gets (`defaults ...` changes them): the Defaults dialog
    // and whatever starts a new engine read them here, never from a copy of their own.
    ClientSettings clientDefaults;
    QList<ResourceSnapshot> resources;
    QList<HistoryEvent> newEvents;
    quint64 eventCount = 0;
    double eventsPerSecond = 0;
    qint64 lastDecisionUs = 0;   // the engine clock when the last lock decision was made
    CheckCounters counters;      // the checker's counts so far
    QList<Violation> violations; // the newest few, with their evidence (bounded)
};

Q_DECLARE_METATYPE(EngineSnapshot)
