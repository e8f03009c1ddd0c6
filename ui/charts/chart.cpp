// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chart.h"

#include <QCoreApplication>

QList<Chart::Kind> Chart::all()
{
    return {Kind::Timeline, Kind::Latency,    Kind::Histogram,
            Kind::Quorum,   Kind::Throughput, Kind::Stock};
}

QString Chart::title(Kind kind)
{
    switch (kind) {
    case Kind::Timeline:
        return QCoreApplication::translate("Chart", "Lock timeline");
    case Kind::Latency:
        return QCoreApplication::translate("Chart", "Acquire latency over time");
    case Kind::Histogram:
        return QCoreApplication::translate("Chart", "Acquire latency histogram");
    case Kind::Quorum:
        return QCoreApplication::translate("Chart", "Quorum over time");
    case Kind::Throughput:
        return QCoreApplication::translate("Chart", "Acquisitions and failures per second");
    case Kind::Stock:
        return QCoreApplication::translate("Chart", "Stock over time");
    }
    return {};
}

QString Chart::caption(Kind kind)
{
    switch (kind) {
    case Kind::Timeline:
        return QCoreApplication::translate(
            "Chart", "A lane per client (acquiring, holding, working without the lock, paused, "
                     "crashed) and per node (whose key, its TTL running out); faults shaded, "
                     "overlapping critical sections in red, narration on top.");
    case Kind::Latency:
        return QCoreApplication::translate(
            "Chart", "Every round of an acquire as a point at its decision, by what became of "
                     "it: acquired, refused because another client held the lock, no quorum "
                     "(nodes down or slow), split vote, or expired before it was granted; the "
                     "p50 and p99 lines are of the acquisitions alone; faults shaded.");
    case Kind::Histogram:
        return QCoreApplication::translate(
            "Chart", "How long the rounds took to be decided, stacked by outcome; p50, p90, p99 "
                     "and the slowest of the acquisitions alone, with their values in the "
                     "legend.");
    case Kind::Quorum:
        return QCoreApplication::translate(
            "Chart", "The OK votes of each round (split votes marked), the rule a round must "
                     "meet (a majority, or one node for single-node locks), and the most nodes "
                     "holding one client's key; faults shaded.");
    case Kind::Throughput:
        return QCoreApplication::translate(
            "Chart", "Per second: attempts (every round asked of the nodes, won or lost), "
                     "acquisitions, and final failures (acquires that gave up after their last "
                     "retry); faults shaded.");
    case Kind::Stock:
        return QCoreApplication::translate(
            "Chart", "The stock on the storage, the items sold since `stock N`, the stock put "
                     "there and the stock there should be (stock N minus the sales); each "
                     "oversold item and each lost update marked and labelled; faults shaded.");
    }
    return {};
}
