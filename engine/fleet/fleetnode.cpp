// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/fleetnode.h"

#include "base/clock.h"
#include "fleet/externalnodecontrol.h"
#include "fleet/fleet.h"
#include "fleet/localnodecontrol.h"
#include "fleet/nodeadmin.h"
#include "fleet/nodemonitor.h"
#include "net/faultgate.h"
#include "net/nodeproxy.h"

namespace {

// Keys expire as if the node's clock had jumped forward by ARGV[1] ms: each watched key's
// PTTL shrinks by that much, and a key with less left than that is gone at once.
const QByteArray ClockJumpScript =
    "local n = 0 for i, k in ipairs(KEYS) do local p = redis.call('pttl', k) "
    "if p > 0 then n = n + 1 if p > tonumber(ARGV[1]) then "
    "redis.call('pexpire', k, p - tonumber(ARGV[1])) else redis.call('del', k) end end end "
    "return n";

using K = Fault::Kind;

} // namespace

FleetNode::FleetNode(int index, const NodeAddress& address, RedisServerProcess* process,
                     const RedisConnection::Options& options, const Clock& clock, QObject* parent)
    : QObject(parent), m_index(index), m_address(address), m_clock(clock),
      m_monitor(new NodeMonitor(index, address, options, clock, this)),
      m_admin(new NodeAdmin(index, m_monitor->connection(), this)),
      m_proxy(new NodeProxy(address.host, address.port, this)), m_gate(new FaultGate(0, this))
{
    if (address.tls) // the proxy's clients (foreign ones, --client-path proxy) dial it plain
        m_proxy->setUpstreamTls(address.tlsSettings);
    connect(m_proxy, &NodeProxy::foreignConnection, this,
            [this](const ForeignIdentity& who, bool open) {
                emit foreignConnection(m_index, who, open);
            });
    connect(m_proxy, &NodeProxy::foreignExchange, this,
            [this](const ForeignExchange& exchange) { emit foreignExchange(m_index, exchange); });
    connect(m_proxy, &NodeProxy::foreignRequests, this,
            [this](const ForeignRequests& requests) { emit foreignRequests(m_index, requests); });
    connect(m_proxy, &NodeProxy::connectionCapped, this, [this](const QString& text) {
        HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Error, text);
        e.node = m_index;
        emit happened(e);
    });
    // The proxy gives up connecting before the client does, so the client hears why
    // ("timed out connecting") instead of its own bare timeout.
    m_proxy->setUpstreamConnectTimeout(std::max(1, options.connectTimeoutMs * 3 / 4));
    if (process)
        m_control = new LocalNodeControl(index, process, m_admin, clock, this);
    else
        m_control = new ExternalNodeControl(index, m_monitor, m_admin, clock, this);
    connect(m_control, &NodeControl::faultStarted, this, &FleetNode::startFault);
    connect(m_control, &NodeControl::faultEnded, this, &FleetNode::endFault);
    connect(m_control, &NodeControl::changed, this, &FleetNode::changed);
    connect(m_control, &NodeControl::info, this, [this](const QString& text) {
        HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Info, text);
        e.node = m_index;
        emit happened(e);
    });
    connect(m_monitor, &NodeMonitor::changed, this, &FleetNode::changed);
    connect(m_monitor, &NodeMonitor::upChanged, this, &FleetNode::onMonitorUp);
}

FleetNode::~FleetNode() = default;

void FleetNode::start(int pollIntervalMs, const QByteArrayList& resources)
{
    m_monitor->setResources(resources);
    m_monitor->start(pollIntervalMs);
}

std::optional<NodeRoute> FleetNode::routeFor(int clientId, const QString& clientName,
                                             QString* error)
{
    if (!m_clientsViaProxy) {
        // Straight to the node: the faults act in the client's own connection (docs/proxy.md).
        m_gate->nameClient(clientId, clientName);
        return NodeRoute{m_address, m_gate, clientId};
    }
    // The app's clients live in this thread, and so does the proxy's local half: through a
    // Unix-domain socket, no hop waits for another thread (docs/proxy.md, "Threads").
    const QString path = m_proxy->listenLocal(clientId, clientName);
    const std::optional<NodeAddress> address = viaProxy(path, 0, !path.isEmpty(), error);
    if (!address)
        return std::nullopt;
    return NodeRoute{*address, nullptr, clientId};
}

std::optional<NodeAddress> FleetNode::tcpAddressFor(int clientId, const QString& clientName,
                                                    QString* error)
{
    const quint16 port = m_proxy->listenPort(clientId, clientName);
    return viaProxy(QStringLiteral("127.0.0.1"), port, port != 0, error);
}

// The node's address (its credentials, its db) with the proxy's listener in place of the
// node's own host and port; nothing, and the proxy's reason, if the listener did not open.
std::optional<NodeAddress> FleetNode::viaProxy(const QString& host, quint16 port, bool opened,
                                               QString* error) const
{
    if (!opened) {
        *error = m_proxy->lastError();
        return std::nullopt;
    }
    NodeAddress address = m_address;
    address.host = host;
    address.port = port;
    return address;
}

std::optional<NodeAddress> FleetNode::expose(const QString& host, quint16 port, QString* error)
{
    const quint16 opened = m_proxy->expose(host, port);
    return viaProxy(host, opened, opened != 0, error);
}

void FleetNode::unexpose()
{
    m_proxy->unexpose();
}

void FleetNode::tagForeign(const QString& key, int clientId)
{
    m_proxy->tagForeign(key, clientId);
}

void FleetNode::setClientHeld(int clientId, bool held)
{
    m_proxy->setClientHeld(clientId, held);
    m_gate->setClientHeld(clientId, held);
}

// The gate and the proxy's local worker draw from the seed itself (whichever carries the
// simulated clients, a seeded run makes the same choices); the proxy's network worker, for
// foreign clients, from a stream of its own (NodeProxy).
void FleetNode::setRandomSeed(quint32 seed)
{
    m_proxy->setRandomSeed(seed);
    m_gate->setRandomSeed(seed);
}

void FleetNode::setClientDelay(int clientId, int ms)
{
    m_proxy->setClientDelay(clientId, ms);
    m_gate->setClientDelay(clientId, ms);
}

bool FleetNode::inNetwork(const std::function<bool(NetworkFaults&)>& set, QString* error)
{
    // Both check alike (NetworkFaults): the first to refuse leaves the second untouched.
    for (NetworkFaults* faults :
         {static_cast<NetworkFaults*>(m_gate), static_cast<NetworkFaults*>(m_proxy)}) {
        if (!set(*faults)) {
            *error = faults->lastError();
            return false;
        }
    }
    return true;
}

void FleetNode::serveTls(const TlsSettings& identity)
{
    m_proxy->setServerTls(identity);
}

std::optional<NodeAddress> FleetNode::openReplicationLink(int linkId, const QString& name,
                                                          QString* error)
{
    // Marked before it opens, so that no connection is accepted unsorted.
    m_proxy->setReplicationLink(linkId);
    // A redis-server dials it (its replicaof), and its bytes must flow whatever the engine
    // does: the network thread's TCP listener.
    std::optional<NodeAddress> link = tcpAddressFor(linkId, name, error);
    if (link)
        m_linkPort = link->port;
    return link;
}

void FleetNode::forgetClient(int clientId)
{
    m_proxy->releaseClient(clientId);
    m_gate->forgetClient(clientId);
    if (m_partitionedClients.remove(clientId)) {
        m_proxy->setPartitionedClients(m_partitionedClients);
        m_gate->setPartitionedClients(m_partitionedClients);
    }
}

void FleetNode::onMonitorUp(bool up, const QString& error)
{
    HistoryEvent e =
        HistoryEvent::make(up ? HistoryEvent::Kind::NodeUp : HistoryEvent::Kind::NodeDown,
                           up ? m_monitor->connection()->serverVersion() : error);
    e.node = m_index;
    emit happened(e);
}

// --- actions ------------------------------------------------------------------------------

bool FleetNode::refuseUnlessPossible(const QString& verb, const AnswerCallback& done) const
{
    if (possibleActions().contains(verb))
        return false;
    const NodeSnapshot s = snapshot();
    QString why = tr("cannot %1 node %2 now (it is %3")
                      .arg(verb)
                      .arg(m_index + 1)
                      .arg(NodeSnapshot::stateName(s.state));
    if (!s.actionsNote.isEmpty())
        why += QStringLiteral("; ") + s.actionsNote;
    done(CommandAnswer::refused(why + QLatin1Char(')')));
    return true;
}

void FleetNode::kill(const AnswerCallback& done)
{
    if (!refuseUnlessPossible(QStringLiteral("kill"), done))
        m_control->kill(done);
}

void FleetNode::pause(int forMs, const AnswerCallback& done)
{
    if (!refuseUnlessPossible(QStringLiteral("pause"), done))
        m_control->pause(forMs, done);
}

void FleetNode::resume(const AnswerCallback& done)
{
    if (!refuseUnlessPossible(QStringLiteral("resume"), done))
        m_control->resume(done);
}

void FleetNode::restart(int delayMs, const AnswerCallback& done)
{
    if (!refuseUnlessPossible(QStringLiteral("restart"), done))
        m_control->restart(delayMs, done);
}

void FleetNode::shutdown(const AnswerCallback& done)
{
    if (!refuseUnlessPossible(QStringLiteral("shutdown"), done))
        m_control->shutdown(done);
}

void FleetNode::setPersistence(Persistence persistence, const AnswerCallback& done)
{
    m_control->setPersistence(persistence, done);
}

QString FleetNode::doneText(const QString& what) const
{
    return tr("node %1 %2").arg(m_index + 1).arg(what);
}

QString FleetNode::cutOffReason(int clientId) const
{
    if (!m_partitionedAll && !m_partitionedClients.contains(clientId))
        return {};
    return tr("the app cuts this client off from node %1 (a partition: `node heal %1` ends it)")
        .arg(m_index + 1);
}

void FleetNode::partition(const QStringList& clients, const ClientResolver& resolve,
                          const AnswerCallback& done)
{
    if (clients.isEmpty()) {
        m_partitionedAll = true;
        m_proxy->setPartitioned(true);
        m_gate->setPartitioned(true);
        startFault(K::Partition, tr("partitioned from every client"));
        done(CommandAnswer::done(doneText(tr("partitioned from every client"))));
        return;
    }
    QSet<int> ids = m_partitionedClients;
    QStringList names = m_partitionedNames;
    for (const QString& name : clients) {
        const int id = resolve(name);
        if (id < 0) {
            done(CommandAnswer::refused(tr("no client named '%1'").arg(name)));
            return;
        }
        if (!ids.contains(id)) {
            ids.insert(id);
            // The replication link is typed as the word "replica"; it is said in the
            // reader's language (a client's name is a name, not a word).
            names << (id == Fleet::ReplicationLinkId ? tr("the replica") : name);
        }
    }
    m_partitionedClients = ids;
    m_partitionedNames = names;
    m_proxy->setPartitionedClients(ids);
    m_gate->setPartitionedClients(ids);
    const QString detail = tr("partitioned from %1").arg(names.join(QStringLiteral(", ")));
    endFault(K::Partition, tr("changed"));
    startFault(K::Partition, detail);
    done(CommandAnswer::done(doneText(detail)));
}

void FleetNode::heal(const AnswerCallback& done)
{
    m_proxy->clearFaults();
    m_gate->clearFaults();
    m_partitionedAll = false;
    m_partitionedClients.clear();
    m_partitionedNames.clear();
    m_clockJumpMs = 0;
    for (K kind : {K::Partition, K::Latency, K::Drop, K::ClockJump})
        endFault(kind, tr("healed"));
    done(CommandAnswer::done(doneText(tr("healed"))));
}

void FleetNode::setLatency(int fixedMs, int jitterMs, const AnswerCallback& done)
{
    QString error;
    if (!inNetwork([&](NetworkFaults& f) { return f.setLatency(fixedMs, jitterMs); }, &error)) {
        done(CommandAnswer::refused(error));
        return;
    }
    endFault(K::Latency, tr("changed"));
    if (fixedMs == 0 && jitterMs == 0) {
        done(CommandAnswer::done(doneText(tr("has no added latency"))));
        return;
    }
    const QString detail = tr("latency %1±%2 ms").arg(fixedMs).arg(jitterMs);
    startFault(K::Latency, detail);
    done(CommandAnswer::done(doneText(detail)));
}

void FleetNode::setDrop(int percent, const AnswerCallback& done)
{
    QString error;
    if (!inNetwork([&](NetworkFaults& f) { return f.setDropRate(percent / 100.0); }, &error)) {
        done(CommandAnswer::refused(error));
        return;
    }
    endFault(K::Drop, tr("changed"));
    if (percent == 0) {
        done(CommandAnswer::done(doneText(tr("drops nothing"))));
        return;
    }
    const QString detail = tr("drops %1% of requests").arg(percent);
    startFault(K::Drop, detail);
    done(CommandAnswer::done(doneText(detail)));
}

void FleetNode::jumpClock(qint64 deltaMs, const AnswerCallback& done)
{
    if (refuseUnlessPossible(QStringLiteral("clock"), done))
        return;
    QByteArrayList command{"EVAL", ClockJumpScript,
                           QByteArray::number(m_monitor->resources().size())};
    command << m_monitor->resources() << QByteArray::number(deltaMs);
    // Said as what happened to the node, not as an admin command that went through.
    const auto told = [this, deltaMs, done](const CommandAnswer& answer) {
        if (!answer.ok) {
            done(answer);
            return;
        }
        done(CommandAnswer::done(
            m_clockJumpMs == deltaMs
                ? tr("node %1's clock jumped %2 ms forward: its keys expire that much early")
                      .arg(m_index + 1)
                      .arg(deltaMs)
                : tr("node %1's clock jumped %2 ms forward, %3 ms in all: its keys expire that "
                     "much early")
                      .arg(m_index + 1)
                      .arg(deltaMs)
                      .arg(m_clockJumpMs)));
    };
    m_admin->send(command, tr("clock"), told, [this, deltaMs] {
        m_clockJumpMs += deltaMs; // jumps add up until the node is healed
        endFault(K::ClockJump, tr("jumped again"));
        startFault(K::ClockJump, tr("clock +%1 ms: keys expire early").arg(m_clockJumpMs));
        m_monitor->refresh();
    });
}

// --- faults and state ---------------------------------------------------------------------

void FleetNode::startFault(Fault::Kind kind, const QString& detail, qint64 untilUs)
{
    Fault fault;
    fault.kind = kind;
    fault.detail = detail;
    fault.sinceUs = m_clock.nowUs();
    fault.untilUs = untilUs;
    m_faults.insert(kind, fault);
    HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::FaultStart, detail);
    e.node = m_index;
    e.code = quint8(kind);
    e.number = untilUs;
    emit happened(e);
    emit changed();
}

void FleetNode::endFault(Fault::Kind kind, const QString& why)
{
    if (!m_faults.contains(kind))
        return;
    const Fault fault = m_faults.take(kind);
    HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::FaultEnd, why);
    e.node = m_index;
    e.code = quint8(kind);
    e.sinceUs = fault.sinceUs;
    emit happened(e);
    emit changed();
}

QStringList FleetNode::possibleActions() const
{
    const bool up = m_monitor->isUp();
    QStringList actions = m_control->actions(up);
    actions << QStringLiteral("partition") << QStringLiteral("heal") << QStringLiteral("latency")
            << QStringLiteral("drop") << QStringLiteral("persistence");
    if (up)
        actions << QStringLiteral("clock");
    return actions;
}

NodeSnapshot FleetNode::snapshot() const
{
    NodeSnapshot n;
    n.index = m_index;
    n.address = m_address.display();
    n.tls = m_address.tls;
    n.tlsVerified = m_address.tls && !m_address.tlsSettings.insecure;
    n.local = isLocal();
    n.stateSinceUs = m_monitor->stateSinceUs();
    n.restartedUs = m_monitor->restartedUs();
    n.keys = m_monitor->keys();
    n.keysAskedUs = m_monitor->keysAskedUs();
    n.faults = m_faults.values();
    n.partitionedFromAll = m_partitionedAll;
    n.partitionedClients = m_partitionedNames;
    n.persistence = NodeControl::persistenceName(m_control->persistence());
    n.actions = possibleActions();
    n.actionsNote = m_control->note();
    n.state = m_control->state(m_monitor->isUp(), !m_monitor->error().isEmpty());
    n.pid = m_control->pid();
    if (n.state == NodeSnapshot::State::Down) {
        if (!m_faults.isEmpty())
            n.error = m_faults.first().detail;
        if (n.error.isEmpty())
            n.error = m_control->downReason();
        if (n.error.isEmpty())
            n.error = m_monitor->error();
    }
    return n;
}
