// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/checkcounters.h"
#include "model/clientsnapshot.h"
#include "model/fault.h"
#include "model/historyevent.h"
#include "model/nodeoutcome.h"
#include "model/nodesnapshot.h"

#include <QCoreApplication>
#include <QString>

// The window's words for the engine's enum values. The engine's own names ("waiting-retry",
// "no-quorum") are the command language's and the history's, never translated; what a
// person reads in the window comes from here, through Qt Linguist.
class EnumText
{
    Q_DECLARE_TR_FUNCTIONS(EnumText)

public:
    static QString clientState(ClientSnapshot::State state);
    // The same for a state given by its engine name ("releasing"); other words as they are.
    static QString clientState(const QString& engineName);
    static QString nodeState(NodeSnapshot::State state);
    static QString operation(HistoryEvent::Operation operation);
    // A node's answer to one request: ok, taken, error, timeout, down ("…" while pending).
    static QString outcome(NodeOutcome::Kind kind);
    // A failure reason by its engine name ("no-quorum"), as counted in a client's snapshot.
    static QString failReason(const QString& engineName);
    // What a failure reason means, for tooltips.
    static QString failReasonMeaning(const QString& engineName);
    // Names as a list in the reader's language: "C1 and C2", "C1, C2 and C3"; "C1 和 C2".
    static QString nameList(const QStringList& names);
    // A fault as the timeline names it beside who it hit: "killed", "paused", "clock jump".
    static QString fault(Fault::Kind kind);
    // A violation of the checker: "overlap", "stale write", "lost update", ...
    static QString violation(HistoryEvent::ViolationKind kind);
    // A counter of the checker as a class reads it: "stale writes accepted", "lost updates".
    static QString counter(CheckCounters::Name name);
    // An event's kind, for the event log's Event column: "acquire ok", "node answer".
    static QString event(const HistoryEvent& event);
};
