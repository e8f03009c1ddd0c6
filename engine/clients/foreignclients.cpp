// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/foreignclients.h"

#include "base/clock.h"
#include "model/fault.h"
#include "model/latencywindow.h"
#include "model/lock.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <climits>
#include <deque>

namespace {
using Kind = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using State = ClientSnapshot::State;
using End = HistoryEvent::SectionEndReason;
using Fail = HistoryEvent::FailReason;

// A round nobody finished answering is decided after this long, looked at this often; an
// acquire whose last round failed and that tried no other round for this long gave up.
constexpr int RoundDeadlineMs = 2000;
constexpr int SweepMs = 50;
// A client seen on one node is taken for a one-node client after this long (settle()).
constexpr int SettleMs = 25;
constexpr int RetireCheckMs = 1000;

NodeOutcome::Kind outcomeOf(const LockOp& op)
{
    if (op.error)
        return op.errorText.startsWith(QLatin1String("node down")) ? NodeOutcome::Kind::Down
                                                                   : NodeOutcome::Kind::Error;
    return op.granted ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken;
}

quint16 bit(int node)
{
    return quint16(1u << node);
}

QString failName(Fail reason)
{
    switch (reason) {
    case Fail::ValidityExpired:
        return QStringLiteral("validity-expired");
    case Fail::Taken:
        return QStringLiteral("taken");
    default:
        return QStringLiteral("no-quorum");
    }
}

bool saysDone(const RedisReply& reply)
{
    if (reply.type == RedisReply::Type::Array && !reply.elements.isEmpty())
        return saysDone(reply.elements.first());
    return (reply.type == RedisReply::Type::Integer && reply.integer >= 1) || reply.isOkStatus();
}

QString shortSha(const QByteArray& sha)
{
    return QString::fromLatin1(sha.left(8)) + QStringLiteral("…");
}
} // namespace

// One acquisition round: every request of one token to the nodes, once each.
struct ForeignClients::Round
{
    QByteArray token;
    QByteArray key;
    qint64 firstSentUs = 0;
    qint64 lastRepliedUs = 0;
    qint64 ttlMs = -1;
    quint16 asked = 0;
    quint16 granted = 0;
    quint16 refused = 0; // taken or an error
    bool decided = false;
};

// One acquire: the rounds of one token until a lease, or until the client gives up.
struct ForeignClients::Acquire
{
    bool active = false;
    quint64 op = 0;
    QByteArray token;
    qint64 lastRoundUs = 0; // when its last round failed
    Fail lastReason = Fail::NoQuorum;
};

// One extension request: every node asked once; counted once, when a quorum granted it.
struct ForeignClients::Extension
{
    quint64 op = 0;
    QByteArray token;
    qint64 firstSentUs = 0;
    quint16 asked = 0;
    quint16 granted = 0;
    bool counted = false;
};

struct ForeignClients::Client
{
    int id = 0;
    QString name;  // "F1"
    QString label; // "node (pid 4121)"
    QString key;
    QString origin; // its process or address, when it named itself (ForeignIdentity::origin)
    quint64 nextOp = 0;
    bool settled = false; // known to lock on one node or on a majority (settle())
    State state = State::Idle;
    qint64 stateSinceUs = 0;
    qint64 lastActiveUs = 0;
    QHash<QByteArray, Round> rounds; // by token, until decided and answered
    Acquire acquire;
    Extension extension;
    // The lease (its critical section), while it lasts.
    bool leased = false;
    quint64 sectionOp = 0;
    qint64 sectionSinceUs = 0;
    Lock lock;
    QByteArray releasing; // the token whose release began (answers still coming)
    quint64 releaseOp = 0;
    quint16 releaseAsked = 0;   // nodes that answered the release
    quint16 releaseDeleted = 0; // nodes where it deleted the key
    qint64 releaseSinceUs = 0;
    QByteArray lockKey; // the key it locks (its events' resource)
    // What the node must tell: exchanges wait here, in order, while a read of a node is out.
    int waiting = 0;
    std::deque<std::pair<int, ForeignExchange>> backlog;
    std::unique_ptr<QTimer> expiry;
    std::unique_ptr<QTimer> pauseTimer;
    std::unique_ptr<QTimer> settleTimer;
    quint16 refusedBy = 0; // nodes whose refusal of a new connection its history has told
    bool paused = false;
    State stateBeforePause = State::Idle;
    quint64 attempts = 0;
    quint64 acquisitions = 0;
    quint64 sales = 0;
    QMap<QString, quint64> failures;
    LatencyWindow latencies; // acquire: first request to the deciding answer
};

ForeignClients::ForeignClients(const QByteArray& resource, const QByteArray& stockKey,
                               int nodeCount, const Clock& clock, QObject* parent)
    : QObject(parent), m_resource(resource), m_stockKey(stockKey), m_nodeCount(nodeCount),
      m_clock(clock)
{
    m_sweep.setParent(this); // moves to the engine's thread with us
    m_retire.setParent(this);
    connect(&m_sweep, &QTimer::timeout, this, &ForeignClients::sweep);
    connect(&m_retire, &QTimer::timeout, this, [this] { retireIdle(false); });
}

ForeignClients::~ForeignClients() = default;

ForeignClients::Client& ForeignClients::clientFor(const ForeignIdentity& who)
{
    if (Client* known = byKey(who.key))
        return *known;
    if (m_clients.size() >= MaxLanes)
        retireIdle(true);
    auto c = std::make_shared<Client>();
    c->id = m_nextId++;
    c->name = QStringLiteral("F%1").arg(c->id - FirstId + 1);
    c->label = who.label;
    c->key = who.key;
    c->origin = who.origin;
    c->stateSinceUs = c->lastActiveUs = m_clock.nowUs();
    c->expiry = std::make_unique<QTimer>();
    c->expiry->setSingleShot(true);
    c->expiry->setTimerType(Qt::PreciseTimer);
    const int id = c->id;
    connect(c->expiry.get(), &QTimer::timeout, this, [this, id] {
        if (const auto it = m_clients.find(id); it != m_clients.end() && (*it)->leased)
            endLease(**it, End::Expired);
    });
    m_clients.insert(id, c);
    m_byKey.insert(who.key, id);
    HistoryEvent added = HistoryEvent::forClient(Kind::ClientAdded, id);
    added.code = HistoryEvent::ForeignClient;
    added.text = c->name;
    added.note = c->label;
    record(added, *c);
    emit identified(who.key, id);
    if (!m_retire.isActive())
        m_retire.start(RetireCheckMs);
    return *c;
}

// A connection alone makes no lane: a client becomes one with its first lock command, by
// then known by the name it gave (CLIENT SETNAME closes and reopens it under that name).
// The nodes an identity ever connected to stay counted while it has a lane or a connection:
// a client that opens a connection per command still talks to all five.
void ForeignClients::onConnection(int node, const ForeignIdentity& who, bool open)
{
    if (who.isNull() || node < 0 || node >= m_nodeCount)
        return;
    int& count = m_openConnections[who.key];
    count = std::max(0, count + (open ? 1 : -1));
    if (open) {
        m_nodesOf[who.key] |= bit(node);
        return;
    }
    if (count > 0)
        return;
    m_openConnections.remove(who.key);
    if (Client* c = byKey(who.key)) {
        // Its last connection closed: an acquire still retrying has given up.
        for (Round& round : c->rounds)
            closeRound(*c, round);
        c->rounds.clear();
        giveUp(*c);
    } else {
        bool origin = false;
        for (const auto& other : std::as_const(m_clients))
            origin |= other->origin == who.key;
        if (!origin)
            m_nodesOf.remove(who.key);
    }
}

// A named client counts the nodes its process dialled too: node-redlock's five connections
// open together, but on a loaded machine one of them may be named and granted a second
// before the others are named, and it would be taken for a one-node client (its first
// round a lease on one node: an acquisition the client never had).
int ForeignClients::connectedNodes(const Client& c) const
{
    const quint16 nodes =
        m_nodesOf.value(c.key) | (c.origin.isEmpty() ? 0 : m_nodesOf.value(c.origin));
    return int(qPopulationCount(nodes));
}

// A client that talks to one node only locks on that node (redis-py's Lock, a SETNX lock);
// one that talks to several is a Redlock client, whose lease needs a majority of the fleet.
int ForeignClients::quorumOf(const Client& c) const
{
    return m_singleMaster || connectedNodes(c) <= 1 ? 1 : m_nodeCount / 2 + 1;
}

// A release is the client's giving up the lock: it no longer relies on it from the moment it
// sends it. Ended here, before the node runs it, the lease can never seem to overlap the next
// holder's, whose grant the node can only give after the release ran (its answer may reach
// the app first).
void ForeignClients::onRequests(int node, const ForeignRequests& requests)
{
    Q_UNUSED(node)
    Client* c = byKey(requests.who.key);
    if (!c || !c->leased)
        return;
    const qint64 sentUs = requests.sentUs;
    for (const QByteArrayList& command : requests.commands) {
        const LockOp op = LockOp::intent(command, m_stockKey, &m_scripts);
        if (op.kind != LockOp::Kind::Release)
            continue;
        const bool ours =
            op.token.isEmpty() ? op.key == c->lock.resource : op.token == c->lock.token;
        if (ours && c->leased)
            beginRelease(*c, c->lock.token, sentUs);
    }
}

void ForeignClients::onExchange(int node, const ForeignExchange& x)
{
    if (x.command.isEmpty()) {
        onRefused(node, x);
        return;
    }
    const LockOp op = LockOp::recognise(x.command, x.reply, m_stockKey, &m_scripts);
    if (op.kind == LockOp::Kind::None && !op.unknownScript)
        return;
    Client& c = clientFor(x.who);
    c.lastActiveUs = m_clock.nowUs();
    // The node answers it again: its next refusal is news again.
    if (node >= 0 && node < m_nodeCount &&
        (!x.reply.isError() || !x.reply.text.startsWith("node down")))
        c.refusedBy &= quint16(~bit(node));
    if (c.waiting > 0) {
        c.backlog.emplace_back(node, x); // after what a node is still to tell
        return;
    }
    if (op.unknownScript)
        probeUnknown(c, node, x, op);
    else
        apply(c, node, x, op);
}

// A new connection the node refused before the client sent anything (a reconnect to a dead
// node; see ProxyWorker::failUpstream): the node's answer to that client, or a client with
// nothing in flight when its node died would fail every try on its own side while its lane
// showed nothing. The process's named lanes (their reconnects have not named themselves yet)
// that talk to that node take it too. Said once per lane and node until the node answers
// that lane again: a client retrying every 100 ms would otherwise bury the history. (The
// storage is no lock node: its refusals tell no lock's story.)
void ForeignClients::onRefused(int node, const ForeignExchange& x)
{
    if (node < 0 || node >= m_nodeCount)
        return;
    QList<Client*> lanes;
    if (Client* c = byKey(x.who.key)) {
        lanes << c;
    } else {
        for (const auto& c : std::as_const(m_clients))
            if (c->origin == x.who.key && (m_nodesOf.value(c->key) & bit(node)) != 0)
                lanes << c.get();
    }
    for (Client* c : std::as_const(lanes)) {
        c->lastActiveUs = m_clock.nowUs();
        if ((c->refusedBy & bit(node)) != 0)
            continue;
        c->refusedBy |= bit(node);
        LockOp refusal;
        refusal.error = true;
        refusal.errorText = QString::fromUtf8(x.reply.text);
        answer(*c, nextOp(*c), Op::None, node, x, refusal);
    }
}

// The exchanges that waited for a read of a node, in order, until the next one must wait.
void ForeignClients::drainBacklog(int clientId)
{
    for (;;) {
        const auto it = m_clients.find(clientId);
        if (it == m_clients.end())
            return;
        Client& c = **it;
        if (c.waiting > 0 || c.backlog.empty())
            return;
        const auto [node, x] = std::move(c.backlog.front());
        c.backlog.pop_front();
        const LockOp op = LockOp::recognise(x.command, x.reply, m_stockKey, &m_scripts);
        if (op.unknownScript)
            probeUnknown(c, node, x, op);
        else if (op.kind != LockOp::Kind::None)
            apply(c, node, x, op);
    }
}

void ForeignClients::apply(Client& c, int node, const ForeignExchange& x, const LockOp& op)
{
    if (op.kind != LockOp::Kind::Read && op.kind != LockOp::Kind::Write && !op.key.isEmpty())
        c.lockKey = op.key;
    switch (op.kind) {
    case LockOp::Kind::Acquire:
        onAcquire(c, node, x, op);
        break;
    case LockOp::Kind::Release:
        onRelease(c, node, x, op);
        break;
    case LockOp::Kind::Extend:
        onExtend(c, node, x, op);
        break;
    case LockOp::Kind::Read:
    case LockOp::Kind::Write:
        onStock(c, x, op);
        break;
    case LockOp::Kind::None:
        break;
    }
}

// ---------------------------------------------------------------------------------------
// What the node tells: scripts the app never saw

// An EVALSHA of a script loaded on the node before the app saw it (a warm script cache): the
// node is read right after, on the engine's own connection, and the key tells what the script
// did. A decisive case (the key now holds one of its arguments; or the client's key is gone
// and the script said done) teaches the app what the script is, once, with a history line;
// later calls are read as any known script.
void ForeignClients::probeUnknown(Client& c, int node, const ForeignExchange& x, const LockOp& op)
{
    if (!m_probe || node < 0 || node >= m_nodeCount || op.error)
        return;
    ++c.waiting;
    const int id = c.id;
    m_probe(node, op.key, [this, id, node, x, op](const std::optional<KeyState>& state) {
        const auto it = m_clients.find(id);
        if (it == m_clients.end())
            return;
        Client& client = **it;
        --client.waiting;
        if (m_scripts.knows(op.sha)) { // learnt meanwhile (another call): read as known
            const LockOp known = LockOp::recognise(x.command, x.reply, m_stockKey, &m_scripts);
            apply(client, node, x, known);
        } else if (state) {
            ScriptShape learnt;
            const LockOp judged = inferred(client, x, op, *state, &learnt);
            if (learnt.isLock()) {
                m_scripts.learnShape(op.sha, learnt);
                note(client,
                     tr("an EVALSHA %1 (a script the app never saw: loaded on the node before) "
                        "is %2: learnt from node %3, which then held %4 (PTTL %5 ms)")
                         .arg(shortSha(op.sha),
                              learnt.kind == ScriptShape::Kind::Acquire   ? tr("an acquire")
                              : learnt.kind == ScriptShape::Kind::Release ? tr("a release")
                                                                          : tr("an extension"),
                              QString::number(node + 1),
                              state->value.type == RedisReply::Type::String ? tr("the key")
                                                                            : tr("no key"))
                         .arg(state->pttlMs),
                     node);
            }
            if (judged.kind != LockOp::Kind::None)
                apply(client, node, x, judged);
        }
        drainBacklog(id);
    });
}

// What an unknown script did, from the key after it: `learnt` is what the script is, when
// this case shows it.
LockOp ForeignClients::inferred(const Client& c, const ForeignExchange& x, const LockOp& op,
                                const KeyState& state, ScriptShape* learnt) const
{
    const QByteArrayList& args = op.args;
    const auto indexOf = [&args](const QByteArray& value) {
        return value.isEmpty() ? ScriptShape::None : int(args.indexOf(value));
    };
    // The argument that set the key's time: the PTTL read is a little less than it.
    const qint64 slackMs = (m_clock.nowUs() - x.sentUs) / 1000 + 50;
    int ttlArg = ScriptShape::None;
    int ttlScale = 1;
    for (int i = 0; i < args.size() && state.pttlMs > 0 && ttlArg == ScriptShape::None; ++i) {
        bool ok = false;
        const qint64 n = args.at(i).toLongLong(&ok);
        for (int scale : {1, 1000})
            if (ok && ttlArg == ScriptShape::None && n * scale >= state.pttlMs &&
                n * scale - state.pttlMs <= slackMs) {
                ttlArg = i;
                ttlScale = scale;
            }
    }
    LockOp judged;
    judged.key = op.key;
    judged.args = args;
    const bool present = state.value.type == RedisReply::Type::String;
    const int valueArg = present ? indexOf(state.value.text) : ScriptShape::None;
    const int leaseArg = c.leased ? indexOf(c.lock.token) : ScriptShape::None;
    learnt->ttlArg = ttlArg;
    learnt->ttlScale = ttlScale;
    learnt->learnt = true;
    if (valueArg >= 0 && c.leased && state.value.text == c.lock.token) {
        // Its own key: given more time (the time one of its arguments, or more than the lease
        // had left: redis-py adds to what is left), or untouched (a read, no lock operation).
        const qint64 leftMs = (c.lock.validUntilUs - m_clock.nowUs()) / 1000;
        if (ttlArg == ScriptShape::None && state.pttlMs <= leftMs + slackMs)
            return {};
        learnt->kind = ScriptShape::Kind::Extend;
        judged.kind = LockOp::Kind::Extend;
    } else if (valueArg >= 0) {
        learnt->kind = ScriptShape::Kind::Acquire;
        judged.kind = LockOp::Kind::Acquire;
    } else if (leaseArg >= 0 && saysDone(x.reply)) {
        learnt->kind = ScriptShape::Kind::Release; // it deleted its key (another may hold it now)
        learnt->ttlArg = ScriptShape::None;
        judged.kind = LockOp::Kind::Release;
        judged.token = c.lock.token;
        judged.granted = true;
        learnt->tokenArg = leaseArg;
        return judged;
    } else {
        return {}; // a refused acquire, or a release of a key that is not there: not told apart
    }
    learnt->tokenArg = valueArg;
    judged.token = state.value.text;
    judged.granted = true;
    judged.ttlMs = ttlArg != ScriptShape::None ? args.at(ttlArg).toLongLong() * ttlScale
                   : state.pttlMs > 0          ? state.pttlMs + slackMs - 50
                                               : -1;
    learnt->ttlFromNode = ttlArg == ScriptShape::None;
    judged.ttlFromNode = learnt->ttlFromNode;
    return judged;
}

// ---------------------------------------------------------------------------------------
// Acquires and their rounds

void ForeignClients::startAcquire(Client& c, const QByteArray& token, qint64 sentUs)
{
    if (c.acquire.active && c.acquire.token == token)
        return; // one more round of the same acquire (a retry with the same value)
    giveUp(c);  // a new token: the last acquire gave up
    c.acquire = {true, nextOp(c), token, 0, Fail::NoQuorum};
    HistoryEvent invoke = HistoryEvent::forClient(Kind::Invoke, c.id, Op::Acquire, c.acquire.op);
    invoke.sinceUs = sentUs;
    record(invoke, c);
}

// An acquire whose last round failed and that tried no more: failures count these, not rounds.
void ForeignClients::giveUp(Client& c)
{
    if (!c.acquire.active)
        return;
    c.acquire.active = false;
    if (c.acquire.lastRoundUs == 0)
        return; // no round decided yet (it stopped before any answer): nothing to count
    ++c.failures[failName(c.acquire.lastReason)];
    HistoryEvent fail = HistoryEvent::forClient(Kind::Fail, c.id, Op::Acquire, c.acquire.op);
    fail.code = quint8(c.acquire.lastReason);
    record(fail, c);
    if (!c.leased)
        setState(c, State::Idle);
}

void ForeignClients::onAcquire(Client& c, int node, const ForeignExchange& x, const LockOp& op)
{
    if (node < 0 || node >= m_nodeCount)
        return;
    if (op.granted)
        endHoldsOf(c, node, op.key);
    // Its own lease's token to a node that lost its key (redis-semaphore's refresh asks the
    // nodes that refused it): the hold grows, no new acquisition.
    if (c.leased && op.token == c.lock.token && !c.rounds.contains(op.token)) {
        if (op.granted)
            c.lock.nodeMask |= bit(node);
        answer(c, c.sectionOp, Op::Acquire, node, x, op);
        return;
    }
    // A request to a node this round already asked is the client's next round with the
    // same token (node-redlock retries with one value per acquire): the old round ends here.
    if (const auto it = c.rounds.find(op.token); it != c.rounds.end() && (it->asked & bit(node))) {
        closeRound(c, *it);
        c.rounds.erase(it);
    }
    const bool fresh = !c.rounds.contains(op.token);
    if (fresh)
        flush(c);
    Round& round = c.rounds[op.token];
    if (fresh) {
        startAcquire(c, op.token, x.sentUs);
        round.token = op.token;
        round.key = op.key;
        round.firstSentUs = x.sentUs;
        round.ttlMs = op.ttlMs;
        ++c.attempts;
        emit tokenIssued(c.id, op.token);
        if (!c.leased)
            setState(c, State::Acquiring);
        armSweep();
        if (!c.settled && quorumOf(c) == 1) {
            // A one-node client's round is decided SettleMs after its first request, on time.
            if (!c.settleTimer) {
                c.settleTimer = std::make_unique<QTimer>();
                c.settleTimer->setSingleShot(true);
                c.settleTimer->setTimerType(Qt::PreciseTimer);
                const int id = c.id;
                connect(c.settleTimer.get(), &QTimer::timeout, this, [this, id] {
                    if (Client* waiting = m_clients.value(id).get())
                        for (Round& open : waiting->rounds)
                            if (!open.decided)
                                decide(*waiting, open);
                });
            }
            c.settleTimer->start(SettleMs);
        }
    }
    round.asked |= bit(node);
    (op.granted ? round.granted : round.refused) |= bit(node);
    round.lastRepliedUs = std::max(round.lastRepliedUs, x.repliedUs);
    answer(c, c.acquire.op, Op::Acquire, node, x, op);
    if (!round.decided)
        decide(c, round);
    else if (op.granted && c.leased && c.lock.token == round.token)
        c.lock.nodeMask |= bit(node); // a late grant: the lease is on it too
}

// A node runs one command at a time: its grant to `granted` proves that the key it gave was
// free there, so any other client's hold on that node had ended (released, expired, or lost
// with a restart). The lease itself goes on if its client still relies on it: then the grant
// is an overlap, which the checker reports.
void ForeignClients::endHoldsOf(const Client& granted, int node, const QByteArray& key)
{
    for (const auto& other : std::as_const(m_clients)) {
        Client& o = *other;
        if (o.id == granted.id || !o.leased || !(o.lock.nodeMask & bit(node)) ||
            o.lock.resource != key)
            continue;
        o.lock.nodeMask &= quint16(~bit(node));
        note(o,
             tr("%1's key on node %2 was gone: the node granted %3 to %4")
                 .arg(o.name)
                 .arg(node + 1)
                 .arg(QString::fromUtf8(key), granted.name),
             node);
    }
}

void ForeignClients::armSweep()
{
    if (!m_sweep.isActive())
        m_sweep.start(SweepMs);
}

// Rounds and releases nobody finished answering are decided at their deadline: a node that
// never answered refused (a partition that drops the bytes, a paused node). An acquire that
// tried no round since its last failed one for as long has given up.
void ForeignClients::sweep()
{
    const qint64 deadlineUs = m_clock.nowUs() - qint64(RoundDeadlineMs) * 1000;
    bool pending = false;
    for (const auto& client : std::as_const(m_clients)) {
        Client& c = *client;
        for (auto it = c.rounds.begin(); it != c.rounds.end();) {
            Round& round = it.value();
            if (round.firstSentUs > deadlineUs) {
                if (!round.decided)
                    decide(c, round);
                pending = true;
                ++it;
                continue;
            }
            closeRound(c, round);
            it = c.rounds.erase(it);
        }
        if (c.releaseOp != 0 && c.releaseSinceUs <= deadlineUs)
            finishRelease(c);
        if (c.acquire.active && c.rounds.isEmpty() && c.acquire.lastRoundUs > 0 &&
            c.acquire.lastRoundUs <= deadlineUs)
            giveUp(c);
        pending |= c.releaseOp != 0 || c.acquire.active;
    }
    if (!pending)
        m_sweep.stop();
}

// The run ends: the app stops watching, and a lease still running ends with the run (the
// history must close what it opened, or a re-reading of the run would find it open).
void ForeignClients::stop()
{
    m_sweep.stop();
    m_retire.stop();
    for (const auto& c : std::as_const(m_clients)) {
        endLease(*c, End::Stopped);
        c->expiry->stop();
        if (c->pauseTimer)
            c->pauseTimer->stop();
        if (c->settleTimer)
            c->settleTimer->stop();
    }
}

// Whether the client locks on one node or on a majority is learnt from its first round: a
// Redlock client that opens its connections one by one has talked to one node when the
// first grant comes back, so a client seen on one node waits SettleMs (or its next other
// command) before the app takes it for a one-node client.
bool ForeignClients::settle(Client& c, const Round& round, bool now)
{
    if (c.settled)
        return true;
    if (!m_singleMaster && connectedNodes(c) <= 1 && !now &&
        m_clock.nowUs() - round.firstSentUs < SettleMs * 1000)
        return false;
    c.settled = true;
    return true;
}

// No more answers will come for `round` (its deadline, or the client's next round with the
// same token): the nodes that did not answer refused, and it is decided now.
void ForeignClients::closeRound(Client& c, Round& round)
{
    if (round.decided)
        return;
    round.refused |= quint16(~round.granted) & quint16((1u << m_nodeCount) - 1);
    settle(c, round, true);
    decide(c, round);
}

// The client did something else (a release, an extension, a new token, its stock) before the
// app knew whether it locks on one node: its open round is decided now, so the history keeps
// the client's order. Once settled (from its first round on) there is nothing to force, and
// the rounds kept for their late answers (two seconds' worth: thousands for a fast client)
// are not walked on every request.
void ForeignClients::flush(Client& c)
{
    if (c.settled)
        return;
    for (Round& round : c.rounds)
        if (!round.decided) {
            settle(c, round, true); // settled from now on: the other rounds wait as before
            decide(c, round);
            return;
        }
}

void ForeignClients::decide(Client& c, Round& round)
{
    if (round.decided || !settle(c, round, false))
        return; // the settle timer or the sweep comes back
    const int quorum = quorumOf(c);
    const int granted = int(qPopulationCount(round.granted));
    const int refused = int(qPopulationCount(round.refused));
    const bool majority = granted >= quorum;
    const int nodes = quorum == 1 ? 1 : m_nodeCount;
    if (!majority && refused <= nodes - quorum)
        return; // more answers to come
    round.decided = true;
    // A majority that came after the TTL ran out is no lock: the first grants' keys are gone
    // by then. A client that checks its validity gives up (redsync, the app's own); node-redlock
    // 5.0.0-beta.2 does not and counts it (docs/foreign-clients.md).
    const qint64 decidedUs = round.lastRepliedUs > 0 ? round.lastRepliedUs : m_clock.nowUs();
    const bool late =
        majority && round.ttlMs >= 0 && decidedUs >= round.firstSentUs + round.ttlMs * 1000;
    const bool won = majority && !late;
    const Fail reason = won           ? Fail::None
                        : late        ? Fail::ValidityExpired
                        : quorum == 1 ? Fail::Taken
                                      : Fail::NoQuorum;
    HistoryEvent attempt = HistoryEvent::forClient(Kind::Attempt, c.id, Op::Acquire, c.acquire.op);
    attempt.token = round.token;
    attempt.number = granted;
    attempt.nodeMask = round.granted;
    attempt.sinceUs = round.firstSentUs;
    // The client's own wait: its first request to the answer that decided, not the app's.
    attempt.latencyUs = decidedUs - round.firstSentUs;
    attempt.code = quint8(reason);
    record(attempt, c);
    c.latencies.add(attempt.latencyUs);
    if (won) {
        beginLease(c, round);
        return;
    }
    c.acquire.lastRoundUs = m_clock.nowUs();
    c.acquire.lastReason = reason;
    armSweep();
    if (!c.leased)
        setState(c, State::WaitingRetry);
}

// A majority granted one token: the lease runs from the first request for its TTL.
void ForeignClients::beginLease(Client& c, const Round& round)
{
    if (c.leased)
        endLease(c, End::Released); // a new lease replaces the old (a client that never
                                    // released): the history says where the first ended
    const qint64 now = m_clock.nowUs();
    const quint64 op = c.acquire.op;
    c.acquire.active = false;
    c.leased = true;
    c.sectionOp = op;
    c.sectionSinceUs = now;
    c.lock = {};
    c.lock.resource = round.key;
    c.lock.token = round.token;
    c.lock.acquiredUs = now;
    c.lock.nodeMask = round.granted;
    c.lock.validUntilUs =
        round.ttlMs >= 0 ? round.firstSentUs + round.ttlMs * 1000 : now + Lock::NoExpiryUs;
    c.extension = {};
    ++c.acquisitions;
    HistoryEvent ok = HistoryEvent::forClient(Kind::Ok, c.id, Op::Acquire, op);
    ok.token = round.token;
    ok.nodeMask = round.granted;
    ok.number = c.lock.validUntilUs - now;
    ok.latencyUs = (round.lastRepliedUs > 0 ? round.lastRepliedUs : now) - round.firstSentUs;
    record(ok, c);
    setState(c, State::Holding);
    armExpiry(c);
}

void ForeignClients::armExpiry(Client& c)
{
    const qint64 leftUs = c.lock.validUntilUs - m_clock.nowUs();
    if (leftUs > qint64(INT_MAX) * 1000)
        return; // no TTL: it lasts until released
    c.expiry->start(int(std::clamp<qint64>((leftUs + 999) / 1000, 0, INT_MAX)));
}

void ForeignClients::endLease(Client& c, HistoryEvent::SectionEndReason reason)
{
    if (!c.leased)
        return;
    c.leased = false;
    c.expiry->stop();
    HistoryEvent end = HistoryEvent::forClient(Kind::SectionEnd, c.id, Op::None, c.sectionOp);
    end.code = quint8(reason);
    end.token = c.lock.token;
    end.sinceUs = c.sectionSinceUs;
    record(end, c);
    setState(c, State::Idle);
}

// ---------------------------------------------------------------------------------------
// Releases and extensions

// The first request of a release (seen as it went to the node, or with its answer) ends the
// lease of its token: the client no longer relies on it from then.
void ForeignClients::beginRelease(Client& c, const QByteArray& token, qint64 sentUs)
{
    if (c.releaseOp != 0 && token == c.releasing)
        return;
    finishRelease(c);
    c.releasing = token;
    c.releaseOp = nextOp(c);
    c.releaseAsked = c.releaseDeleted = 0;
    HistoryEvent invoke = HistoryEvent::forClient(Kind::Invoke, c.id, Op::Release, c.releaseOp);
    invoke.sinceUs = sentUs;
    record(invoke, c);
    if (c.leased && token == c.lock.token)
        endLease(c, End::Released);
    c.releaseSinceUs = sentUs;
    armSweep();
}

// The release is told done once every node the client talks to answered (or after the round
// deadline), with the nodes where it deleted the key.
void ForeignClients::onRelease(Client& c, int node, const ForeignExchange& x, const LockOp& op)
{
    flush(c);
    const QByteArray token = op.token.isEmpty() && c.leased ? c.lock.token : op.token;
    if (node >= 0 && node < m_nodeCount && (c.releaseAsked & bit(node)) && token == c.releasing)
        finishRelease(c); // this node answered the last release already: a new one
    beginRelease(c, token, x.sentUs);
    if (node < 0 || node >= m_nodeCount)
        return;
    c.releaseAsked |= bit(node);
    if (op.granted)
        c.releaseDeleted |= bit(node);
    answer(c, c.releaseOp, Op::Release, node, x, op);
    // One master: its answer is the release's, whatever nodes the client met before.
    const int nodes = m_singleMaster ? 1 : std::max(1, connectedNodes(c));
    if (int(qPopulationCount(c.releaseAsked)) >= nodes)
        finishRelease(c);
}

void ForeignClients::finishRelease(Client& c)
{
    if (c.releaseOp == 0)
        return;
    HistoryEvent ok = HistoryEvent::forClient(Kind::Ok, c.id, Op::Release, c.releaseOp);
    ok.token = c.releasing;
    ok.nodeMask = c.releaseDeleted;
    ok.number = qPopulationCount(c.releaseDeleted);
    record(ok, c);
    c.releaseOp = 0;
    c.releasing.clear();
}

// Counted once per request whatever the library: a request asks each node once, and is an
// extension when a quorum granted it. Its new deadline is the one it asked for, counted from
// its first request, or, when the script computes it (redis-py adds to what is left), the
// node's own, read back.
void ForeignClients::onExtend(Client& c, int node, const ForeignExchange& x, const LockOp& op)
{
    flush(c);
    if (!c.leased || node < 0 || node >= m_nodeCount ||
        (!op.token.isEmpty() && op.token != c.lock.token))
        return;
    Extension& e = c.extension;
    if (e.op == 0 || (e.asked & bit(node)) || e.token != c.lock.token)
        e = {nextOp(c), c.lock.token, x.sentUs, 0, 0, false};
    e.asked |= bit(node);
    answer(c, e.op, Op::Extend, node, x, op);
    if (!op.granted)
        return;
    e.granted |= bit(node);
    c.lock.nodeMask |= bit(node);
    if (op.ttlFromNode || op.ttlMs < 0)
        readBackDeadline(c, node, c.lock.token, x.sentUs);
    if (e.counted || int(qPopulationCount(e.granted)) < quorumOf(c))
        return;
    e.counted = true;
    if (op.ttlMs >= 0)
        c.lock.validUntilUs = e.firstSentUs + op.ttlMs * 1000;
    ++c.lock.extensions;
    HistoryEvent ok = HistoryEvent::forClient(Kind::Ok, c.id, Op::Extend, e.op);
    ok.token = c.lock.token;
    ok.number = c.lock.validUntilUs - m_clock.nowUs();
    record(ok, c);
    armExpiry(c);
}

// The deadline the node now keeps for the lease's key, when the request did not say it.
void ForeignClients::readBackDeadline(Client& c, int node, const QByteArray& token, qint64 sentUs)
{
    if (!m_probe)
        return;
    const int id = c.id;
    const qint64 askedUs = m_clock.nowUs();
    m_probe(node, c.lock.resource,
            [this, id, token, askedUs, sentUs](const std::optional<KeyState>& s) {
                Client* client = m_clients.value(id).get();
                if (!client || !s || !client->leased || client->lock.token != token ||
                    s->pttlMs <= 0 || s->value.text != token)
                    return;
                Q_UNUSED(sentUs)
                client->lock.validUntilUs = askedUs + s->pttlMs * 1000;
                armExpiry(*client);
            });
}

// A read or a write of the stock on the exposed storage. A plain SET does not say what it
// overwrote: the stock just before it is the one the last write (or a `stock N`) left, in the
// order the storage answered them, which tells a write based on a stale read (a lost update).
void ForeignClients::onStock(Client& c, const ForeignExchange& x, const LockOp& op)
{
    flush(c);
    const bool read = op.kind == LockOp::Kind::Read;
    const Op operation = read ? Op::Read : Op::Write;
    const quint64 op2 = nextOp(c);
    HistoryEvent invoke = HistoryEvent::forClient(Kind::Invoke, c.id, operation, op2);
    invoke.node = HistoryEvent::StorageNode;
    invoke.number = op.value;
    record(invoke, c);
    HistoryEvent done =
        HistoryEvent::forClient(op.granted ? Kind::Ok : Kind::Fail, c.id, operation, op2);
    done.node = HistoryEvent::StorageNode;
    done.number = op.value;
    done.previous = read ? -1 : op.previous >= 0 ? op.previous : m_stock;
    done.latencyUs = x.repliedUs - x.sentUs;
    done.text = op.errorText;
    if (!op.granted)
        done.code = quint8(Fail::Error);
    if (read && op.granted && m_stock < 0)
        m_stock = op.value;
    if (!read && op.granted) {
        ++c.sales;
        m_stock = op.value;
    }
    record(done, c);
}

void ForeignClients::answer(const Client& c, quint64 op, HistoryEvent::Operation operation,
                            int node, const ForeignExchange& x, const LockOp& lockOp)
{
    HistoryEvent e = HistoryEvent::forClient(Kind::NodeAnswer, c.id, operation, op);
    e.node = node;
    e.code = quint8(outcomeOf(lockOp));
    e.token = lockOp.holder;
    e.text = lockOp.errorText;
    e.latencyUs = x.repliedUs - x.sentUs;
    record(e, c);
    NodeOutcome outcome;
    outcome.kind = outcomeOf(lockOp);
    outcome.owner = lockOp.holder;
    outcome.error = lockOp.errorText;
    outcome.sentUs = x.sentUs;
    outcome.repliedUs = x.repliedUs;
    emit nodeAnswered(c.id, node, operation, outcome);
}

// ---------------------------------------------------------------------------------------
// Lanes: pause, retirement, snapshots

CommandAnswer ForeignClients::pause(const QString& name, int forMs)
{
    Client* c = byName(name);
    if (!c)
        return CommandAnswer::refused(tr("no foreign client named '%1'").arg(name));
    if (c->paused)
        return CommandAnswer::refused(tr("%1 is paused already").arg(name));
    c->paused = true;
    c->stateBeforePause = c->state;
    emit holdRequested(c->id, true);
    HistoryEvent e = HistoryEvent::forClient(Kind::FaultStart, c->id);
    e.code = quint8(Fault::Kind::Paused);
    e.number = forMs > 0 ? m_clock.nowUs() + qint64(forMs) * 1000 : 0;
    record(e, *c);
    setState(*c, State::Paused);
    if (forMs > 0) {
        c->pauseTimer = std::make_unique<QTimer>();
        c->pauseTimer->setSingleShot(true);
        connect(c->pauseTimer.get(), &QTimer::timeout, this, [this, name] { resume(name); });
        c->pauseTimer->start(forMs);
    }
    return CommandAnswer::done(
        tr("pause: %1's bytes wait in the proxies, both ways; its own process runs on (the app "
           "cannot stop it)")
            .arg(name));
}

CommandAnswer ForeignClients::resume(const QString& name)
{
    Client* c = byName(name);
    if (!c || !c->paused)
        return CommandAnswer::refused(tr("%1 is not paused").arg(name));
    c->paused = false;
    if (c->pauseTimer)
        c->pauseTimer->stop();
    HistoryEvent e = HistoryEvent::forClient(Kind::FaultEnd, c->id);
    e.code = quint8(Fault::Kind::Paused);
    record(e, *c);
    setState(*c, c->leased ? State::Holding : State::Idle);
    emit holdRequested(c->id, false);
    return CommandAnswer::done(tr("resume: %1's bytes flow again").arg(name));
}

bool ForeignClients::retirable(const Client& c, qint64 nowUs) const
{
    return !c.leased && !c.paused && !c.acquire.active && c.releaseOp == 0 && c.waiting == 0 &&
           c.backlog.empty() && c.rounds.isEmpty() && m_openConnections.value(c.key) == 0 &&
           nowUs - c.lastActiveUs >= qint64(RetireAfterMs) * 1000;
}

// Lanes with nothing left to show retire after RetireAfterMs of quiet; when MaxLanes are open
// (`crowded`), every one with nothing under way and no connection retires at once, oldest
// first, down to half the bound: many short-lived clients keep a bounded set of lanes.
void ForeignClients::retireIdle(bool crowded)
{
    const qint64 now = m_clock.nowUs();
    const qint64 asIfUs = crowded ? now + qint64(RetireAfterMs) * 1000 : now;
    QList<const Client*> idle;
    for (const auto& c : std::as_const(m_clients))
        if (retirable(*c, asIfUs))
            idle << c.get();
    std::sort(idle.begin(), idle.end(),
              [](const Client* a, const Client* b) { return a->lastActiveUs < b->lastActiveUs; });
    const qsizetype keep = crowded ? MaxLanes / 2 : 0;
    QList<int> ids;
    for (const Client* c : std::as_const(idle))
        if (!crowded || m_clients.size() - ids.size() > keep)
            ids << c->id;
    for (int id : std::as_const(ids))
        retire(id);
    if (m_clients.isEmpty())
        m_retire.stop();
}

void ForeignClients::retire(int id)
{
    const std::shared_ptr<Client> c = m_clients.take(id);
    if (!c)
        return;
    m_byKey.remove(c->key);
    bool origin = false;
    for (const auto& other : std::as_const(m_clients))
        origin |= other->origin == c->key || other->origin == c->origin;
    if (m_openConnections.value(c->key) == 0)
        m_nodesOf.remove(c->key);
    if (!origin && !c->origin.isEmpty() && m_openConnections.value(c->origin) == 0)
        m_nodesOf.remove(c->origin);
    HistoryEvent removed = HistoryEvent::forClient(Kind::ClientRemoved, id);
    removed.code = HistoryEvent::ForeignClient; // a retired lane (docs/domain.md)
    removed.text = c->name;
    removed.note = tr("no connection left, idle");
    record(removed, *c);
    emit retired(id, c->key);
}

void ForeignClients::setState(Client& c, ClientSnapshot::State state)
{
    if (c.paused && state != State::Paused) {
        c.stateBeforePause = state; // it learns of it when it runs again
        return;
    }
    if (c.state == state)
        return;
    c.state = state;
    c.stateSinceUs = m_clock.nowUs();
    HistoryEvent e = HistoryEvent::forClient(Kind::ClientState, c.id);
    e.code = quint8(state);
    record(e, c);
}

quint64 ForeignClients::nextOp(Client& c)
{
    return (quint64(c.id) << 32) | ++c.nextOp;
}

void ForeignClients::record(HistoryEvent e, const Client& c)
{
    e.client = c.id;
    if (e.resource.isEmpty())
        e.resource = c.lockKey.isEmpty() ? m_resource : c.lockKey;
    emit happened(e);
}

// A line of the history about client `c` on `node`: what the app learnt and how.
void ForeignClients::note(const Client& c, const QString& text, int node)
{
    HistoryEvent e = HistoryEvent::forClient(Kind::Info, c.id);
    e.node = node;
    e.text = text;
    record(e, c);
}

ForeignClients::Client* ForeignClients::byName(const QString& name) const
{
    const int id = idOf(name);
    return id > 0 ? m_clients.value(id).get() : nullptr;
}

ForeignClients::Client* ForeignClients::byKey(const QString& key) const
{
    const int id = m_byKey.value(key, 0);
    return id > 0 ? m_clients.value(id).get() : nullptr;
}

int ForeignClients::idForName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^F([1-9][0-9]{0,5})$"));
    const QRegularExpressionMatch m = pattern.match(name);
    return m.hasMatch() ? FirstId + m.captured(1).toInt() - 1 : -1;
}

int ForeignClients::idOf(const QString& name) const
{
    const int id = idForName(name);
    return m_clients.contains(id) ? id : -1;
}

QString ForeignClients::nameOf(int id) const
{
    const auto c = m_clients.value(id);
    return c ? c->name : QString();
}

std::optional<ClientSnapshot> ForeignClients::snapshot(const QString& name) const
{
    if (const Client* c = byName(name))
        return snapshotOf(*c);
    return std::nullopt;
}

QList<ClientSnapshot> ForeignClients::snapshots() const
{
    QList<ClientSnapshot> out;
    for (const auto& c : m_clients)
        out << snapshotOf(*c);
    std::sort(out.begin(), out.end(),
              [](const ClientSnapshot& a, const ClientSnapshot& b) { return a.id < b.id; });
    return out;
}

ClientSnapshot ForeignClients::snapshotOf(const Client& c) const
{
    ClientSnapshot s;
    s.id = c.id;
    s.name = c.name;
    s.foreign = true;
    s.label = c.label;
    s.colorIndex = c.id - FirstId + 8; // after the first simulated clients' colours
    s.state = c.state;
    s.stateSinceUs = c.stateSinceUs;
    s.resource = c.lockKey.isEmpty() ? m_resource : c.lockKey;
    s.token = c.lock.token;
    s.lockNodes = c.leased ? c.lock.nodeMask : 0;
    s.validUntilUs = c.leased ? c.lock.validUntilUs : 0;
    s.inSection = c.leased;
    s.sectionSinceUs = c.sectionSinceUs;
    s.strategyQuorum = quorumOf(c);
    s.strategyNodes = s.strategyQuorum == 1 ? 1 : m_nodeCount;
    s.attempts = c.attempts;
    s.acquisitions = c.acquisitions;
    s.sales = c.sales;
    s.failures = c.failures;
    s.extensions = c.lock.extensions;
    s.meanAcquireUs = c.latencies.meanUs();
    s.p99AcquireUs = c.latencies.p99Us();
    return s;
}
