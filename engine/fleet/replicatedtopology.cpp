// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/replicatedtopology.h"

#include "fleet/redisserverprocess.h"

#include <QHash>

const QByteArray ReplicatedTopology::MasterName = "redlock";

namespace {
// Short on purpose: the class should see a dead master promoted within seconds, not the
// production defaults' 30 s + 3 min.
constexpr int DownAfterMs = 1000;
constexpr int FailoverTimeoutMs = 4000;
constexpr int PollMs = 250;
constexpr int AskTimeoutMs = 200; // below PollMs: one question per Sentinel in flight
constexpr int StepMs = 100;
// Sentinels find each other through hello messages sent every 2 s: allow a few rounds.
constexpr int StartDeadlineMs = 20000;

// "key1 value1 key2 value2 ..." (SENTINEL master) -> a map.
QHash<QByteArray, QByteArray> fields(const RedisReply& reply)
{
    QHash<QByteArray, QByteArray> map;
    for (int i = 0; i + 1 < reply.elements.size(); i += 2)
        map.insert(reply.elements[i].text, reply.elements[i + 1].text);
    return map;
}
} // namespace

ReplicatedTopology::ReplicatedTopology(const RedisServerProcess::Options& sentinel,
                                       const RedisConnection::Options& options, const Clock& clock,
                                       QObject* parent)
    : QObject(parent), m_sentinelOptions(sentinel), m_options(options), m_clock(clock)
{
    // Parented so that they move to the engine thread with us.
    m_stepTimer.setParent(this);
    m_pollTimer.setParent(this);
    m_deadline.setParent(this);
    m_deadline.setSingleShot(true);
    connect(&m_pollTimer, &QTimer::timeout, this, &ReplicatedTopology::poll);
    m_failoverWatch.setParent(this);
    m_failoverWatch.setSingleShot(true);
    connect(&m_failoverWatch, &QTimer::timeout, this, &ReplicatedTopology::failoverStalled);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        fail(tr("the Sentinels did not agree on the master and its replica within %1 s")
                 .arg(StartDeadlineMs / 1000));
    });
}

ReplicatedTopology::~ReplicatedTopology()
{
    stop();
    qDeleteAll(m_sentinels); // each kills and reaps its process synchronously
}

void ReplicatedTopology::start(const QList<NodeAddress>& nodes, const QList<NodeAddress>& links)
{
    m_nodes = nodes;
    m_links = links;
    m_snapshot.present = true;
    m_snapshot.quorum = Quorum;
    m_deadline.start(StartDeadlineMs);
    for (int i = 0; i < m_nodes.size(); ++i) {
        auto* connection = new RedisConnection(m_nodes[i], m_options, m_clock, this);
        m_nodeConnections << connection;
        connect(connection, &RedisConnection::stateChanged, this,
                [this, i](RedisConnection::State state, const QString&) {
                    if (state == RedisConnection::State::Ready && !m_linking)
                        announce(i);
                });
        connection->open();
    }
    m_replica = m_nodeConnections.value(1);
}

QStringList ReplicatedTopology::announceArgs(const NodeAddress& link)
{
    return {QStringLiteral("--replica-announce-ip"), link.host,
            QStringLiteral("--replica-announce-port"), QString::number(link.port)};
}

// A replica tells its master the address to list it under (REPLCONF listening-port, and
// replica-announce-ip), and Sentinel learns replicas from the master's list: each node
// announces its link listener, so Sentinel knows it there, as replica and once promoted.
void ReplicatedTopology::announce(int node)
{
    const NodeAddress& link = m_links.value(node);
    const QByteArrayList command{"CONFIG",
                                 "SET",
                                 "replica-announce-ip",
                                 link.host.toUtf8(),
                                 "replica-announce-port",
                                 QByteArray::number(link.port)};
    m_nodeConnections[node]->send(command, 1000, [this, node](const CommandResult& r) {
        if (m_linking || m_failed)
            return;
        if (r.status != CommandResult::Status::Replied || r.reply.isError()) {
            fail(tr("node %1 refused CONFIG SET replica-announce-port: %2")
                     .arg(node + 1)
                     .arg(r.reply.isError() ? QString::fromUtf8(r.reply.text) : r.error));
            return;
        }
        m_announced.insert(node);
        if (m_announced.size() == m_nodes.size()) {
            m_linking = true; // a reconnect from now on announces nothing again
            linkReplica();
        }
    });
}

void ReplicatedTopology::linkReplica()
{
    const NodeAddress& via = m_links.value(0);
    const QByteArrayList command{"REPLICAOF", via.host.toUtf8(), QByteArray::number(via.port)};
    m_replica->send(command, 1000, [this](const CommandResult& r) {
        if (r.status != CommandResult::Status::Replied || r.reply.isError())
            fail(tr("node 2 refused REPLICAOF: %1")
                     .arg(r.reply.isError() ? QString::fromUtf8(r.reply.text) : r.error));
        else
            waitForLink();
    });
}

// The Sentinels learn of the replica from the master's INFO: start them once it is linked.
void ReplicatedTopology::waitForLink()
{
    connect(&m_stepTimer, &QTimer::timeout, this, [this] {
        m_replica->send({"INFO", "replication"}, StepMs, [this](const CommandResult& r) {
            if (!m_stepTimer.isActive() || !r.reply.text.contains("master_link_status:up"))
                return;
            m_stepTimer.stop();
            m_stepTimer.disconnect(this);
            emit happened(HistoryEvent::make(
                HistoryEvent::Kind::Info, tr("node 2 replicates node 1 through node 1's proxy (%1)")
                                              .arg(m_links.value(0).display())));
            startSentinels();
        });
    });
    m_stepTimer.start(StepMs);
}

QStringList ReplicatedTopology::sentinelConfig() const
{
    const QString name = QString::fromUtf8(MasterName);
    // Node 1 at its link listener: the address node 2 dials, so Sentinel finds nothing to fix.
    return {QStringLiteral("sentinel monitor %1 %2 %3 %4")
                .arg(name, m_links[0].host)
                .arg(m_links[0].port)
                .arg(Quorum),
            QStringLiteral("sentinel down-after-milliseconds %1 %2").arg(name).arg(DownAfterMs),
            QStringLiteral("sentinel failover-timeout %1 %2").arg(name).arg(FailoverTimeoutMs),
            QStringLiteral("sentinel parallel-syncs %1 1").arg(name)};
}

void ReplicatedTopology::startSentinels()
{
    for (int i = 0; i < SentinelCount; ++i) {
        RedisServerProcess::Options options = m_sentinelOptions;
        options.sentinelConfig = sentinelConfig();
        auto* sentinel = new RedisServerProcess(options, this);
        connect(sentinel, &RedisServerProcess::started, this,
                &ReplicatedTopology::onSentinelStarted);
        connect(sentinel, &RedisServerProcess::logLine, this,
                [this, i](const QString& text) { onSentinelLog(i, text); });
        connect(sentinel, &RedisServerProcess::failed, this, [this, i](const QString& error) {
            fail(tr("sentinel %1: %2").arg(i + 1).arg(error));
        });
        m_sentinels << sentinel;
        sentinel->start();
    }
}

void ReplicatedTopology::onSentinelStarted()
{
    if (++m_startedSentinels < SentinelCount || m_failed)
        return;
    for (const NodeAddress& address : sentinelAddresses()) {
        auto* connection = new RedisConnection(address, m_options, m_clock, this);
        connection->open();
        m_connections << connection;
        SentinelView view;
        view.address = address.display();
        m_snapshot.views << view;
    }
    emit happened(HistoryEvent::make(
        HistoryEvent::Kind::Info,
        tr("%1 Sentinels watch node 1 (quorum %2) at its proxy's replication listener %3, the "
           "address node 2 dials, so they leave the link on the proxy; their own connections "
           "there get no network fault")
            .arg(SentinelCount)
            .arg(Quorum)
            .arg(m_links.value(0).display())));
    m_pollTimer.start(PollMs);
}

// Sentinel announces what it decides as "+event ..." / "-event ..." lines (+sdown, +odown,
// +switch-master, -failover-abort-no-good-slave, ...): into the history, so the event log
// tells the failover as Sentinel saw it. Its discovery chatter is left out. +tilt: Sentinel
// stopped acting for 30 s because its timer ran late (an overloaded machine), which stalls a
// failover it accepted. +fix-slave-config / +convert-to-slave: it re-pointed a replica.
void ReplicatedTopology::onSentinelLog(int index, const QString& text)
{
    static const QStringList told{QStringLiteral("+sdown master"),
                                  QStringLiteral("-sdown master"),
                                  QStringLiteral("+odown"),
                                  QStringLiteral("-odown"),
                                  QStringLiteral("+try-failover"),
                                  QStringLiteral("+elected-leader"),
                                  QStringLiteral("+promoted-slave"),
                                  QStringLiteral("+switch-master"),
                                  QStringLiteral("-failover-abort"),
                                  QStringLiteral("+tilt"),
                                  QStringLiteral("-tilt"),
                                  QStringLiteral("+fix-slave-config"),
                                  QStringLiteral("+convert-to-slave"),
                                  QStringLiteral("+failover-end")};
    for (const QString& prefix : told) {
        if (!text.startsWith(prefix))
            continue;
        const bool hitch =
            prefix.startsWith(QLatin1String("-failover-abort")) || prefix == QLatin1String("+tilt");
        const bool watched = hitch && m_failoverWatch.isActive();
        if (watched)
            m_failoverHitch = text;
        if (prefix == QLatin1String("+switch-master"))
            m_switched = true;
        const bool secondThought =
            hitch && !watched && m_switched && prefix.startsWith(QLatin1String("-failover-abort"));
        if (secondThought)
            emit happened(HistoryEvent::make(
                HistoryEvent::Kind::Info,
                tr("sentinel %1: %2 - Sentinel's own second thought: it briefly saw the new "
                   "master down, then found no replica to promote in its place; the failover "
                   "that happened stands, nothing of the run failed")
                    .arg(index + 1)
                    .arg(text)));
        else
            emit happened(
                HistoryEvent::make(hitch ? HistoryEvent::Kind::Error : HistoryEvent::Kind::Info,
                                   tr("sentinel %1: %2").arg(index + 1).arg(text)));
        if (watched && prefix.startsWith(QLatin1String("-failover-abort"))) {
            m_failoverWatch.stop(); // given up: say so now, not when the watch ends
            failoverStalled();
        }
        if (prefix == QLatin1String("+fix-slave-config") ||
            prefix == QLatin1String("+convert-to-slave"))
            noteRepointed(index, text);
        return;
    }
}

// Sentinel (re)sets a replica's master ("+convert-to-slave slave H:P H P @ redlock MH MP":
// the old master after a promotion; "+fix-slave-config": a replica dialling another address
// than the one Sentinel knows). It knows every node by its link listener, so the replica
// dials the master's proxy, and the history says the link is there. Should it ever name a
// master's own port, the proxy no longer carries the link: the history says so, in place of
// a picture that would still promise `node latency|partition` on the link.
void ReplicatedTopology::noteRepointed(int index, const QString& text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const qsizetype at = words.indexOf(QStringLiteral("@"));
    if (at < 4 || at + 3 >= words.size())
        return;
    const int replica = nodeOf(words.value(at - 2), words.value(at - 1).toLongLong());
    const qint64 masterPort = words.value(at + 3).toLongLong();
    const int master = nodeOf(words.value(at + 2), masterPort);
    if (replica < 0 || master < 0)
        return;
    const QString told =
        isLinkPort(masterPort)
            ? tr("sentinel %1 made node %2 replicate node %3 through node %3's proxy (port %4): "
                 "node latency and partition %3 reach the replication link")
            : tr("sentinel %1 made node %2 replicate node %3 at its own port %4, not through "
                 "node %3's proxy: node latency and partition %3 no longer reach the "
                 "replication link");
    emit happened(
        HistoryEvent::make(HistoryEvent::Kind::Info,
                           told.arg(index + 1).arg(replica + 1).arg(master + 1).arg(masterPort)));
}

QList<NodeAddress> ReplicatedTopology::sentinelAddresses() const
{
    QList<NodeAddress> addresses;
    for (const RedisServerProcess* sentinel : m_sentinels) {
        addresses << sentinel->address(); // 127.0.0.1, in TLS when it speaks TLS
    }
    return addresses;
}

void ReplicatedTopology::stop()
{
    m_deadline.stop();
    m_stepTimer.stop();
    m_pollTimer.stop();
    m_failoverWatch.stop();
    for (RedisConnection* connection : std::as_const(m_connections))
        connection->close();
    for (RedisConnection* connection : std::as_const(m_nodeConnections))
        connection->close();
    for (RedisServerProcess* sentinel : std::as_const(m_sentinels))
        sentinel->shutdown(); // by pid: SIGTERM, SIGKILL after a grace period
}

void ReplicatedTopology::poll()
{
    for (int i = 0; i < m_connections.size(); ++i)
        ask(i);
    summarize();
}

void ReplicatedTopology::ask(int index)
{
    RedisConnection* connection = m_connections[index];
    SentinelView& view = m_snapshot.views[index];
    if (!connection->isReady()) {
        view.up = false;
        view.error =
            connection->lastError().isEmpty() ? tr("not connected") : connection->lastError();
        return;
    }
    connection->send({"SENTINEL", "master", MasterName}, AskTimeoutMs,
                     [this, index](const CommandResult& r) { onMasterReply(index, r); });
    connection->send({"SENTINEL", "get-master-addr-by-name", MasterName}, AskTimeoutMs,
                     [this, index](const CommandResult& r) { onAddressReply(index, r); });
}

void ReplicatedTopology::onMasterReply(int index, const CommandResult& result)
{
    if (result.status != CommandResult::Status::Replied || result.reply.isError())
        return; // the address reply says what went wrong
    const QHash<QByteArray, QByteArray> map = fields(result.reply);
    SentinelView& view = m_snapshot.views[index];
    view.flags = QString::fromUtf8(map.value("flags"));
    view.replicas = map.value("num-slaves", "-1").toInt();
    view.otherSentinels = map.value("num-other-sentinels", "-1").toInt();
}

void ReplicatedTopology::onAddressReply(int index, const CommandResult& result)
{
    SentinelView& view = m_snapshot.views[index];
    const RedisReply& reply = result.reply;
    view.up = result.status == CommandResult::Status::Replied && !reply.isError() &&
              reply.elements.size() == 2;
    if (!view.up) {
        view.error = reply.isError() ? QString::fromUtf8(reply.text) : result.error;
        view.masterNode = -1;
        return;
    }
    view.error.clear();
    const QString host = QString::fromUtf8(reply.elements[0].text);
    const qint64 port = reply.elements[1].text.toLongLong();
    view.masterAddress = QStringLiteral("%1:%2").arg(host).arg(port);
    view.masterNode = nodeOf(host, port);
    if (index == m_connections.size() - 1)
        summarize(); // the last answer of a round: the picture is whole
}

// Sentinel names a node by its link listener (127.0.0.1), or by its own address.
int ReplicatedTopology::nodeOf(const QString& host, qint64 port) const
{
    for (int i = 0; i < m_nodes.size(); ++i) {
        if (i < m_links.size() && m_links[i].port == port && host == m_links[i].host)
            return i;
        if (m_nodes[i].port == port && (host == m_nodes[i].host || host == "127.0.0.1"))
            return i;
    }
    return -1;
}

bool ReplicatedTopology::isLinkPort(qint64 port) const
{
    for (const NodeAddress& link : m_links)
        if (link.port == port)
            return true;
    return false;
}

void ReplicatedTopology::summarize()
{
    QHash<int, int> votes;
    bool down = false;
    bool failingOver = false;
    bool discovered = !m_snapshot.views.isEmpty();
    for (const SentinelView& view : std::as_const(m_snapshot.views)) {
        if (view.up && view.masterNode >= 0)
            ++votes[view.masterNode];
        down = down || view.flags.contains(QLatin1String("s_down"));
        failingOver = failingOver || view.flags.contains(QLatin1String("failover"));
        discovered =
            discovered && view.up && view.replicas >= 1 && view.otherSentinels >= SentinelCount - 1;
    }
    int best = -1;
    for (auto it = votes.cbegin(); it != votes.cend(); ++it)
        if (best < 0 || it.value() > votes.value(best))
            best = it.key();
    m_snapshot.agreeing = best < 0 ? 0 : votes.value(best);
    m_snapshot.quorumReached = m_snapshot.agreeing >= Quorum;
    m_snapshot.masterNode = m_snapshot.quorumReached ? best : -1;
    m_snapshot.masterDown = down;
    m_snapshot.failoverInProgress = failingOver;
    if (m_failoverWatch.isActive() && m_snapshot.masterNode >= 0 &&
        m_snapshot.masterNode != m_failoverFrom)
        m_failoverWatch.stop(); // promoted, as asked
    if (m_snapshot.masterNode >= 0 && m_snapshot.masterNode != m_lastMasterNode &&
        m_snapshot.ready) {
        emit happened(HistoryEvent::make(HistoryEvent::Kind::Info,
                                         tr("the Sentinels name node %1 master (was node %2)")
                                             .arg(m_snapshot.masterNode + 1)
                                             .arg(m_lastMasterNode + 1)));
        m_lastMasterNode = m_snapshot.masterNode;
    }
    emit changed();
    if (!m_snapshot.ready && discovered && m_snapshot.masterNode == 0) {
        m_snapshot.ready = true;
        m_deadline.stop();
        emit ready();
    }
}

void ReplicatedTopology::failover(const AnswerCallback& done)
{
    for (RedisConnection* connection : std::as_const(m_connections)) {
        if (!connection->isReady())
            continue;
        connection->send(
            {"SENTINEL", "FAILOVER", MasterName}, 1000, [this, done](const CommandResult& r) {
                if (r.status == CommandResult::Status::Replied && r.reply.isOkStatus()) {
                    // Accepted is not done: Sentinel may still abort (no good replica) or
                    // stall (TILT). Watched, so the user is told instead of left waiting.
                    m_failoverFrom = m_snapshot.masterNode;
                    m_failoverHitch.clear();
                    m_failoverWatch.start(2 * FailoverTimeoutMs);
                    done(CommandAnswer::done(tr("Sentinel is promoting the replica")));
                    return;
                }
                const QByteArray text = r.reply.isError() ? r.reply.text : r.error.toUtf8();
                QString why = QString::fromUtf8(text);
                if (text.startsWith("NOGOODSLAVE"))
                    why = tr("no replica is good enough to promote (%1): in Sentinel's view "
                             "(refreshed every 10 s) the replica is unreachable, or its link to "
                             "the master has been down too long; after healing a cut link, try "
                             "again in about 10 s")
                              .arg(why);
                else if (text.startsWith("INPROG"))
                    why = tr("a failover is already in progress (%1)").arg(why);
                done(CommandAnswer::refused(tr("Sentinel refused: %1").arg(why)));
            });
        return;
    }
    done(CommandAnswer::refused(tr("no Sentinel answers")));
}

void ReplicatedTopology::failoverStalled()
{
    if (m_snapshot.masterNode >= 0 && m_snapshot.masterNode != m_failoverFrom)
        return; // promoted
    QString why = m_failoverHitch.isEmpty() ? tr("Sentinel gave no reason")
                                            : tr("Sentinel said: %1").arg(m_failoverHitch);
    if (m_failoverHitch.startsWith(QLatin1String("-failover-abort-no-good-slave"))) {
        why = tr("Sentinel found no replica good enough to promote: in its view the replica is "
                 "unreachable or its link to the master is down, as right after healing a cut "
                 "link; try again in about 10 s");
    } else if (m_failoverHitch.startsWith(QLatin1String("+tilt"))) {
        why = tr("Sentinel is in TILT mode (its timer ran late, the machine is overloaded) and "
                 "acts on nothing for 30 s");
    }
    emit happened(HistoryEvent::make(
        HistoryEvent::Kind::Error,
        tr("the failover Sentinel accepted did not promote the replica (%1); node %2 is still "
           "master")
            .arg(why)
            .arg(m_failoverFrom + 1)));
}

void ReplicatedTopology::fail(const QString& error)
{
    if (m_failed || m_snapshot.ready)
        return;
    m_failed = true;
    stop();
    emit failed(error);
}
