// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/enginesnapshot.h"
#include "quorum/incidentcause.h"

#include <QCoreApplication>
#include <QString>

class ClientLegend;
class RunData;

// The newest damage to the data, told as one incident: the checker's violations of one
// accepted write (a stale write, the sales it erased, an oversell, an operator's reset
// overwritten), from the snapshot alone. It is news until the next critical section begins:
// the headline keeps it that long, then goes back to who holds the lock.
struct DataIncident
{
    Q_DECLARE_TR_FUNCTIONS(DataIncident)

public:
    int writer = -1;
    int superseder = -1; // a stale write: who had acquired after the writer's section began
    quint16 supersederNodes = 0;
    qint64 written = -1;   // the stock the write left
    qint64 lost = 0;       // sales it erased
    qint64 oversold = 0;   // items sold that were not there
    qint64 resetTo = -1;   // the operator's `stock N` it went over, -1: none
    qint64 tUs = -1;       // when the storage accepted it
    qint64 movedOnUs = -1; // when a critical section began after it, -1: none yet
    bool failover = false; // the writer locks the master Sentinel names
    IncidentCause cause;   // a stale write: why the writer had lost its lock (judgeCause)

    bool isNull() const { return writer < 0; }
    // The newest damaging write in `snapshot`, and when a client's critical section began
    // after it (the story moved on). Null when there is none.
    static DataIncident current(const EngineSnapshot& snapshot);
    // What the history says took the writer's lock (a stale write only).
    void judgeCause(const RunData& history);
    // Still news at `nowUs`: no section began since, or it happened less than `holdUs` ago
    // (clients that buy in a loop begin their next section at once; a class must still read it).
    bool isNews(qint64 nowUs, qint64 holdUs) const
    {
        return !isNull() && (movedOnUs < 0 || nowUs - tUs < holdUs);
    }

    // "DATA DAMAGED: C1 wrote stock 99 after its lock expired; 6 updates lost", the cause
    // the history proves ("after a failover lost its lock", "with no lock at all", ...).
    QString headline(const ClientLegend& legend) const;
    // What it rests on: "C2 acquired (nodes 2, 4, 5) after C1's validity had ended"
    QString evidence(const ClientLegend& legend) const;
    // The clients it involves, the writer first.
    QList<int> clients() const;

private:
    QString how(const ClientLegend& legend) const;
    QString supersederAcquired(const ClientLegend& legend) const;
};
