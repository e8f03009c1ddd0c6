// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/rundata.h"

#include "model/nodeoutcome.h"

#include "model/fault.h"
#include "model/strategy.h"

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using Seg = TimelineSegment;
using State = ClientSnapshot::State;

Seg::Kind segmentKind(State state)
{
    switch (state) {
    case State::Idle:
        return Seg::Kind::Idle;
    case State::Acquiring:
        return Seg::Kind::Acquiring;
    case State::Holding:
        return Seg::Kind::Holding;
    case State::Releasing:
        return Seg::Kind::Releasing;
    case State::WaitingRetry:
        return Seg::Kind::WaitingRetry;
    case State::Paused:
        return Seg::Kind::Paused;
    case State::Crashed:
        return Seg::Kind::Crashed;
    case State::Stopped:
        return Seg::Kind::Stopped;
    }
    return Seg::Kind::Idle;
}

void closeOpen(TimelineTrack& track, qint64 tUs)
{
    if (!track.empty() && track.back().isOpen())
        track.back().endUs = std::max(track.back().startUs, tUs);
}

Seg segment(Seg::Kind kind, qint64 startUs, quint64 event, int client = -1)
{
    Seg s;
    s.kind = kind;
    s.startUs = startUs;
    s.event = event;
    s.client = client;
    return s;
}

} // namespace

RunData::RunData(size_t capacity) : m_capacity(capacity)
{
    reset(RunHeader{}); // events may come before start() says whose run it is (no nodes yet)
}

void RunData::reset(const RunHeader& header)
{
    m_header = header;
    m_run.reset();
    m_events.clear();
    m_firstIndex = 0;
    m_count = 0;
    m_state.emplace(header);
    m_text = EventText();
    m_clients.clear();
    m_clientRow.clear();
    m_nodes.clear();
    m_keyOwner.clear();
    for (int i = 0; i < header.nodeCount(); ++i) {
        TimelineLane lane;
        lane.type = TimelineLane::Type::Node;
        lane.id = i;
        lane.name = EventText::nodeName(i);
        m_nodes << lane;
        m_keyOwner << std::nullopt;
    }
    m_series = RunSeries();
    m_answers.clear();
    m_startUs = header.clockUs;
    m_nowUs = header.clockUs;
    ++m_revision;
}

void RunData::start(const RunHeader& header)
{
    reset(header);
}

void RunData::load(std::shared_ptr<const RecordedRun> run)
{
    reset(run->header);
    m_run = std::move(run);
    m_startUs = m_run->startUs();
    for (const HistoryEvent& e : m_run->events)
        add(e, m_count++);
    m_nowUs = m_run->endUs();
    ++m_revision;
}

void RunData::append(const QList<HistoryEvent>& events)
{
    if (events.isEmpty() || m_run)
        return;
    if (m_count == 0)
        m_startUs = std::min(m_startUs, events.front().tUs);
    for (const HistoryEvent& e : events) {
        m_events.push_back(e);
        add(e, m_count++);
        m_nowUs = std::max(m_nowUs, e.tUs);
    }
    trim();
    ++m_revision;
}

void RunData::setNowUs(qint64 nowUs)
{
    if (nowUs <= m_nowUs)
        return;
    m_nowUs = nowUs;
    ++m_revision;
}

const HistoryEvent* RunData::event(quint64 index) const
{
    if (m_run)
        return index < m_run->events.size() ? &m_run->events[index] : nullptr;
    if (index < m_firstIndex || index - m_firstIndex >= m_events.size())
        return nullptr;
    return &m_events[index - m_firstIndex];
}

QString RunData::describe(quint64 index) const
{
    const HistoryEvent* e = event(index);
    return e ? m_text.line(*e).trimmed() : QString();
}

void RunData::add(const HistoryEvent& e, quint64 index)
{
    m_text.learn(e);
    m_state->apply(e);
    onSeries(e, index);
    if (e.client >= 0 && e.kind != K::NodeAnswer && e.kind != K::Violation &&
        e.kind != K::ViolationEnd)
        onClient(e, index);
    if (e.node >= 0 && e.node < m_nodes.size()) {
        if (e.kind == K::FaultStart || e.kind == K::FaultEnd)
            onNodeFault(m_nodes[e.node], e, index);
        updateNode(e.node, e.tUs, index);
    } else if (e.kind == K::Command)
        for (int node = 0; node < m_nodes.size(); ++node)
            updateNode(node, e.tUs, index); // a clock jump shortens keys
}

TimelineLane& RunData::clientLane(int client)
{
    const auto it = m_clientRow.constFind(client);
    if (it != m_clientRow.cend())
        return m_clients[*it];
    TimelineLane lane;
    lane.id = client;
    lane.name = m_text.clientName(client);
    m_clientRow.insert(client, m_clients.size());
    m_clients << lane;
    return m_clients.last();
}

void RunData::onClient(const HistoryEvent& e, quint64 index)
{
    TimelineLane& lane = clientLane(e.client);
    switch (e.kind) {
    case K::ClientAdded:
        lane.name = m_text.clientName(e.client);
        lane.removed = false;
        break;
    case K::ClientRemoved:
        lane.removed = true;
        closeOpen(lane.state, e.tUs);
        closeOpen(lane.faults, e.tUs);
        break;
    case K::ClientState:
        onClientState(lane, e, index);
        break;
    case K::Ok:
    case K::SectionEnd:
        onSection(lane, e, index);
        break;
    case K::FaultStart:
    case K::FaultEnd:
        onFault(lane, e, index);
        break;
    default:
        break;
    }
}

void RunData::onClientState(TimelineLane& lane, const HistoryEvent& e, quint64 index)
{
    closeOpen(lane.state, e.tUs);
    lane.state.push_back(segment(segmentKind(State(e.code)), e.tUs, index, e.client));
}

// A critical section: from Ok(Acquire) to SectionEnd, within its validity (InSection)
// and past it (WithoutLock). Extensions move the validity's end.
void RunData::onSection(TimelineLane& lane, const HistoryEvent& e, quint64 index)
{
    if (e.is(K::Ok, Op::Acquire)) {
        lane.sectionStartUs = e.tUs;
        lane.validUntilUs = e.tUs + e.number;
        lane.sectionEvent = index;
    } else if (e.is(K::Ok, Op::Extend) && lane.sectionStartUs >= 0) {
        lane.validUntilUs = e.tUs + e.number;
    } else if (e.kind == K::SectionEnd && lane.sectionStartUs >= 0) {
        Seg in = segment(Seg::Kind::InSection, lane.sectionStartUs, lane.sectionEvent, e.client);
        in.endUs = std::min(lane.validUntilUs, e.tUs);
        lane.section.push_back(in);
        if (lane.validUntilUs < e.tUs) {
            Seg without = segment(Seg::Kind::WithoutLock, in.endUs, lane.sectionEvent, e.client);
            without.endUs = e.tUs;
            lane.section.push_back(without);
        }
        lane.sectionStartUs = -1;
    }
}

void RunData::onFault(TimelineLane& lane, const HistoryEvent& e, quint64 index)
{
    const auto kind = Fault::Kind(e.code);
    if (kind != Fault::Kind::Paused && kind != Fault::Kind::Crashed)
        return;
    if (e.kind == K::FaultEnd) {
        closeOpen(lane.faults, e.tUs);
        return;
    }
    closeOpen(lane.faults, e.tUs);
    Seg s = segment(Seg::Kind::Fault, e.tUs, index, e.client);
    s.code = e.code;
    lane.faults.push_back(s);
}

// A node's faults of different kinds overlap (partitioned and slow): each kind is closed
// by its own end.
void RunData::onNodeFault(TimelineLane& lane, const HistoryEvent& e, quint64 index)
{
    if (e.kind == K::FaultStart) {
        Seg s = segment(Seg::Kind::Fault, e.tUs, index);
        s.node = qint16(e.node);
        s.code = e.code;
        lane.faults.push_back(s);
        return;
    }
    for (auto it = lane.faults.rbegin(); it != lane.faults.rend(); ++it) {
        if (it->isOpen() && it->code == e.code) {
            it->endUs = std::max(it->startUs, e.tUs);
            break;
        }
    }
}

void RunData::updateNode(int node, qint64 tUs, quint64 index)
{
    const ReplayNode& replay = m_state->nodes().at(node);
    updateNodeKey(m_nodes[node], replay, tUs, index);
    updateNodeState(m_nodes[node], replay, tUs, index);
}

// The key the replay infers now, against the one drawn last: renewed (an extension or a
// clock jump changes when it expires), replaced, or gone before its time.
void RunData::updateNodeKey(TimelineLane& lane, const ReplayNode& node, qint64 tUs, quint64 index)
{
    const auto key = node.key(tUs);
    auto& owner = m_keyOwner[lane.id];
    TimelineTrack& keys = lane.section;
    const bool same = key && owner && owner->first == key->client && owner->second == key->setUs;
    if (same && keys.back().rampEndUs == key->expiresUs)
        return;
    if (!key) {
        if (owner && keys.back().endUs > tUs)
            keys.back().endUs = std::max(keys.back().startUs, tUs); // deleted or lost
        owner.reset();
        return;
    }
    qint64 startUs = same ? tUs : key->setUs;
    if (!keys.empty() && keys.back().endUs > startUs) {
        keys.back().endUs = std::max(keys.back().startUs, startUs);
        startUs = keys.back().endUs;
    }
    Seg s = segment(Seg::Kind::Key, startUs, index, key->client);
    s.endUs = key->expiresUs;
    s.rampEndUs = key->expiresUs;
    s.ttlUs = std::max<qint64>(1, key->ttlUs);
    keys.push_back(s);
    owner = qMakePair(key->client, key->setUs);
}

void RunData::updateNodeState(TimelineLane& lane, const ReplayNode& node, qint64 tUs, quint64 index)
{
    using S = NodeSnapshot::State;
    const S state = node.state();
    const bool drawn = state == S::Down || state == S::Paused;
    const Seg::Kind kind = state == S::Paused ? Seg::Kind::NodePaused : Seg::Kind::NodeDown;
    const bool openNow = !lane.state.empty() && lane.state.back().isOpen();
    if (openNow && drawn && lane.state.back().kind == kind)
        return;
    closeOpen(lane.state, tUs);
    if (drawn)
        lane.state.push_back(segment(kind, tUs, index));
}

// A round that failed is a point now. A round the nodes granted becomes a point when the
// client takes the lock (Ok(Acquire)): so the acquired points are the checker's acquisitions,
// and a grant the client never used (stopped or crashed in between) is not drawn as one.
// A node's answer to an acquire: whom its vote went to (the client on OK; on "taken", the
// holder it named), kept until the round is decided.
void RunData::onAnswer(const HistoryEvent& e)
{
    Answers& answers = m_answers[e.client];
    if (answers.op != e.op) {
        answers.op = e.op;
        answers.votes.clear();
        answers.granted.reset();
    }
    const auto kind = NodeOutcome::Kind(e.code);
    Vote vote;
    vote.sentUs = e.latencyUs >= 0 ? e.tUs - e.latencyUs : e.tUs;
    vote.ok = kind == NodeOutcome::Kind::Ok;
    if (vote.ok)
        vote.voter = e.client;
    else if (kind == NodeOutcome::Kind::Taken && e.number > 0)
        vote.voter = int(e.number);
    else if (kind == NodeOutcome::Kind::Taken)
        vote.voter = clientNamed(m_text.ownerOf(e.token));
    else
        return; // down, timed out or an error: no vote
    answers.votes << vote;
}

int RunData::clientNamed(const QString& name) const
{
    for (const TimelineLane& lane : m_clients)
        if (!name.isEmpty() && lane.name == name)
            return lane.id;
    return -1;
}

// A failed round told by the answers behind it: a split vote's votes by client (most first),
// and a round "no quorum" because nodes still held the client's own earlier key.
void RunData::judgeVotes(RunSeries::Attempt& a, const HistoryEvent& e, const Answers& answers)
{
    QHash<int, int> votes;
    bool ownKey = false;
    for (const Vote& v : answers.votes) {
        if (v.sentUs < e.sinceUs || v.voter < 0)
            continue;
        ++votes[v.voter];
        ownKey = ownKey || (!v.ok && v.voter == e.client);
    }
    if (a.outcome == AttemptOutcome::Kind::NoQuorum && ownKey)
        a.outcome = AttemptOutcome::Kind::OwnKey;
    // Kept for every failed round: the checker may judge it a split once its late answers came.
    for (auto it = votes.cbegin(); it != votes.cend(); ++it)
        a.split.push_back({it.key(), it.value()});
    sortSplit(a);
}

void RunData::sortSplit(RunSeries::Attempt& a)
{
    std::sort(a.split.begin(), a.split.end(), [](const auto& x, const auto& y) {
        return x.second != y.second ? x.second > y.second : x.first < y.first;
    });
}

void RunData::onAttempt(const HistoryEvent& e, quint64 index)
{
    ++second(e.tUs).attempts;
    Answers& answers = m_answers[e.client];
    if (answers.op != e.op)
        answers.votes.clear();
    answers.op = e.op;
    const ReplayClient* client = m_state->client(e.client);
    const auto strategy = client ? client->settings().strategy : Strategy::Kind::Redlock;
    const int needed = std::max(1, Strategy::quorum(strategy, nodeCount()));
    RunSeries::Attempt a;
    a.tUs = e.tUs;
    a.latencyUs = std::max<qint64>(0, e.latencyUs);
    a.event = index;
    a.client = e.client;
    a.votes = qint16(e.number);
    a.needed = qint16(needed);
    a.outcome = AttemptOutcome::classify(e.failReason());
    judgeVotes(a, e, answers);
    answers.votes.clear(); // the next round's answers are its own
    answers.granted.reset();
    if (a.outcome == AttemptOutcome::Kind::Acquired)
        answers.granted = a;
    else
        m_series.attempts.push_back(a);
}

// A failed round judged once all its answers were in: its point takes the judged outcome (the
// round's attempt is the client's first decided since the round began).
void RunData::onJudged(const HistoryEvent& e)
{
    RunSeries::Attempt* round = nullptr;
    for (auto it = m_series.attempts.rbegin(); it != m_series.attempts.rend(); ++it) {
        if (it->tUs < e.sinceUs)
            break;
        if (it->client == e.client)
            round = &*it;
    }
    if (!round)
        return;
    const auto judged = AttemptOutcome::classify(e.failReason());
    // "No quorum" is what the checker says of a round refused by the client's own earlier key
    // too: the chart's finer reason, told from the answers, stays.
    if (!(judged == AttemptOutcome::Kind::NoQuorum &&
          round->outcome == AttemptOutcome::Kind::OwnKey))
        round->outcome = judged;
    // The answers that came after the client decided are the round's too: its split is told
    // from all of them, as the checker judged it.
    const auto answers = m_answers.constFind(e.client);
    if (answers == m_answers.cend() || answers->op != e.op)
        return;
    for (const Vote& v : answers->votes) {
        if (v.sentUs < e.sinceUs || v.voter < 0)
            continue;
        const auto it = std::find_if(round->split.begin(), round->split.end(),
                                     [&v](const auto& p) { return p.first == v.voter; });
        if (it == round->split.end())
            round->split.push_back({v.voter, 1});
        else
            ++it->second;
    }
    sortSplit(*round);
}

void RunData::onAcquired(const HistoryEvent& e, quint64 index)
{
    ++second(e.tUs).acquired;
    Answers& answers = m_answers[e.client];
    RunSeries::Attempt a;
    if (answers.op == e.op && answers.granted) {
        a = *answers.granted;
    } else { // a rung without rounds (no lock at all): taken at once, no vote asked
        a.latencyUs = std::max<qint64>(0, e.latencyUs);
        a.client = e.client;
        a.needed = 1;
    }
    answers.granted.reset();
    a.tUs = e.tUs;
    a.event = index;
    m_series.attempts.push_back(a);
}

RunSeries::Second& RunData::second(qint64 tUs)
{
    // Only the seconds that had something: a quiet second has no entry, and the chart draws
    // nothing there, as a bar of 0 would. Filling them would let a run file decide the memory
    // (one event at t = 1e16 us: 10^10 seconds).
    auto& seconds = m_series.seconds;
    const qint64 at = tUs / 1'000'000;
    if (seconds.empty() || seconds.back().second < at)
        seconds.push_back({at});
    return seconds.back();
}

void RunData::onStock(const HistoryEvent& e, quint64 index)
{
    RunSeries::StockPoint p;
    if (!m_series.stock.empty())
        p = m_series.stock.back();
    p.tUs = e.tUs;
    p.value = e.number;
    p.event = index;
    p.sale = e.kind != K::StockSet;
    if (e.kind == K::StockSet) {
        p.initial = e.number;
        p.sold = 0;
    } else {
        ++p.sold;
    }
    m_series.stock.push_back(p);
}

// The checker's damage, placed at the write that did it: a lost update on the stock it left,
// an oversell on the sales.
void RunData::onDamage(const HistoryEvent& e, quint64 index)
{
    RunSeries::Damage d;
    d.tUs = e.tUs;
    d.kind = e.code;
    d.amount = std::max<qint64>(1, e.previous); // Violation::toEvent: the amount
    d.client = e.client;
    d.event = index;
    if (!m_series.stock.empty()) {
        d.tUs = m_series.stock.back().tUs;
        d.stock = m_series.stock.back().value;
        d.sold = m_series.stock.back().sold;
    }
    m_series.damage.push_back(d);
}

void RunData::onSeries(const HistoryEvent& e, quint64 index)
{
    RunSeries& s = m_series;
    switch (e.kind) {
    case K::NodeAnswer:
        if (e.operation == Op::Acquire)
            onAnswer(e);
        break;
    case K::Attempt:
        if (e.operation == Op::Acquire)
            onAttempt(e, index);
        break;
    case K::RoundJudged:
        onJudged(e);
        break;
    case K::Ok:
        if (e.operation == Op::Acquire)
            onAcquired(e, index);
        else if (e.operation == Op::Write)
            onStock(e, index);
        break;
    case K::Fail:
        if (e.operation == Op::Acquire)
            ++second(e.tUs).failed;
        else if (e.operation == Op::Write && e.failReason() == HistoryEvent::FailReason::Rejected)
            s.moments.push_back({e.tUs, RunSeries::Moment::Kind::RejectedWrite, e.client,
                                 int(e.previous), -1, e.fence.toDisplay(), index});
        break;
    case K::DeletedOthersKey: {
        const QString owner = m_text.ownerOf(e.token);
        int other = -1;
        for (const TimelineLane& lane : std::as_const(m_clients))
            if (lane.name == owner)
                other = lane.id;
        s.moments.push_back({e.tUs, RunSeries::Moment::Kind::WrongRelease, e.client, other, e.node,
                             QString(), index});
        break;
    }
    case K::StockSet:
        onStock(e, index);
        break;
    case K::Say:
        s.says.push_back({e.tUs, e.text, e.line});
        break;
    case K::Violation: {
        const auto kind = HistoryEvent::ViolationKind(e.code);
        if (kind == HistoryEvent::ViolationKind::LostUpdate ||
            kind == HistoryEvent::ViolationKind::Oversold ||
            kind == HistoryEvent::ViolationKind::ResetOverwritten)
            onDamage(e, index);
        s.violations.push_back(
            {e.sinceUs >= 0 ? e.sinceUs : e.tUs, -1, e.code, int(e.number), e.client, index});
        break;
    }
    case K::ViolationEnd:
        for (auto it = s.violations.rbegin(); it != s.violations.rend(); ++it) {
            if (it->endUs < 0 && it->kind == e.code && it->first == int(e.number) &&
                it->second == e.client) {
                it->endUs = e.tUs;
                break;
            }
        }
        break;
    default:
        break;
    }
}

// Live: the oldest events go, and with them whatever ended before the oldest one kept.
void RunData::trim()
{
    if (m_capacity == 0 || m_events.size() <= m_capacity + m_capacity / 10)
        return;
    const size_t drop = m_events.size() - m_capacity;
    m_events.erase(m_events.begin(), m_events.begin() + qsizetype(drop));
    m_firstIndex += drop;
    const qint64 horizonUs = m_events.front().tUs;
    m_startUs = horizonUs;
    const auto trimTrack = [horizonUs](TimelineTrack& track) {
        while (!track.empty() && !track.front().isOpen() && track.front().endUs < horizonUs)
            track.pop_front();
    };
    for (QList<TimelineLane>* lanes : {&m_clients, &m_nodes})
        for (TimelineLane& lane : *lanes) {
            trimTrack(lane.state);
            trimTrack(lane.section);
            trimTrack(lane.faults);
        }
    const auto before = [horizonUs](const auto& point) { return point.tUs < horizonUs; };
    while (!m_series.attempts.empty() && before(m_series.attempts.front()))
        m_series.attempts.pop_front();
    while (m_series.stock.size() > 1 && before(m_series.stock[1])) // the level at the horizon
        m_series.stock.pop_front();
    while (!m_series.damage.empty() && before(m_series.damage.front()))
        m_series.damage.pop_front();
    while (!m_series.says.empty() && before(m_series.says.front()))
        m_series.says.pop_front();
    while (!m_series.seconds.empty() && m_series.seconds.front().second < horizonUs / 1'000'000)
        m_series.seconds.pop_front();
    while (!m_series.violations.empty() && m_series.violations.front().endUs >= 0 &&
           m_series.violations.front().endUs < horizonUs)
        m_series.violations.pop_front();
    while (!m_series.moments.empty() && m_series.moments.front().tUs < horizonUs)
        m_series.moments.pop_front();
}
