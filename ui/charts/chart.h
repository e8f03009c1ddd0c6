// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

// The charts of a run, by name: the window's tabs, `--chart NAME` and the HTML report.
struct Chart
{
    Q_GADGET

public:
    enum class Kind
    {
        Timeline,   // a lane per client and per node, faults, overlaps, narration
        Latency,    // acquire latency over time: each attempt, p50 and p99
        Histogram,  // acquire latency histogram and quantiles
        Quorum,     // votes per attempt and the most nodes one owner held, over time
        Throughput, // acquisitions and failures per second
        Stock,      // the stock on the storage over time
    };
    Q_ENUM(Kind)

    static QList<Kind> all();
    static QString title(Kind kind);   // "Lock timeline", "Acquire latency", ...
    static QString caption(Kind kind); // one sentence: what it shows, for the report
};
