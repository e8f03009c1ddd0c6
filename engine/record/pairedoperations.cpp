// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/pairedoperations.h"

#include <QHash>

PairedOperations::PairedOperations(const std::vector<HistoryEvent>& events)
{
    using K = HistoryEvent::Kind;
    QHash<quint64, qsizetype> open;     // op id -> its row
    QHash<int, qsizetype> openByClient; // client -> its pending row
    for (const HistoryEvent& e : events) {
        if (e.kind == K::Invoke) {
            // A client that moves on leaves its pending operation indeterminate.
            const auto pending = openByClient.constFind(e.client);
            if (pending != openByClient.cend()) {
                m_operations[*pending].endedUs = e.tUs;
                open.remove(m_operations[*pending].invoke->op);
            }
            open.insert(e.op, m_operations.size());
            openByClient.insert(e.client, m_operations.size());
            m_operations.append(Operation{&e});
        } else if (e.kind == K::Ok || e.kind == K::Fail) {
            // No open invoke: given up already, or invoked before the file began.
            const auto row = open.constFind(e.op);
            if (row == open.cend() || m_operations[*row].invoke->operation != e.operation)
                continue;
            m_operations[*row].completion = &e;
            open.erase(row);
            openByClient.remove(e.client);
        }
    }
}
