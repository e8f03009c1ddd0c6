// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/stockjudge.h"

namespace {
using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using V = HistoryEvent::ViolationKind;
} // namespace

void StockJudge::stockSet(const HistoryEvent& e, qint64 salesBefore, qint64 oversoldBefore)
{
    m_set = {e.tUs, e.number, salesBefore, oversoldBefore};
}

QList<Violation> StockJudge::accepted(const HistoryEvent& w, const Supersede& superseder,
                                      qint64 salesSoFar, qint64 oversoldSoFar, qint64* lost)
{
    if (!w.fence.isNull())
        m_lastAccepted.insert(w.resource, w.fence);
    QList<Violation> found;
    Violation v;
    v.resource = w.resource;
    v.secondClient = w.client;
    v.written = w.number;
    if (superseder) {
        v.kind = V::StaleWrite;
        v.firstClient = superseder->client;
        v.firstNodes = superseder->nodes;
        found << v;
    }
    found << lostOrReset(w, lost);
    // Oversold: more sold since the last `stock N` than it put there.
    const qint64 sold = salesSoFar - m_set.salesBefore;
    const qint64 oversoldSinceSet = oversoldSoFar - m_set.oversoldBefore;
    if (m_set.tUs >= 0 && sold > m_set.value + oversoldSinceSet) {
        v.kind = V::Oversold;
        v.firstClient = -1;
        v.amount = sold - m_set.value - oversoldSinceSet;
        found << v;
    }
    return found;
}

// The writer read R and wrote R - 1; the stock was B just before. Without a `stock N` since
// its read, the write erased R - B sales (nobody wrote in between: 0; an earlier write had put
// the stock back up: less than 0, those sales are back). After one (S), it erased the S - B sales
// made since the reset, and overwrote the reset itself: the stock no longer says what the
// operator put.
QList<Violation> StockJudge::lostOrReset(const HistoryEvent& w, qint64* lost) const
{
    const qint64 read = w.number + 1;
    const qint64 before = w.previous;
    QList<Violation> found;
    *lost = 0;
    if (before < 0)
        return found;
    Violation v;
    v.resource = w.resource;
    v.secondClient = w.client;
    v.written = w.number;
    qint64 from = read;
    const auto lastRead = m_lastRead.constFind(w.client);
    if (m_set.tUs >= 0 && lastRead != m_lastRead.cend() && lastRead->tUs < m_set.tUs) {
        v.kind = V::ResetOverwritten;
        v.amount = m_set.value;
        found << v;
        from = m_set.value;
    }
    *lost = from - before;
    if (*lost > 0) {
        v.kind = V::LostUpdate;
        v.amount = *lost;
        found << v;
    }
    return found;
}

HistoryEvent::FailReason StockJudge::refused(const HistoryEvent& w, const Supersede& superseder,
                                             std::optional<Violation>* evidence) const
{
    if (superseder)
        return HistoryEvent::FailReason::Rejected;
    // Nobody acquired after the writer: find the node whose number went back.
    const FencingToken last = m_lastAccepted.value(w.resource);
    Violation v;
    v.kind = V::ValidWriteRejected;
    v.resource = w.resource;
    v.secondClient = w.client;
    v.fence = w.fence;
    for (int node : w.fence.nodes()) {
        const std::optional<qint64> before = last.counter(node);
        const std::optional<qint64> now = w.fence.counter(node);
        if (before && now && *now <= *before) {
            v.node = node;
            v.amount = *before; // the number the storage holds there (the writer's: its fence)
            break;
        }
    }
    *evidence = v;
    return HistoryEvent::FailReason::RejectedValid;
}
