// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/enginesnapshot.h"
#include "model/historyevent.h"
#include "model/nodeoutcome.h"

#include <QHash>
#include <QList>

class ClientRegistry;
class ForeignClients;
class Fleet;
class Recorder;
class Storage;
class TokenOwners;

// Builds the snapshot the UI draws from the engine's parts: nodes (their keys traced back
// to their owners), the storage, the clients, the quorum picture, the checker's counts and
// the events since the last snapshot. Keeps what no part keeps by itself: each client's
// latest answer from each node, and when the last decision and the last split vote were.
class SnapshotBuilder
{
public:
    SnapshotBuilder(const QByteArray& resource, const Fleet& fleet, const ClientRegistry& clients,
                    const ForeignClients& foreign, const Storage& storage, Recorder& recorder,
                    const TokenOwners& owners);

    void noteAnswer(int client, int node, HistoryEvent::Operation operation,
                    const NodeOutcome& outcome);
    void noteEvent(const HistoryEvent& event);
    void forgetClient(int client);

    EngineSnapshot build(qint64 nowUs);

private:
    NodeSnapshot nodeSnapshot(int index) const;
    static QString refusalOf(const NodeSnapshot& node);
    ResourceSnapshot resourceSnapshot(const QList<NodeSnapshot>& nodes,
                                      const QList<ClientSnapshot>& clients) const;

    QByteArray m_resource;
    const Fleet& m_fleet;
    const ClientRegistry& m_clients;
    const ForeignClients& m_foreign;
    const Storage& m_storage;
    Recorder& m_recorder;
    const TokenOwners& m_owners;
    QHash<int, QHash<int, NodeSnapshot::ClientOutcome>> m_lastOutcomes; // node -> client ->
    quint64 m_sequence = 0;
    qint64 m_lastDecisionUs = 0;
    qint64 m_lastSplitVoteUs = -1;
};
