// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"
#include "model/nodeoutcome.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>

// One try at a quorum: the acquire step of Redlock, or an extension.
// Filled in at the moment of decision; nodes that had not answered yet stay Pending
// here and are reported later through LockStrategy::nodeAnswered.
struct AttemptResult
{
    HistoryEvent::Operation operation = HistoryEvent::Operation::Acquire; // or Extend
    QByteArray resource;
    QByteArray token;
    int attempt = 1; // 1 for the first try, 2 for the first retry, ...
    int quorum = 0;
    int okCount = 0;
    bool acquired = false;
    qint64 startUs = 0;
    qint64 decidedUs = 0;
    double validityMs = 0; // ttl - elapsed - drift, at decidedUs
    HistoryEvent::FailReason failReason = HistoryEvent::FailReason::None;
    QString reason;        // why it failed, in words
    quint16 okMask = 0;    // the nodes that said OK by the decision
    quint16 askedMask = 0; // the nodes the round asked
    QList<NodeOutcome> nodes;

    qint64 elapsedUs() const { return decidedUs - startUs; }
};

Q_DECLARE_METATYPE(AttemptResult)
