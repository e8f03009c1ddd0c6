// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QByteArray>
#include <QString>

// Something the checker found that must not happen: two clients in their critical sections
// at once, or data the storage shows damaged. With its evidence: who, on which nodes, when.
struct Violation
{
    HistoryEvent::ViolationKind kind = HistoryEvent::ViolationKind::Overlap;
    QByteArray resource;
    int firstClient = -1;   // Overlap: was in first; StaleWrite: the later holder
    int secondClient = -1;  // Overlap: entered while the first was in; writes: the writer
    quint16 firstNodes = 0; // the nodes each held when it acquired
    quint16 secondNodes = 0;
    qint64 startUs = 0;
    qint64 endUs = -1;   // -1: still going on
    qint64 amount = 1;   // LostUpdate / Oversold: how many items; ResetOverwritten: the stock
                         // the operator had set; ValidWriteRejected: the storage's number there
    int node = -1;       // ValidWriteRejected: the node whose fencing number went back
    FencingToken fence;  // ValidWriteRejected: the writer's token
    qint64 written = -1; // the violations of an accepted write: the stock it wrote

    bool isOpen() const { return endUs < 0; }
    // As a history event (Violation or ViolationEnd), stamped tUs.
    HistoryEvent toEvent(HistoryEvent::Kind kind, qint64 tUs) const;
};
