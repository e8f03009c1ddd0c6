// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodeaddress.h"

#include <QByteArray>
#include <QList>

// What the failover strategy needs to find the master through Sentinel: the name the
// Sentinels monitor, where they listen, and each node's own port and replication-link
// listener port (index = node), so that the address a Sentinel names can be told as a node.
// The Sentinels know each node by its link listener (ReplicatedTopology says why).
struct FailoverTopology
{
    QByteArray masterName;
    QList<NodeAddress> sentinels;
    QList<quint16> nodePorts;
    QList<quint16> linkPorts;

    // The node a Sentinel's answer names by `port`, or -1.
    int nodeOf(quint16 port) const
    {
        const qsizetype byLink = linkPorts.indexOf(port);
        return int(port != 0 && byLink >= 0 ? byLink : nodePorts.indexOf(port));
    }
};
