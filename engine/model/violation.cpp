// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/violation.h"

HistoryEvent Violation::toEvent(HistoryEvent::Kind kind, qint64 tUs) const
{
    HistoryEvent e;
    e.tUs = tUs;
    e.kind = kind;
    e.code = quint8(this->kind);
    e.client = secondClient;
    e.number = firstClient;
    e.resource = resource;
    e.nodeMask = firstNodes | secondNodes;
    e.sinceUs = startUs;
    e.previous = amount;
    e.node = node;
    e.fence = fence;
    return e;
}
