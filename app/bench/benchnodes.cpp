// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/benchnodes.h"

#include "fleet/localfleet.h"

namespace {
constexpr int StartTimeoutMs = 15000;
} // namespace

BenchNodes::BenchNodes() = default;

BenchNodes::~BenchNodes() = default;

bool BenchNodes::start(const EngineConfig& config, QString* error)
{
    const int own =
        (config.usesLocalFleet() ? config.localNodeCount : 0) + (config.storage ? 0 : 1);
    if (own > 0) {
        RedisServerProcess::Options options;
        options.executable = config.redisServer;
        m_fleet = std::make_unique<LocalFleet>(own, options);
        if (!m_fleet->startAndWait(StartTimeoutMs, error))
            return false;
    }
    const QList<NodeAddress> started = m_fleet ? m_fleet->addresses() : QList<NodeAddress>();
    m_lockNodes = config.usesLocalFleet() ? started.mid(0, config.localNodeCount) : config.nodes;
    m_storage = config.storage ? *config.storage : started.last();
    return true;
}
