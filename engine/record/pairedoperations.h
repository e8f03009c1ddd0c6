// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QList>
#include <vector>

// The run's operations, each invoke paired with its completion (Jepsen's shape), in the
// order they were invoked: the rows of the CSV export and the ops of the EDN history.
//
// An operation whose completion never came (the client crashed or was stopped while it
// waited, or the run ended first) is indeterminate. So is one still pending when the
// same client invokes its next operation: a client does one thing at a time, and when it
// moves on (a stop cancels an acquisition and releases instead) the old one's outcome is
// unknown. Its `endedUs` then says when it was given up.
class PairedOperations
{
public:
    struct Operation
    {
        const HistoryEvent* invoke = nullptr;
        const HistoryEvent* completion = nullptr; // Ok or Fail; nullptr: indeterminate
        qint64 endedUs = -1; // indeterminate: when the client moved on (-1: the run ended)
        bool indeterminate() const { return completion == nullptr; }
    };

    // `events` must outlive this object (the operations point into it).
    explicit PairedOperations(const std::vector<HistoryEvent>& events);

    const QList<Operation>& all() const { return m_operations; }
    qsizetype size() const { return m_operations.size(); }

private:
    QList<Operation> m_operations;
};
