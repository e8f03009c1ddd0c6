// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/storage.h"

#include "base/clock.h"
#include "fleet/redisserverprocess.h"
#include "net/nodeproxy.h"
#include "storage/stockaccess.h"

#include <QDir>

namespace {
constexpr int PollMs = 50; // the stock counter moves with every sale: read it often
constexpr int ReadTimeoutMs = 500;
constexpr int AdminTimeoutMs = 1000;

// Stock, the last accepted fencing token, the rejections: one atomic read.
const QByteArray ReadScript = "return {redis.call('get', KEYS[1]), redis.call('hgetall', KEYS[2]),"
                              " redis.call('get', KEYS[3])}";
} // namespace

Storage::Storage(const std::optional<NodeAddress>& external, const QString& redisServer,
                 const RedisConnection::Options& options, const Clock& clock, QObject* parent)
    : QObject(parent), m_external(external), m_redisServer(redisServer), m_options(options),
      m_clock(clock)
{
    m_pollTimer.setParent(this); // moves to the engine thread with us
    m_pollTimer.setInterval(PollMs);
    connect(&m_pollTimer, &QTimer::timeout, this, &Storage::poll);
}

Storage::~Storage()
{
    stop();
}

void Storage::start()
{
    if (m_external) {
        connectTo(*m_external);
        return;
    }
    // As LocalFleet::start: the directories a SIGKILLed run left go first. With --nodes the
    // storage is the only local node, so this is where they are cleared.
    RedisServerProcess::removeLeftoverDirectories(QDir::tempPath());
    RedisServerProcess::Options options;
    options.executable = m_redisServer;
    m_process = new RedisServerProcess(options, this);
    connect(m_process, &RedisServerProcess::started, this,
            [this] { connectTo(m_process->address()); });
    connect(m_process, &RedisServerProcess::failed, this,
            [this](const QString& error) { emit failed(tr("the storage node: %1").arg(error)); });
    connect(m_process, &RedisServerProcess::stateChanged, this, &Storage::changed);
    m_process->start();
}

void Storage::stop()
{
    m_pollTimer.stop();
    delete m_exposed; // its port closes with the storage
    m_exposed = nullptr;
    delete m_connection;
    m_connection = nullptr;
    if (m_process) {
        m_process->disconnect(this);
        delete m_process; // by pid: SIGKILL and reap, its directory removed
        m_process = nullptr;
    }
}

void Storage::connectTo(const NodeAddress& address)
{
    if (m_connection)
        return;
    m_address = address;
    m_snapshot.address = address.display();
    m_snapshot.local = m_process != nullptr;
    m_snapshot.pid = m_process ? m_process->pid() : 0;
    m_connection = new RedisConnection(address, m_options, m_clock, this);
    connect(m_connection, &RedisConnection::stateChanged, this, &Storage::onConnectionState);
    m_connection->open();
    m_pollTimer.start();
}

bool Storage::isReady() const
{
    return m_connection && m_connection->isReady();
}

void Storage::onConnectionState(RedisConnection::State state, const QString& error)
{
    const bool up = state == RedisConnection::State::Ready;
    m_snapshot.state =
        up ? NodeSnapshot::State::Up
           : (error.isEmpty() ? NodeSnapshot::State::Starting : NodeSnapshot::State::Down);
    m_snapshot.error = error;
    if (up && !m_announced) {
        m_announced = true;
        emit ready();
    } else if (!up && !error.isEmpty() && !m_announced && m_external) {
        m_announced = true;
        emit failed(tr("the storage node %1: %2").arg(m_address.display(), error));
    }
    HistoryEvent e =
        HistoryEvent::make(up ? HistoryEvent::Kind::NodeUp : HistoryEvent::Kind::NodeDown,
                           up ? m_connection->serverVersion() : error);
    e.node = HistoryEvent::StorageNode;
    if (up || !error.isEmpty())
        emit happened(e);
    emit changed();
}

void Storage::setStock(qint64 items, const AnswerCallback& done)
{
    if (!isReady()) {
        done(CommandAnswer::refused(
            tr("the storage node cannot be reached: %1")
                .arg(m_connection ? m_connection->lastError() : tr("not started"))));
        return;
    }
    const QByteArrayList command{"EVAL",
                                 "redis.call('del', KEYS[2], KEYS[3]) "
                                 "return redis.call('set', KEYS[1], ARGV[1])",
                                 "3",
                                 StockAccess::StockKey,
                                 StockAccess::FenceKey,
                                 StockAccess::RejectsKey,
                                 QByteArray::number(items)};
    m_connection->send(command, AdminTimeoutMs, [this, items, done](const CommandResult& r) {
        if (r.status != CommandResult::Status::Replied || r.reply.isError()) {
            done(CommandAnswer::refused(
                tr("the storage refused the stock: %1")
                    .arg(r.reply.isError() ? QString::fromUtf8(r.reply.text) : r.error)));
            return;
        }
        m_snapshot.stockActive = true;
        m_snapshot.initial = items;
        HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::StockSet);
        e.node = HistoryEvent::StorageNode;
        e.number = items;
        emit happened(e);
        poll();
        done(CommandAnswer::done(tr("stock: %n item(s) on the storage", nullptr, int(items))));
    });
}

void Storage::poll()
{
    if (m_inFlight || !isReady())
        return;
    m_inFlight = true;
    m_connection->send({"EVAL", ReadScript, "3", StockAccess::StockKey, StockAccess::FenceKey,
                        StockAccess::RejectsKey},
                       ReadTimeoutMs, [this](const CommandResult& r) { onRead(r); });
}

void Storage::onRead(const CommandResult& result)
{
    m_inFlight = false;
    const RedisReply& reply = result.reply;
    if (result.status != CommandResult::Status::Replied || reply.type != RedisReply::Type::Array ||
        reply.elements.size() != 3)
        return;
    StorageSnapshot s = m_snapshot;
    s.stockExists = !reply.elements[0].isNil();
    s.stock = reply.elements[0].text.toLongLong();
    FencingToken fence;
    const QList<RedisReply>& pairs = reply.elements[1].elements;
    for (qsizetype i = 0; i + 1 < pairs.size(); i += 2)
        fence.set(pairs[i].text.toInt() - 1, pairs[i + 1].text.toLongLong());
    s.newestFence = fence;
    s.rejected = reply.elements[2].text.toLongLong();
    s.readUs = result.repliedUs;
    s.askedUs = result.sentUs;
    const bool changedNow =
        s.stock != m_snapshot.stock || s.stockExists != m_snapshot.stockExists ||
        s.rejected != m_snapshot.rejected || !(s.newestFence == m_snapshot.newestFence);
    m_snapshot = s;
    if (changedNow)
        emit changed();
}

QString Storage::report() const
{
    if (!m_snapshot.stockActive)
        return tr("no stock yet: `stock N` puts N items on the storage (%1)")
            .arg(m_snapshot.address);
    return tr("stock: %1 left of %2 on the storage %3")
        .arg(m_snapshot.stock)
        .arg(m_snapshot.initial)
        .arg(m_snapshot.address);
}

StorageSnapshot Storage::snapshot() const
{
    StorageSnapshot s = m_snapshot;
    if (m_process) {
        using S = RedisServerProcess::State;
        if (m_process->state() == S::Stopped || m_process->state() == S::Failed) {
            s.state = NodeSnapshot::State::Down;
            s.error = m_process->lastError();
        }
    }
    return s;
}

std::optional<NodeAddress> Storage::expose(const QString& host, quint16 port, QString* error,
                                           const std::optional<TlsSettings>& identity)
{
    if (!m_exposed) {
        m_exposed = new NodeProxy(m_address.host, m_address.port, this);
        if (m_address.tls)
            m_exposed->setUpstreamTls(m_address.tlsSettings);
        connect(m_exposed, &NodeProxy::foreignExchange, this, &Storage::foreignExchange);
        connect(m_exposed, &NodeProxy::connectionCapped, this, [this](const QString& text) {
            HistoryEvent e = HistoryEvent::make(HistoryEvent::Kind::Error, text);
            e.node = HistoryEvent::StorageNode;
            emit happened(e);
        });
    }
    if (identity && !m_exposed->setServerTls(*identity)) {
        *error = m_exposed->lastError();
        return std::nullopt;
    }
    const quint16 opened = m_exposed->expose(host, port);
    if (opened == 0) {
        *error = m_exposed->lastError();
        return std::nullopt;
    }
    NodeAddress exposed = m_address;
    exposed.host = host;
    exposed.port = opened;
    return exposed;
}

void Storage::tagForeign(const QString& key, int clientId)
{
    if (m_exposed)
        m_exposed->tagForeign(key, clientId);
}

void Storage::setClientHeld(int clientId, bool held)
{
    if (m_exposed)
        m_exposed->setClientHeld(clientId, held);
}
