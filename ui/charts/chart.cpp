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
            "Chart", "Every acquisition attempt as a point (time to its decision), with the p50 "
                     "and p99 of each time window; faults shaded.");
    case Kind::Histogram:
        return QCoreApplication::translate(
            "Chart", "How long attempts took to be decided, with their quantiles.");
    case Kind::Quorum:
        return QCoreApplication::translate(
            "Chart", "The OK votes of each attempt, and the most nodes holding one client's key; "
                     "the dashed line is the quorum.");
    case Kind::Throughput:
        return QCoreApplication::translate("Chart",
                                           "Locks acquired and attempts failed, per second.");
    case Kind::Stock:
        return QCoreApplication::translate(
            "Chart", "The stock the storage holds after each accepted write; lost updates and "
                     "oversold items marked in red.");
    }
    return {};
}
