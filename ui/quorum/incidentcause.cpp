// SPDX-License-Identifier: GPL-3.0-or-later
#include "quorum/incidentcause.h"

#include "charts/rundata.h"
#include "model/fault.h"

#include <optional>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;

// Enough for any story a class follows; a writer whose acquisition lies further back (or is
// no longer kept live) gets no cause named rather than a guess.
constexpr quint64 MaxScanned = 400'000;

bool isNodeLoss(Fault::Kind kind)
{
    return kind == Fault::Kind::Killed || kind == Fault::Kind::ShutDown ||
           kind == Fault::Kind::RestartPending;
}

// The first index whose event is later than tUs (events are in time order).
quint64 firstAfter(const RunData& data, qint64 tUs)
{
    quint64 low = data.firstEventIndex();
    quint64 high = data.eventCount();
    while (low < high) {
        const quint64 mid = low + (high - low) / 2;
        const HistoryEvent* e = data.event(mid);
        if (e && e->tUs <= tUs)
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

struct Story
{
    std::optional<HistoryEvent> writerAcquired;
    std::optional<HistoryEvent> supersederAcquired;
    QList<HistoryEvent> between; // faults, node ups and downs, deletions: oldest first
};

Story read(const RunData& data, int writer, int superseder, qint64 writeUs)
{
    Story story;
    const quint64 first = data.firstEventIndex();
    quint64 i = firstAfter(data, writeUs);
    for (quint64 scanned = 0; i > first && scanned < MaxScanned; ++scanned) {
        const HistoryEvent* e = data.event(--i);
        if (!e)
            break;
        if (e->is(K::Ok, Op::Acquire)) {
            if (e->client == superseder && !story.supersederAcquired)
                story.supersederAcquired = *e;
            if (e->client == writer) {
                story.writerAcquired = *e;
                break;
            }
            continue;
        }
        if (e->kind == K::FaultStart || e->kind == K::FaultEnd || e->kind == K::NodeUp ||
            e->kind == K::NodeDown || e->kind == K::DeletedOthersKey)
            story.between.prepend(*e);
    }
    return story;
}

bool isNodeFault(const HistoryEvent& e, Fault::Kind kind)
{
    return e.kind == K::FaultStart && e.client < 0 && e.node >= 0 && Fault::Kind(e.code) == kind;
}

// Whether the writer was paused when its validity ended.
bool pausedAt(const QList<HistoryEvent>& between, int writer, qint64 tUs)
{
    bool paused = false;
    for (const HistoryEvent& e : between) {
        if (e.tUs > tUs)
            break;
        if (e.client == writer && Fault::Kind(e.code) == Fault::Kind::Paused)
            paused = e.kind == K::FaultStart;
    }
    return paused;
}

int firstNode(quint16 mask)
{
    for (int n = 0; n < 16; ++n)
        if (mask & (1u << n))
            return n;
    return -1;
}

// The writer's keys went while its validity ran: what the history says took them, in the
// order of the most specific first.
IncidentCause lostWithoutExpiry(IncidentCause cause, const Story& story, bool failover)
{
    const HistoryEvent& w = *story.writerAcquired;
    const quint16 taken = cause.supersederNodes;
    const auto window = [&](const HistoryEvent& e) {
        return e.tUs >= w.tUs && e.tUs <= cause.supersededUs;
    };
    for (const HistoryEvent& e : story.between)
        if (window(e) && e.kind == K::DeletedOthersKey && e.token == w.token) {
            cause.kind = IncidentCause::Kind::KeyDeleted;
            cause.deleter = e.client;
            cause.node = e.node;
            return cause;
        }
    for (const HistoryEvent& e : story.between)
        if (window(e) && isNodeFault(e, Fault::Kind::ClockJump) && (taken & (1u << e.node))) {
            cause.kind = IncidentCause::Kind::ClockJump;
            cause.node = e.node;
            return cause;
        }
    for (const HistoryEvent& e : story.between) {
        if (!window(e) || e.kind != K::FaultStart || e.client >= 0 || e.node < 0 ||
            !isNodeLoss(Fault::Kind(e.code)))
            continue;
        const quint16 bit = quint16(1u << e.node);
        if (failover && (w.nodeMask & bit) && !(taken & bit)) {
            cause.kind = IncidentCause::Kind::Failover;
            cause.node = firstNode(taken); // the new master
            return cause;
        }
        if ((w.nodeMask & bit) && (taken & bit)) {
            cause.kind = IncidentCause::Kind::Restart;
            cause.node = e.node;
            return cause;
        }
    }
    return cause;
}

} // namespace

IncidentCause IncidentCause::judge(const RunData& history, int writer, int superseder,
                                   qint64 writeUs, bool failover)
{
    IncidentCause cause;
    const Story story = read(history, writer, superseder, writeUs);
    if (!story.writerAcquired)
        return cause;
    const HistoryEvent& w = *story.writerAcquired;
    if (w.nodeMask == 0) {
        cause.kind = Kind::NoLock;
        return cause;
    }
    cause.validUntilUs = w.tUs + w.number;
    if (!story.supersederAcquired)
        return cause;
    cause.supersededUs = story.supersederAcquired->tUs;
    cause.supersederNodes = story.supersederAcquired->nodeMask;
    if (cause.supersededUs >= cause.validUntilUs) {
        cause.kind = Kind::Expired;
        cause.paused = pausedAt(story.between, writer, cause.validUntilUs);
        return cause;
    }
    return lostWithoutExpiry(cause, story, failover);
}
