// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/resourcesnapshot.h"

#include "model/clientsnapshot.h"
#include "model/nodemask.h"
#include "model/nodesnapshot.h"

#include <QHash>
#include <algorithm>

void ResourceSnapshot::collect(const QList<NodeSnapshot>& nodes,
                               const QList<ClientSnapshot>& clients)
{
    QHash<QByteArray, Holder> byToken;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const NodeSnapshot& node = nodes[i];
        if (node.state != NodeSnapshot::State::Up)
            unknownMask |= NodeMask::bit(i);
        for (const KeySnapshot& key : node.keys) {
            if (key.resource != resource || key.pttlMs == -2 || key.stale)
                continue;
            Holder& holder = byToken[key.token];
            holder.token = key.token;
            holder.client = key.ownerClient;
            holder.noTtl = holder.noTtl || key.pttlMs == -1;
            ++holder.nodeCount;
        }
    }
    holders = byToken.values();
    std::sort(holders.begin(), holders.end(),
              [](const Holder& a, const Holder& b) { return a.nodeCount > b.nodeCount; });
    for (const ClientSnapshot& c : clients)
        if (c.inSection && c.resource == resource)
            sections << Section{c.id,       c.token,          c.validUntilUs,
                                c.lockLost, c.strategyQuorum, c.strategyNodes};
}
