// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/enginesnapshot.h"
#include "record/replayclient.h"
#include "record/replaynode.h"
#include "record/runheader.h"
#include "record/safetychecker.h"

#include <QList>
#include <QMap>

class ParsedCommand;

// The whole picture at one instant of a recorded run, rebuilt by applying its events in
// order: nodes (ReplayNode), clients (ReplayClient), the storage, the quorum and the
// checker's counts so far. A value type: RunReplayer keeps copies as checkpoints.
//
// Limits (what the history does not hold, so a replay cannot show it): keys are inferred
// from the clients' answers (see ReplayNode), never read; a key set by anyone but our
// clients is not shown; a client's settings follow the recorded commands, not the settings
// dialog of an app that did not record them; node addresses of local nodes read "local".
// It never shows a key after it can have expired, nor a state that no event announced.
class ReplayState
{
public:
    explicit ReplayState(const RunHeader& header);

    void apply(const HistoryEvent& e);
    EngineSnapshot snapshot(qint64 nowUs) const;

    const QList<ReplayNode>& nodes() const { return m_nodes; }
    const ReplayClient* client(int id) const;
    const CheckCounters& counters() const { return m_checker.counters(); }

private:
    void onClientAdded(const HistoryEvent& e);
    void onNodeEvent(const HistoryEvent& e);
    void onStorageEvent(const HistoryEvent& e);
    void onCommand(const HistoryEvent& e);
    void onClientCommand(const ParsedCommand& c);
    void onNodeCommand(const ParsedCommand& c, qint64 tUs);
    void applySettings(const QString& target, const QStringList& assignments);
    ResourceSnapshot resource(const QList<NodeSnapshot>& nodes,
                              const QList<ClientSnapshot>& clients) const;
    QByteArray tokenOfAnswer(const HistoryEvent& e) const;

    struct Decision // a client's last decided attempt
    {
        quint64 op = 0;
        QByteArray token;
        qint64 decidedUs = 0;
    };

    RunHeader m_header;
    QList<ReplayNode> m_nodes;
    QMap<int, ReplayClient> m_clients; // by id: the order clients were added in
    ClientSettings m_defaults;
    int m_lastAdded = -1;
    QHash<int, Decision> m_decided;
    StorageSnapshot m_storage;
    SafetyChecker m_checker;
    qint64 m_lastDecisionUs = 0;
    quint64 m_applied = 0;
};
