// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/historyevent.h"

HistoryEvent HistoryEvent::make(Kind kind, const QString& text)
{
    HistoryEvent e;
    e.kind = kind;
    e.text = text;
    return e;
}

HistoryEvent HistoryEvent::forClient(Kind kind, int client, Operation operation, quint64 op)
{
    HistoryEvent e;
    e.kind = kind;
    e.client = client;
    e.operation = operation;
    e.op = op;
    return e;
}
