// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/foreignclients.h"

#include "base/clock.h"
#include "model/fault.h"
#include "model/latencywindow.h"
#include "model/lock.h"
#include "model/nodeoutcome.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <climits>

namespace {
using Kind = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using State = ClientSnapshot::State;
using End = HistoryEvent::SectionEndReason;

// A round nobody finished answering is decided after this long, looked at this often.
constexpr int RoundDeadlineMs = 2000;
constexpr int SweepMs = 50;
// A client seen on one node is taken for a one-node client after this long (settle()).
constexpr int SettleMs = 100;

NodeOutcome::Kind outcomeOf(const LockOp& op)
{
    if (op.error)
        return NodeOutcome::Kind::Error;
    return op.granted ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken;
}
} // namespace

// One acquisition round: every request of one token.
struct ForeignClients::Round
{
    quint64 op = 0;
    QByteArray token;
    QByteArray key;
    qint64 firstSentUs = 0;
    qint64 ttlMs = -1;
    quint16 asked = 0;
    quint16 granted = 0;
    quint16 refused = 0; // taken or an error
    bool decided = false;
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
    QHash<QByteArray, Round> rounds; // by token, until decided and answered
    // The lease (its critical section), while it lasts.
    bool leased = false;
    quint64 sectionOp = 0;
    qint64 sectionSinceUs = 0;
    Lock lock;
    quint16 extendedNodes = 0; // the current extension's nodes
    QByteArray releasing;      // the token whose release began (answers still coming)
    quint64 releaseOp = 0;
    quint16 releaseAsked = 0;   // nodes that answered the release
    quint16 releaseDeleted = 0; // nodes where it deleted the key
    qint64 releaseSinceUs = 0;
    QByteArray lockKey; // the key it locks (its events' resource)
    std::unique_ptr<QTimer> expiry;
    std::unique_ptr<QTimer> pauseTimer;
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
    connect(&m_sweep, &QTimer::timeout, this, &ForeignClients::sweep);
}

ForeignClients::~ForeignClients() = default;

ForeignClients::Client& ForeignClients::clientFor(const ForeignIdentity& who)
{
    if (const int id = m_byKey.value(who.key, 0); id > 0)
        return *m_clients.value(id);
    auto c = std::make_shared<Client>();
    c->id = FirstId + int(m_clients.size());
    c->name = QStringLiteral("F%1").arg(c->id - FirstId + 1);
    c->label = who.label;
    c->key = who.key;
    c->origin = who.origin;
    c->stateSinceUs = m_clock.nowUs();
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
    added.code = 1; // foreign
    added.text = c->name;
    added.note = c->label;
    record(added, *c);
    emit identified(who.key, id);
    return *c;
}

// A connection alone makes no lane: a client becomes one with its first lock command, by
// then known by the name it gave (CLIENT SETNAME closes and reopens it under that name).
// The nodes an identity ever connected to stay counted: a client that opens a connection
// per command still talks to all five.
void ForeignClients::onConnection(int node, const ForeignIdentity& who, bool open)
{
    if (who.isNull() || !open || node < 0 || node >= m_nodeCount)
        return;
    m_nodesOf[who.key] |= quint16(1u << node);
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

void ForeignClients::onExchange(int node, const ForeignExchange& x)
{
    const LockOp op = LockOp::recognise(x.command, x.reply, m_stockKey, &m_scripts);
    if (op.kind == LockOp::Kind::None)
        return;
    Client& c = clientFor(x.who);
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

void ForeignClients::onAcquire(Client& c, int node, const ForeignExchange& x, const LockOp& op)
{
    if (node < 0 || node >= m_nodeCount)
        return;
    // A request to a node this round already asked is the client's next round with the
    // same token (node-redlock retries with one value per acquire): the old round ends here.
    if (const auto it = c.rounds.find(op.token);
        it != c.rounds.end() && (it->asked & (1u << node))) {
        closeRound(c, *it);
        c.rounds.erase(it);
    }
    const bool fresh = !c.rounds.contains(op.token);
    if (fresh)
        flush(c);
    Round& round = c.rounds[op.token];
    if (fresh) {
        round.op = nextOp(c);
        round.token = op.token;
        round.key = op.key;
        round.firstSentUs = x.sentUs;
        round.ttlMs = op.ttlMs;
        ++c.attempts;
        emit tokenIssued(c.id, op.token);
        HistoryEvent invoke = HistoryEvent::forClient(Kind::Invoke, c.id, Op::Acquire, round.op);
        invoke.sinceUs = x.sentUs;
        record(invoke, c);
        if (!c.leased)
            setState(c, State::Acquiring);
        armSweep();
    }
    round.asked |= quint16(1u << node);
    (op.granted ? round.granted : round.refused) |= quint16(1u << node);
    answer(c, round.op, Op::Acquire, node, x, op);
    if (!round.decided)
        decide(c, round);
    else if (op.granted && c.leased && c.lock.token == round.token)
        c.lock.nodeMask |= quint16(1u << node); // a late grant: the lease is on it too
}

void ForeignClients::armSweep()
{
    if (!m_sweep.isActive())
        m_sweep.start(SweepMs);
}

// Rounds and releases nobody finished answering are decided at their deadline: a node that
// never answered refused (a partition that drops the bytes, a paused node).
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
                    decide(c, round); // past SettleMs, a one-node client's round is decided
                pending = true;
                ++it;
                continue;
            }
            closeRound(c, round);
            it = c.rounds.erase(it);
        }
        if (c.releaseOp != 0 && c.releaseSinceUs <= deadlineUs)
            finishRelease(c);
        pending |= c.releaseOp != 0;
    }
    if (!pending)
        m_sweep.stop();
}

void ForeignClients::stop()
{
    m_sweep.stop();
    for (const auto& c : std::as_const(m_clients)) {
        c->expiry->stop();
        if (c->pauseTimer)
            c->pauseTimer->stop();
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

// The client did something else (a release, an extension, a new token, its stock): every
// round of its still open is decided first, so the history keeps the client's order.
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

void ForeignClients::flush(Client& c)
{
    for (Round& round : c.rounds)
        if (!round.decided && !c.settled) {
            settle(c, round, true);
            decide(c, round);
        }
}

void ForeignClients::decide(Client& c, Round& round)
{
    if (!settle(c, round, false))
        return; // the sweep comes back
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
    // 5.0.0-beta.2 does not and counts it (README, "Your own client under test").
    const bool late =
        majority && round.ttlMs >= 0 && m_clock.nowUs() >= round.firstSentUs + round.ttlMs * 1000;
    const bool won = majority && !late;
    HistoryEvent attempt = HistoryEvent::forClient(Kind::Attempt, c.id, Op::Acquire, round.op);
    attempt.token = round.token;
    attempt.number = granted;
    attempt.nodeMask = round.granted;
    attempt.sinceUs = round.firstSentUs;
    attempt.latencyUs = m_clock.nowUs() - round.firstSentUs;
    attempt.code = quint8(won           ? HistoryEvent::FailReason::None
                          : late        ? HistoryEvent::FailReason::ValidityExpired
                          : quorum == 1 ? HistoryEvent::FailReason::Taken
                                        : HistoryEvent::FailReason::NoQuorum);
    record(attempt, c);
    c.latencies.add(attempt.latencyUs);
    if (won) {
        beginLease(c, round);
        return;
    }
    const auto reason = HistoryEvent::FailReason(attempt.code);
    ++c.failures[late          ? QStringLiteral("validity-expired")
                 : quorum == 1 ? QStringLiteral("taken")
                               : QStringLiteral("no-quorum")];
    HistoryEvent fail = HistoryEvent::forClient(Kind::Fail, c.id, Op::Acquire, round.op);
    fail.code = quint8(reason);
    record(fail, c);
    if (!c.leased)
        setState(c, State::Idle);
}

// A majority granted one token: the lease runs from the first request for its TTL.
void ForeignClients::beginLease(Client& c, const Round& round)
{
    if (c.leased)
        endLease(c, End::Released); // a new lease replaces the old (a client that never
                                    // released): the history says where the first ended
    const qint64 now = m_clock.nowUs();
    c.leased = true;
    c.sectionOp = round.op;
    c.sectionSinceUs = now;
    c.lock = {};
    c.lock.resource = round.key;
    c.lock.token = round.token;
    c.lock.acquiredUs = now;
    c.lock.nodeMask = round.granted;
    c.lock.validUntilUs =
        round.ttlMs >= 0 ? round.firstSentUs + round.ttlMs * 1000 : now + Lock::NoExpiryUs;
    c.extendedNodes = 0;
    ++c.acquisitions;
    HistoryEvent ok = HistoryEvent::forClient(Kind::Ok, c.id, Op::Acquire, round.op);
    ok.token = round.token;
    ok.nodeMask = round.granted;
    ok.number = c.lock.validUntilUs - now;
    ok.latencyUs = now - round.firstSentUs;
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

// A release of the lease's token (or of the key, for a command that names no token) ends
// the lease at its first request: the client no longer relies on it from then. The release
// is told done once every node the client talks to answered (or after the round deadline),
// with the nodes where it deleted the key.
void ForeignClients::onRelease(Client& c, int node, const ForeignExchange& x, const LockOp& op)
{
    flush(c);
    const QByteArray token = op.token.isEmpty() && c.leased ? c.lock.token : op.token;
    if (token != c.releasing || c.releaseOp == 0) {
        finishRelease(c);
        c.releasing = token;
        c.releaseOp = nextOp(c);
        c.releaseAsked = c.releaseDeleted = 0;
        HistoryEvent invoke = HistoryEvent::forClient(Kind::Invoke, c.id, Op::Release, c.releaseOp);
        invoke.sinceUs = x.sentUs;
        record(invoke, c);
        if (c.leased && token == c.lock.token)
            endLease(c, End::Released);
        c.releaseSinceUs = x.sentUs;
        armSweep();
    }
    if (node < 0 || node >= m_nodeCount)
        return;
    c.releaseAsked |= quint16(1u << node);
    if (op.granted)
        c.releaseDeleted |= quint16(1u << node);
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
    record(ok, c);
    c.releaseOp = 0;
    c.releasing.clear();
}

void ForeignClients::onExtend(Client& c, int node, const ForeignExchange& x, const LockOp& op)
{
    flush(c);
    if (!c.leased || node < 0 || (!op.token.isEmpty() && op.token != c.lock.token))
        return;
    const quint64 op2 = nextOp(c);
    answer(c, op2, Op::Extend, node, x, op);
    if (!op.granted || op.ttlMs < 0)
        return;
    c.extendedNodes |= quint16(1u << node);
    if (int(qPopulationCount(c.extendedNodes)) < quorumOf(c))
        return;
    c.extendedNodes = 0;
    c.lock.validUntilUs = x.sentUs + op.ttlMs * 1000;
    ++c.lock.extensions;
    HistoryEvent ok = HistoryEvent::forClient(Kind::Ok, c.id, Op::Extend, op2);
    ok.token = c.lock.token;
    ok.number = c.lock.validUntilUs - m_clock.nowUs();
    record(ok, c);
    armExpiry(c);
}

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
    done.previous = read ? -1 : op.previous;
    done.latencyUs = x.repliedUs - x.sentUs;
    done.text = op.errorText;
    if (!op.granted)
        done.code = quint8(HistoryEvent::FailReason::Error);
    if (!read && op.granted)
        ++c.sales;
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
}

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
    return CommandAnswer::done(tr("pause: %1 (its bytes wait in the proxies)").arg(name));
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
    return CommandAnswer::done(tr("resume: %1").arg(name));
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
    emit event(e);
}

ForeignClients::Client* ForeignClients::byName(const QString& name) const
{
    const int id = idOf(name);
    return id > 0 ? m_clients.value(id).get() : nullptr;
}

int ForeignClients::idForName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^F([1-9][0-9]{0,2})$"));
    const QRegularExpressionMatch m = pattern.match(name);
    return m.hasMatch() ? FirstId + m.captured(1).toInt() - 1 : -1;
}

int ForeignClients::idOf(const QString& name) const
{
    for (const auto& c : m_clients)
        if (c->name == name)
            return c->id;
    return -1;
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
