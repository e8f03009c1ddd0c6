#pragma once

#include "net/nodeaddress.h"

#include <QByteArray>
#include <QList>

// What the failover strategy needs to find the master through Sentinel: the name the
// Sentinels monitor, where they listen, and each node's own port (index = node), so that
// the address a Sentinel names can be told as a node.
struct FailoverTopology
{
    QByteArray masterName;
    QList<NodeAddress> sentinels;
    QList<quint16> nodePorts;
};
