// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/runseries.h"
#include "charts/timelinelane.h"
#include "record/eventtext.h"
#include "record/recordedrun.h"
#include "record/replaystate.h"

#include <QHash>
#include <QList>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

// Everything the charts draw, built from the events as they come (live: one batch per
// frame) or at once from a recorded run: the timeline's lanes and the other charts' series.
//
// Node keys are not in the events; they are inferred the way a replay infers them
// (ReplayState, see ReplayNode), so the timeline and the scrubbed cards always agree.
//
// Live, memory stays bounded: only the newest `capacity` events are kept, and segments and
// points that ended before the oldest kept event are dropped with them. A recorded run keeps
// everything, and shares the run's events instead of copying them.
class RunData
{
public:
    explicit RunData(size_t capacity = 0); // 0: keep everything

    // A live run begins (the window's engine started).
    void start(const RunHeader& header);
    // A recorded run, whole.
    void load(std::shared_ptr<const RecordedRun> run);
    // Live: the events of one frame, in order.
    void append(const QList<HistoryEvent>& events);
    // Live: the engine clock now; open stretches are drawn up to here.
    void setNowUs(qint64 nowUs);

    const RunHeader& header() const { return m_header; }
    bool isLive() const { return !m_run; }
    qint64 startUs() const { return m_startUs; }
    qint64 nowUs() const { return m_nowUs; }
    // Changes whenever anything drawn changes: views redraw and caches rebuild on it.
    quint64 revision() const { return m_revision; }

    const QList<TimelineLane>& clientLanes() const { return m_clients; }
    const QList<TimelineLane>& nodeLanes() const { return m_nodes; }
    const RunSeries& series() const { return m_series; }
    int nodeCount() const { return int(m_nodes.size()); }
    int quorum() const { return nodeCount() / 2 + 1; }
    QString clientName(int client) const { return m_text.clientName(client); }

    // The event with this index (0: the run's first), nullptr when no longer kept.
    const HistoryEvent* event(quint64 index) const;
    // Its line, as the log and the terminal write it.
    QString describe(quint64 index) const;
    quint64 eventCount() const { return m_count; }
    // The index of the oldest event still kept (0 for a recorded run).
    quint64 firstEventIndex() const { return m_run ? 0 : m_firstIndex; }

private:
    void reset(const RunHeader& header);
    void add(const HistoryEvent& e, quint64 index);
    void onClient(const HistoryEvent& e, quint64 index);
    void onClientState(TimelineLane& lane, const HistoryEvent& e, quint64 index);
    void onSection(TimelineLane& lane, const HistoryEvent& e, quint64 index);
    void onFault(TimelineLane& lane, const HistoryEvent& e, quint64 index);
    void onNodeFault(TimelineLane& lane, const HistoryEvent& e, quint64 index);
    void onSeries(const HistoryEvent& e, quint64 index);
    void onAttempt(const HistoryEvent& e, quint64 index);
    void onJudged(const HistoryEvent& e);
    void onAcquired(const HistoryEvent& e, quint64 index);
    void onStock(const HistoryEvent& e, quint64 index);
    void onDamage(const HistoryEvent& e, quint64 index);
    RunSeries::Second& second(qint64 tUs);
    void updateNode(int node, qint64 tUs, quint64 index);
    void updateNodeKey(TimelineLane& lane, const ReplayNode& node, qint64 tUs, quint64 index);
    void updateNodeState(TimelineLane& lane, const ReplayNode& node, qint64 tUs, quint64 index);
    TimelineLane& clientLane(int client);
    void trim();

    size_t m_capacity;
    RunHeader m_header;
    std::shared_ptr<const RecordedRun> m_run; // a recorded run: its events, shared
    std::deque<HistoryEvent> m_events;        // live: the newest `capacity`
    quint64 m_firstIndex = 0;                 // live: the index of m_events.front()
    quint64 m_count = 0;
    std::optional<ReplayState> m_state;
    EventText m_text;
    QList<TimelineLane> m_clients;
    QHash<int, qsizetype> m_clientRow;
    QList<TimelineLane> m_nodes;
    QList<std::optional<QPair<int, qint64>>> m_keyOwner; // per node: (client, set at) shown
    RunSeries m_series;
    struct Vote // a node's answer to a round: whom it voted for
    {
        qint64 sentUs = 0;
        int voter = -1;
        bool ok = false; // the client's own grant (else a holder the node named)
    };
    struct Answers // a client's acquire in progress: the round the nodes granted
    {
        quint64 op = 0;
        std::optional<RunSeries::Attempt> granted; // until the client takes the lock
        QList<Vote> votes;                         // the round's answers so far
    };
    void onAnswer(const HistoryEvent& e);
    static void judgeVotes(RunSeries::Attempt& a, const HistoryEvent& e, const Answers& answers);
    static void sortSplit(RunSeries::Attempt& a);
    int clientNamed(const QString& name) const;
    QHash<int, Answers> m_answers;
    qint64 m_startUs = 0;
    qint64 m_nowUs = 0;
    quint64 m_revision = 0;
};
