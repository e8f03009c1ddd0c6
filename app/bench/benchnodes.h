// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "model/nodeaddress.h"

#include <QList>
#include <memory>

class LocalFleet;

// The nodes a benchmark's phases share (the same nodes in one run): five lock nodes and a
// storage node of its own, unless the user named nodes; then those, and the storage they
// named or one of its own. Its own nodes stop with it.
class BenchNodes
{
public:
    BenchNodes();
    ~BenchNodes();

    bool start(const EngineConfig& config, QString* error);
    const QList<NodeAddress>& lockNodes() const { return m_lockNodes; }
    const NodeAddress& storage() const { return m_storage; }

private:
    std::unique_ptr<LocalFleet> m_fleet;
    QList<NodeAddress> m_lockNodes;
    NodeAddress m_storage;
};
