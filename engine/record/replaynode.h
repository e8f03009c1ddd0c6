// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fault.h"
#include "model/historyevent.h"
#include "model/nodesnapshot.h"

#include <QHash>
#include <QMap>
#include <optional>

// One lock node's state rebuilt from the history (for RunReplayer): what a card showed.
//
// The history has no key readings (the cards' polling is not recorded), so the key is
// inferred from the clients' answers: SET NX granted (NodeAnswer acquire ok) puts the
// client's key there; a release or extension it granted deletes or renews it; it expires
// by the client's TTL counted from when the request was sent (the earliest it can have
// been set: the key is never shown longer than it can have lived); a clock jump shortens it;
// a kill or shutdown loses it unless the node persisted it (AOF: always, or everysec for
// keys set a second or more before the crash). Keys set by anyone else (a foreign client,
// redis-cli) are not in the history and so never shown.
class ReplayNode
{
public:
    struct Key
    {
        int client = -1;
        quint64 op = 0;
        QByteArray token; // filled in when the client's Attempt event names it
        qint64 setUs = 0;
        qint64 expiresUs = 0;
        qint64 ttlUs = 0;
    };

    ReplayNode(int index, const QString& address, const QString& persistence);

    // `token`: the attempt's token when the answer came after its decision (a late answer
    // of the attempt), else empty and named later by onAttempt().
    void onAnswer(const HistoryEvent& e, qint64 ttlUs, const QByteArray& token);
    void onAttempt(const HistoryEvent& e); // names the token of keys set by this attempt
    void onFaultStart(const HistoryEvent& e);
    void onFaultEnd(const HistoryEvent& e);
    void onUp(qint64 tUs);
    void onDown(qint64 tUs, const QString& why);
    void setPersistence(const QString& mode) { m_persistence = mode; }
    void jumpClock(qint64 deltaUs, qint64 tUs);
    void partition(const QStringList& clients); // empty: from every client
    void heal();

    // The key at `nowUs` (expired ones are gone), if the node holds one and is readable.
    std::optional<Key> key(qint64 nowUs) const;
    bool isUp() const { return m_state == NodeSnapshot::State::Up; }
    NodeSnapshot::State state() const { return m_state; }
    NodeSnapshot snapshot(const QByteArray& resource, qint64 nowUs) const;

private:
    void loseKeyOnCrash(qint64 tUs);
    NodeSnapshot::State stateNow() const;

    int m_index;
    QString m_address;
    QString m_persistence;  // "none", "everysec", "always"; "" unknown (external)
    bool m_running = false; // the process is up (NodeUp seen, no crash since)
    qint64 m_stateSinceUs = 0;
    bool m_everUp = false;
    qint64 m_restartedUs = 0;
    NodeSnapshot::State m_state = NodeSnapshot::State::Starting;
    QString m_downReason;
    QMap<Fault::Kind, Fault> m_faults;
    std::optional<Key> m_key;
    std::optional<Key> m_persisted;                     // kept on disk while the node is down
    QHash<int, NodeSnapshot::ClientOutcome> m_outcomes; // each client's latest acquire answer
    bool m_partitionedAll = false;
    QStringList m_partitioned;
};
