// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/tokenlualock.h"
#include "model/failovertopology.h"

#include <functional>

class Clock;
class RedisConnection;

// The `failover` rung (docs/sources.md, "The oversell ladder"; docs/failover.md):
// token-lua on one master with an asynchronous replica, the master found through Sentinel
// (SENTINEL get-master-addr-by-name) before every try, so a client follows the new master after a
// promotion. What it cannot do is know what the old master had not yet sent to its replica: a
// lock taken just before the master died is gone on the promoted replica, and a second client
// takes it there. Two holders.
class FailoverLock : public TokenLuaLock
{
    Q_OBJECT

public:
    FailoverLock(const QList<NodeChannel*>& nodes, const FailoverTopology& topology,
                 const Clock& clock, QObject* parent = nullptr);
    ~FailoverLock() override;

protected:
    void tryOnce(const QByteArray& resource, const QByteArray& token, quint64 op,
                 TryDone done) override;

private:
    using Found = std::function<void(const QString& error)>; // empty error: found
    // Asks the Sentinels in turn, from `first` on, until one names a master we know.
    void findMaster(int first, const Found& then);
    void onMasterNamed(int sentinel, const CommandResult& result, const Found& then);

    QList<NodeChannel*> m_nodes;
    FailoverTopology m_topology;
    QList<RedisConnection*> m_sentinels; // direct: Sentinel is not behind the nodes' proxies
};
