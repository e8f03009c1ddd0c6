// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QRandomGenerator>

struct ClientSettings;

// Every random choice one client makes, from its seed (a scenario's `seed` gives each client
// its own, derived from the scenario's and the client's id): a seeded run replays alike.
// Tokens are the exception: they come from the system's cryptographic source.
class ClientRandom
{
public:
    void seed(quint64 seed);
    quint64 seedValue() const { return m_seed; }
    int bounded(int bound) { return int(m_generator.bounded(bound)); }
    // The order the client reaches its nodes in (drawn once per seed).
    QList<int> nodeOrder(int nodeCount);
    // A work time from the settings' range.
    int workTimeMs(const ClientSettings& settings);
    // The client's delay to each node (netdelay), drawn once from its seed on a stream of
    // its own, so that they do not shift the other choices; all 0 without a netdelay.
    QList<int> networkDelays(int nodeCount, int netDelayMs) const;

private:
    quint64 m_seed = 0;
    QRandomGenerator m_generator;
};
