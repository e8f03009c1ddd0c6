// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/schedule.h"
#include "search/searchoptions.h"

#include <QRandomGenerator>

// Draws a random schedule from a seed, and from nothing else (docs/guide.md, "Searching for a
// counterexample"): the settings every client starts from (drawn from ranges around the TTL, unless
// pinned), when each client joins, and faults of the chosen kinds at random moments and with
// random lengths, never more nodes faulty at once than the bound allows and never a fault a
// node or a client cannot take then (a crashed client is not paused; a node is seen healthy
// again before its next fault). Every fault ends before the schedule does, so what follows
// it (the property's lines) runs on a healed fleet.
class ScheduleGenerator
{
public:
    explicit ScheduleGenerator(const SearchOptions& options);

    Schedule generate(quint64 seed) const;

    // The seed of the trial after the one with `seed` (splitmix64, kept below 2^53 so that it
    // is a scenario's `seed` and a --seed on the command line): trial k of a search with seed
    // S uses next^k(S), so "continue from" is the seed after the last trial run.
    static quint64 nextSeed(quint64 seed);
    // A node is faulty until it is seen healthy again this long after its fault ended.
    static constexpr int SettleMs = 500;

private:
    struct Draw; // one schedule's random state

    QStringList drawDefaults(Draw& draw) const;
    void addClients(Draw& draw) const;
    void addFault(Draw& draw) const;
    bool placeNodeFault(Draw& draw, ScheduleStep step) const;
    bool placeClientFault(Draw& draw, ScheduleStep step) const;
    QList<int> lockNodes() const;
    QStringList moments() const;

    SearchOptions m_options;
};
