#include "fleet/fleetnode.h"

#include "core/clock.h"
#include "net/nodeproxy.h"

namespace {

// Keys expire as if the node's clock had jumped forward by ARGV[1] ms: each watched key's
// PTTL shrinks by that much, and a key with less left than that is gone at once.
const QByteArray ClockJumpScript =
    "local n = 0 for i, k in ipairs(KEYS) do local p = redis.call('pttl', k) "
    "if p > 0 then n = n + 1 if p > tonumber(ARGV[1]) then "
    "redis.call('pexpire', k, p - tonumber(ARGV[1])) else redis.call('del', k) end end end "
    "return n";

constexpr int AdminTimeoutMs = 1000;
constexpr int LongPauseMs = 3600 * 1000; // "until resumed" on an external node

bool toInt(const QString& text, int* out)
{
    bool ok = false;
    *out = text.toInt(&ok);
    return ok;
}

} // namespace

FleetNode::FleetNode(int index, const NodeAddress& address, RedisServerProcess* process,
                     const RedisConnection::Options& options, const Clock& clock, QObject* parent)
    : QObject(parent), m_index(index), m_address(address), m_process(process), m_clock(clock),
      m_options(options), m_monitor(new NodeMonitor(index, address, options, clock, this)),
      m_proxy(new NodeProxy(address.host, address.port, this))
{
    connect(m_monitor, &NodeMonitor::changed, this, &FleetNode::changed);
    connect(m_monitor, &NodeMonitor::upChanged, this, [this](bool up, const QString& error) {
        record(up ? HistoryEvent::Kind::NodeUp : HistoryEvent::Kind::NodeDown,
               up ? QStringLiteral("node %1 up").arg(m_index + 1)
                  : QStringLiteral("node %1 down: %2").arg(m_index + 1).arg(error));
        // An external node we shut down is back when someone restarted it.
        if (up && !isLocal()) {
            endFault(NodeFault::Kind::Killed, QStringLiteral("back up"));
            endFault(NodeFault::Kind::ShutDown, QStringLiteral("back up"));
        }
    });
    if (m_process) {
        m_persistence = m_process->persistence();
        connect(m_process, &RedisServerProcess::stateChanged, this, &FleetNode::onProcessState);
    }
    m_restartTimer.setSingleShot(true);
    m_restartTimer.setTimerType(Qt::PreciseTimer); // "down for 1.5 s" means 1.5 s
    connect(&m_restartTimer, &QTimer::timeout, this, [this] {
        if (m_process)
            m_process->start();
    });
    m_pauseTimer.setSingleShot(true);
    m_pauseTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_pauseTimer, &QTimer::timeout, this, [this] { resume(); });
}

FleetNode::~FleetNode() = default;

void FleetNode::start(int pollIntervalMs, const QByteArrayList& resources)
{
    m_monitor->setResources(resources);
    m_monitor->start(pollIntervalMs);
}

NodeAddress FleetNode::addressFor(int clientId, const QString& clientName)
{
    const quint16 port = m_proxy->listenPort(clientId, clientName);
    if (port == 0)
        return m_address; // no proxy: direct, without network faults (reported below)
    NodeAddress viaProxy = m_address;
    viaProxy.host = QStringLiteral("127.0.0.1");
    viaProxy.port = port;
    return viaProxy;
}

void FleetNode::forgetClient(int clientId)
{
    m_proxy->releaseClient(clientId);
    if (m_partitionedClients.remove(clientId))
        m_proxy->setPartitionedClients(m_partitionedClients);
}

// --- commands -----------------------------------------------------------------------------

void FleetNode::execute(const QString& verb, const QStringList& args, const ClientResolver& resolve,
                        const AnswerCallback& done)
{
    if (!possibleActions().contains(verb)) {
        QString why = QStringLiteral("cannot %1 node %2 now").arg(verb).arg(m_index + 1);
        const NodeSnapshot s = snapshot();
        why += QStringLiteral(" (it is %1").arg(NodeSnapshot::stateName(s.state));
        if (!s.actionsNote.isEmpty())
            why += QStringLiteral("; ") + s.actionsNote;
        done(CommandAnswer::refused(why + QLatin1Char(')')));
        return;
    }
    int number = 0;
    const bool hasNumber = !args.isEmpty() && toInt(args[0], &number);
    if (verb == QLatin1String("clock"))
        return clockJump(args, done);
    if (verb == QLatin1String("persistence"))
        return setPersistence(args, done);
    if (!isLocal() && (verb == QLatin1String("kill") || verb == QLatin1String("shutdown"))) {
        const bool save = verb == QLatin1String("shutdown");
        externalCommand({"SHUTDOWN", save ? "SAVE" : "NOSAVE"}, verb, done, [this, save] {
            startFault(save ? NodeFault::Kind::ShutDown : NodeFault::Kind::Killed,
                       save ? QStringLiteral("SHUTDOWN SAVE") : QStringLiteral("SHUTDOWN NOSAVE"));
        });
        return;
    }
    if (!isLocal() && verb == QLatin1String("pause")) {
        const int ms = hasNumber && number > 0 ? number : LongPauseMs;
        externalCommand({"CLIENT", "PAUSE", QByteArray::number(ms), "WRITE"}, verb, done,
                        [this, ms, hasNumber] {
                            startFault(NodeFault::Kind::Paused,
                                       QStringLiteral("CLIENT PAUSE WRITE: writes wait"),
                                       hasNumber ? m_clock.nowUs() + qint64(ms) * 1000 : 0);
                            if (hasNumber)
                                m_pauseTimer.start(ms);
                        });
        return;
    }
    if (!isLocal() && verb == QLatin1String("resume")) {
        externalCommand({"CLIENT", "UNPAUSE"}, verb, done, [this] {
            m_pauseTimer.stop();
            endFault(NodeFault::Kind::Paused, QStringLiteral("CLIENT UNPAUSE"));
        });
        return;
    }
    CommandAnswer answer;
    if (verb == QLatin1String("kill"))
        answer = kill();
    else if (verb == QLatin1String("pause"))
        answer = pause(hasNumber ? number : 0);
    else if (verb == QLatin1String("resume"))
        answer = resume();
    else if (verb == QLatin1String("restart"))
        answer = restart(args.value(0) == QLatin1String("delayed")
                             ? (args.size() > 1 ? args[1].toInt() : m_largestTtlMs + 1000)
                             : (hasNumber ? number : 0));
    else if (verb == QLatin1String("shutdown"))
        answer = shutdown();
    else if (verb == QLatin1String("partition"))
        answer = partition(args, resolve);
    else if (verb == QLatin1String("heal"))
        answer = heal();
    else if (verb == QLatin1String("latency"))
        answer = latency(args);
    else if (verb == QLatin1String("drop"))
        answer = drop(args);
    else
        answer = CommandAnswer::refused(QStringLiteral("unknown node command '%1'").arg(verb));
    done(answer);
}

CommandAnswer FleetNode::kill()
{
    m_restartTimer.stop();
    m_pauseTimer.stop();
    m_expectingExit = true;
    endFault(NodeFault::Kind::Paused, QStringLiteral("killed"));
    m_process->kill();
    startFault(NodeFault::Kind::Killed, QStringLiteral("SIGKILL: crashed, no goodbye"));
    return CommandAnswer::done(QStringLiteral("node %1 killed").arg(m_index + 1));
}

CommandAnswer FleetNode::pause(int forMs)
{
    m_process->pause();
    startFault(NodeFault::Kind::Paused,
               QStringLiteral("SIGSTOP: connections accepted, nothing answered"),
               forMs > 0 ? m_clock.nowUs() + qint64(forMs) * 1000 : 0);
    if (forMs > 0)
        m_pauseTimer.start(forMs);
    return CommandAnswer::done(
        forMs > 0 ? QStringLiteral("node %1 paused for %2 ms").arg(m_index + 1).arg(forMs)
                  : QStringLiteral("node %1 paused").arg(m_index + 1));
}

CommandAnswer FleetNode::resume()
{
    if (!isLocal() || m_process->state() != RedisServerProcess::State::Paused)
        return CommandAnswer::refused(QStringLiteral("node %1 is not paused").arg(m_index + 1));
    m_pauseTimer.stop();
    m_process->resume();
    endFault(NodeFault::Kind::Paused, QStringLiteral("SIGCONT"));
    return CommandAnswer::done(QStringLiteral("node %1 resumed").arg(m_index + 1));
}

CommandAnswer FleetNode::restart(int delayMs)
{
    if (!isLocal())
        return CommandAnswer::refused(
            QStringLiteral("node %1 is external: start it yourself, the app reconnects on its own")
                .arg(m_index + 1));
    using S = RedisServerProcess::State;
    const S state = m_process->state();
    if (state == S::Running || state == S::Paused || state == S::Starting)
        kill();
    m_pauseTimer.stop();
    if (delayMs > 0) {
        startFault(
            NodeFault::Kind::RestartPending,
            QStringLiteral("stays down %1 s, then restarts").arg(delayMs / 1000.0, 0, 'f', 1),
            m_clock.nowUs() + qint64(delayMs) * 1000);
        m_restartTimer.start(delayMs);
        return CommandAnswer::done(
            QStringLiteral("node %1 restarts in %2 ms").arg(m_index + 1).arg(delayMs));
    }
    m_process->start();
    return CommandAnswer::done(QStringLiteral("node %1 restarting").arg(m_index + 1));
}

CommandAnswer FleetNode::shutdown()
{
    m_restartTimer.stop();
    m_pauseTimer.stop();
    m_expectingExit = true;
    endFault(NodeFault::Kind::Paused, QStringLiteral("shut down"));
    m_process->shutdown();
    startFault(NodeFault::Kind::ShutDown, QStringLiteral("SIGTERM: graceful shutdown"));
    return CommandAnswer::done(QStringLiteral("node %1 shutting down").arg(m_index + 1));
}

CommandAnswer FleetNode::partition(const QStringList& clients, const ClientResolver& resolve)
{
    if (clients.isEmpty()) {
        m_partitionedAll = true;
        m_proxy->setPartitioned(true);
        startFault(NodeFault::Kind::Partition, QStringLiteral("partitioned from every client"));
        return CommandAnswer::done(
            QStringLiteral("node %1 partitioned from every client").arg(m_index + 1));
    }
    QSet<int> ids = m_partitionedClients;
    QStringList names = m_partitionedNames;
    for (const QString& name : clients) {
        const int id = resolve(name);
        if (id < 0)
            return CommandAnswer::refused(QStringLiteral("no client named '%1'").arg(name));
        if (!ids.contains(id)) {
            ids.insert(id);
            names << name;
        }
    }
    m_partitionedClients = ids;
    m_partitionedNames = names;
    m_proxy->setPartitionedClients(ids);
    const QString detail =
        QStringLiteral("partitioned from %1").arg(names.join(QStringLiteral(", ")));
    endFault(NodeFault::Kind::Partition, QStringLiteral("changed"));
    startFault(NodeFault::Kind::Partition, detail);
    return CommandAnswer::done(QStringLiteral("node %1 %2").arg(m_index + 1).arg(detail));
}

CommandAnswer FleetNode::heal()
{
    m_proxy->heal();
    m_proxy->setLatency(0, 0);
    m_proxy->setDropRate(0);
    m_partitionedAll = false;
    m_partitionedClients.clear();
    m_partitionedNames.clear();
    m_clockJumpMs = 0;
    for (NodeFault::Kind kind : {NodeFault::Kind::Partition, NodeFault::Kind::Latency,
                                 NodeFault::Kind::Drop, NodeFault::Kind::ClockJump})
        endFault(kind, QStringLiteral("healed"));
    return CommandAnswer::done(QStringLiteral("node %1 healed").arg(m_index + 1));
}

CommandAnswer FleetNode::latency(const QStringList& args)
{
    int fixedMs = 0;
    int jitterMs = 0;
    if (!toInt(args.value(0), &fixedMs) || fixedMs < 0 ||
        (args.size() > 1 && (!toInt(args[1], &jitterMs) || jitterMs < 0)))
        return CommandAnswer::refused(QStringLiteral("usage: node latency N MS [JITTER_MS]"));
    m_proxy->setLatency(fixedMs, jitterMs);
    endFault(NodeFault::Kind::Latency, QStringLiteral("changed"));
    if (fixedMs == 0 && jitterMs == 0)
        return CommandAnswer::done(QStringLiteral("node %1: no added latency").arg(m_index + 1));
    const QString detail = QStringLiteral("latency %1±%2 ms").arg(fixedMs).arg(jitterMs);
    startFault(NodeFault::Kind::Latency, detail);
    return CommandAnswer::done(QStringLiteral("node %1: %2").arg(m_index + 1).arg(detail));
}

CommandAnswer FleetNode::drop(const QStringList& args)
{
    int percent = 0;
    if (!toInt(args.value(0), &percent) || percent < 0 || percent > 100)
        return CommandAnswer::refused(QStringLiteral("usage: node drop N PERCENT (0-100)"));
    m_proxy->setDropRate(percent / 100.0);
    endFault(NodeFault::Kind::Drop, QStringLiteral("changed"));
    if (percent == 0)
        return CommandAnswer::done(QStringLiteral("node %1: nothing dropped").arg(m_index + 1));
    const QString detail = QStringLiteral("drops %1% of requests").arg(percent);
    startFault(NodeFault::Kind::Drop, detail);
    return CommandAnswer::done(QStringLiteral("node %1 %2").arg(m_index + 1).arg(detail));
}

void FleetNode::clockJump(const QStringList& args, const AnswerCallback& done)
{
    QString text = args.value(0);
    if (text.startsWith(QLatin1Char('+')))
        text.remove(0, 1);
    int deltaMs = 0;
    if (!toInt(text, &deltaMs) || deltaMs <= 0) {
        done(CommandAnswer::refused(QStringLiteral("usage: node clock N +MS (a forward jump)")));
        return;
    }
    QByteArrayList command{"EVAL", ClockJumpScript,
                           QByteArray::number(m_monitor->resources().size())};
    command << m_monitor->resources() << QByteArray::number(deltaMs);
    externalCommand(command, QStringLiteral("clock"), done, [this, deltaMs] {
        m_clockJumpMs += deltaMs; // jumps add up until the node is healed
        endFault(NodeFault::Kind::ClockJump, QStringLiteral("jumped again"));
        startFault(NodeFault::Kind::ClockJump,
                   QStringLiteral("clock +%1 ms: keys expire early").arg(m_clockJumpMs));
        m_monitor->refresh();
    });
}

void FleetNode::setPersistence(const QStringList& args, const AnswerCallback& done)
{
    const QString mode = args.value(0).toLower();
    Persistence persistence;
    QByteArray appendOnly = "yes";
    QByteArray fsync = "everysec";
    if (mode == QLatin1String("none")) {
        persistence = Persistence::None;
        appendOnly = "no";
    } else if (mode == QLatin1String("everysec")) {
        persistence = Persistence::AofEverySec;
    } else if (mode == QLatin1String("always")) {
        persistence = Persistence::AofAlways;
        fsync = "always";
    } else {
        done(CommandAnswer::refused(
            QStringLiteral("usage: node persistence N none|everysec|always")));
        return;
    }
    // The running process changes at once (CONFIG SET); a local node also restarts so.
    if (m_process)
        m_process->setPersistence(persistence);
    const bool reachable = m_monitor->isUp() || !isLocal();
    if (!reachable) {
        m_persistence = persistence;
        done(CommandAnswer::done(QStringLiteral("node %1: persistence %2 from its next start")
                                     .arg(m_index + 1)
                                     .arg(persistenceName())));
        emit changed();
        return;
    }
    externalCommand({"CONFIG", "SET", "appendfsync", fsync}, QStringLiteral("persistence"),
                    [this, appendOnly, persistence, done](const CommandAnswer& first) {
                        if (!first.ok)
                            return done(first);
                        externalCommand({"CONFIG", "SET", "appendonly", appendOnly},
                                        QStringLiteral("persistence"), done, [this, persistence] {
                                            m_persistence = persistence;
                                            record(HistoryEvent::Kind::Info,
                                                   QStringLiteral("node %1 persistence: %2")
                                                       .arg(m_index + 1)
                                                       .arg(persistenceName()));
                                        });
                    },
                    {});
}

// A command for Redis itself on the node's admin connection; Redis's refusal is the answer.
void FleetNode::externalCommand(const QByteArrayList& command, const QString& what,
                                const AnswerCallback& done, std::function<void()> onSuccess)
{
    const bool isShutdown = command.first() == "SHUTDOWN";
    // The monitor's own connection: it is up whenever the node can be reached at all, and
    // reads (EVAL_RO) and CLIENT UNPAUSE still pass while writes are paused.
    RedisConnection* connection = m_monitor->connection();
    if (!connection->isReady()) {
        done(CommandAnswer::refused(QStringLiteral("node %1 cannot be reached for %2: %3")
                                        .arg(m_index + 1)
                                        .arg(what, connection->lastError())));
        return;
    }
    connection->send(
        command, AdminTimeoutMs,
        [this, what, done, onSuccess, isShutdown](const CommandResult& result) {
            const bool replied = result.status == CommandResult::Status::Replied;
            // SHUTDOWN answers nothing when it works: the connection just closes.
            const bool ok = isShutdown ? !(replied && result.reply.isError())
                                       : replied && !result.reply.isError();
            if (!ok) {
                const QString why = replied ? QString::fromUtf8(result.reply.text) : result.error;
                done(CommandAnswer::refused(
                    QStringLiteral("node %1 refused %2: %3").arg(m_index + 1).arg(what, why)));
                return;
            }
            if (onSuccess)
                onSuccess();
            done(
                CommandAnswer::done(QStringLiteral("node %1: %2 done").arg(m_index + 1).arg(what)));
        });
}

// --- faults and state ---------------------------------------------------------------------

void FleetNode::startFault(NodeFault::Kind kind, const QString& detail, qint64 untilUs)
{
    NodeFault fault;
    fault.kind = kind;
    fault.detail = detail;
    fault.sinceUs = m_clock.nowUs();
    fault.untilUs = untilUs;
    m_faults.insert(kind, fault);
    HistoryEvent e;
    e.kind = HistoryEvent::Kind::FaultStart;
    e.node = m_index;
    e.detail =
        QStringLiteral("node %1 %2: %3").arg(m_index + 1).arg(NodeFault::kindName(kind), detail);
    emit event(e);
    emit changed();
}

void FleetNode::endFault(NodeFault::Kind kind, const QString& why)
{
    if (!m_faults.contains(kind))
        return;
    const NodeFault fault = m_faults.take(kind);
    HistoryEvent e;
    e.kind = HistoryEvent::Kind::FaultEnd;
    e.node = m_index;
    e.detail = QStringLiteral("node %1 %2 ended (%3) after %4 s")
                   .arg(m_index + 1)
                   .arg(NodeFault::kindName(kind), why)
                   .arg((m_clock.nowUs() - fault.sinceUs) / 1e6, 0, 'f', 2);
    emit event(e);
    emit changed();
}

void FleetNode::onProcessState(RedisServerProcess::State state)
{
    using S = RedisServerProcess::State;
    if (state == S::Running) {
        m_expectingExit = false;
        for (NodeFault::Kind kind : {NodeFault::Kind::Killed, NodeFault::Kind::ShutDown,
                                     NodeFault::Kind::RestartPending, NodeFault::Kind::Paused})
            endFault(kind, QStringLiteral("restarted"));
    } else if ((state == S::Stopped || state == S::Failed) && !m_expectingExit &&
               !hasFault(NodeFault::Kind::Killed) && !hasFault(NodeFault::Kind::ShutDown)) {
        startFault(NodeFault::Kind::Killed,
                   QStringLiteral("the process ended on its own: %1").arg(m_process->lastError()));
    }
    emit changed();
}

void FleetNode::record(HistoryEvent::Kind kind, const QString& detail)
{
    HistoryEvent e;
    e.kind = kind;
    e.node = m_index;
    e.detail = detail;
    emit event(e);
}

QStringList FleetNode::possibleActions() const
{
    QStringList actions;
    const bool up = m_monitor->isUp();
    if (isLocal()) {
        using S = RedisServerProcess::State;
        switch (m_process->state()) {
        case S::Running:
            actions << QStringLiteral("kill") << QStringLiteral("pause")
                    << QStringLiteral("restart") << QStringLiteral("shutdown");
            break;
        case S::Paused:
            actions << QStringLiteral("resume") << QStringLiteral("kill")
                    << QStringLiteral("restart");
            break;
        case S::Starting:
            actions << QStringLiteral("kill");
            break;
        case S::Stopped:
        case S::Failed:
            if (!m_restartTimer.isActive())
                actions << QStringLiteral("restart");
            break;
        }
    } else {
        if (hasFault(NodeFault::Kind::Paused))
            actions << QStringLiteral("resume");
        else if (up)
            actions << QStringLiteral("pause");
        if (up)
            actions << QStringLiteral("kill") << QStringLiteral("shutdown");
    }
    actions << QStringLiteral("partition") << QStringLiteral("heal") << QStringLiteral("latency")
            << QStringLiteral("drop") << QStringLiteral("persistence");
    if (up)
        actions << QStringLiteral("clock");
    return actions;
}

QString FleetNode::persistenceName() const
{
    switch (m_persistence) {
    case Persistence::None:
        return QStringLiteral("none");
    case Persistence::AofEverySec:
        return QStringLiteral("aof everysec");
    case Persistence::AofAlways:
        return QStringLiteral("aof always");
    }
    return {};
}

NodeSnapshot FleetNode::snapshot() const
{
    NodeSnapshot n;
    n.index = m_index;
    n.address = m_address.display();
    n.local = isLocal();
    n.stateSinceUs = m_monitor->stateSinceUs();
    n.keys = m_monitor->keys();
    n.faults = m_faults.values();
    n.partitionedFromAll = m_partitionedAll;
    n.partitionedClients = m_partitionedNames;
    n.persistence = persistenceName();
    n.actions = possibleActions();
    if (!isLocal())
        n.actionsNote = QStringLiteral("external node: faults go through Redis (SHUTDOWN, "
                                       "CLIENT PAUSE, CONFIG) and the app's proxy; "
                                       "restart it yourself");
    using S = RedisServerProcess::State;
    const S process = m_process ? m_process->state() : S::Running;
    if (process == S::Paused || (!isLocal() && hasFault(NodeFault::Kind::Paused)))
        n.state = NodeSnapshot::State::Paused;
    else if (process == S::Stopped || process == S::Failed)
        n.state = NodeSnapshot::State::Down;
    else if (process == S::Starting)
        n.state = NodeSnapshot::State::Starting;
    else if (m_monitor->isUp())
        n.state = NodeSnapshot::State::Up;
    else
        n.state = m_monitor->error().isEmpty() ? NodeSnapshot::State::Starting
                                               : NodeSnapshot::State::Down;
    if (m_process) {
        n.pid = m_process->pid();
        if (n.state == NodeSnapshot::State::Down)
            n.error = m_faults.isEmpty() ? m_process->lastError() : m_faults.first().detail;
    }
    if (n.error.isEmpty() && n.state == NodeSnapshot::State::Down)
        n.error = m_monitor->error();
    return n;
}
