// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet/nodemonitor.h"

#include "base/clock.h"
#include "base/constants.h"

#include <QHash>

// For each key, read atomically: its value (a string lock's token, a hash lock's first owner;
// nil when absent), a hash lock's hold count (0 for a string), its PTTL and its fencing
// counter (key:fence). Every key type a strategy uses reads: a hash lock must not break the
// cards.
const QByteArray NodeMonitor::ReadKeysScript =
    "local r = {} for i, k in ipairs(KEYS) do "
    "local t = redis.call('type', k).ok local v = false local n = 0 "
    "if t == 'string' then v = redis.call('get', k) "
    "elseif t == 'hash' then local h = redis.call('hgetall', k) "
    "  if #h >= 2 then v = h[1] n = tonumber(h[2]) end end "
    "r[#r + 1] = v r[#r + 1] = n r[#r + 1] = redis.call('pttl', k) "
    "r[#r + 1] = redis.call('get', k .. ':fence') end return r";

namespace {
// A read that takes this long means the node is stuck; it is far above any sane
// round trip and far below a human's patience.
constexpr int ReadTimeoutMs = 500;
// Lock answers ask for a read as they come (hundreds a second with many clients); the
// screen shows at most one frame per 16 ms, so one read per frame is all that shows.
constexpr int MinReadGapMs = Constants::FrameMs;
} // namespace

NodeMonitor::NodeMonitor(int index, const NodeAddress& address,
                         const RedisConnection::Options& options, const Clock& clock,
                         QObject* parent)
    : QObject(parent), m_index(index), m_address(address), m_clock(clock),
      m_connection(new RedisConnection(address, options, clock, this))
{
    connect(m_connection, &RedisConnection::stateChanged, this, &NodeMonitor::onStateChanged);
    connect(&m_pollTimer, &QTimer::timeout, this, &NodeMonitor::poll);
    m_refreshTimer.setSingleShot(true);
    connect(&m_refreshTimer, &QTimer::timeout, this, &NodeMonitor::poll);
    m_stateSinceUs = m_clock.nowUs();
}

void NodeMonitor::start(int pollIntervalMs)
{
    m_connection->open();
    m_pollTimer.start(pollIntervalMs);
}

void NodeMonitor::setResources(const QByteArrayList& resources)
{
    m_resources = resources;
    refresh();
}

void NodeMonitor::refresh()
{
    if (m_inFlight) {
        m_again = true;
        return;
    }
    const qint64 sinceMs = (m_clock.nowUs() - m_lastReadUs) / 1000;
    if (sinceMs >= MinReadGapMs)
        poll();
    else if (!m_refreshTimer.isActive())
        m_refreshTimer.start(int(MinReadGapMs - sinceMs));
}

void NodeMonitor::poll()
{
    readReplication();
    if (m_inFlight || m_resources.isEmpty() || !m_connection->isReady())
        return;
    m_inFlight = true;
    m_again = false;
    m_refreshTimer.stop();
    m_lastReadUs = m_clock.nowUs();
    // EVAL_RO (Redis 7) still runs while an external node is under CLIENT PAUSE WRITE.
    const QByteArray eval = m_connection->supportsSetNxGet() ? "EVAL_RO" : "EVAL";
    QByteArrayList command{eval, ReadKeysScript, QByteArray::number(m_resources.size())};
    command << m_resources;
    m_connection->send(command, ReadTimeoutMs, [this](const CommandResult& r) { onReply(r); });
}

void NodeMonitor::onReply(const CommandResult& result)
{
    m_inFlight = false;
    const RedisReply& reply = result.reply;
    if (result.status == CommandResult::Status::Replied && reply.type == RedisReply::Type::Array &&
        reply.elements.size() == 4 * m_resources.size()) {
        QList<KeySnapshot> keys;
        for (int i = 0; i < m_resources.size(); ++i) {
            const RedisReply& value = reply.elements[4 * i];
            if (value.isNil())
                continue;
            KeySnapshot key;
            key.resource = m_resources[i];
            key.token = value.text;
            key.holdCount = int(reply.elements[4 * i + 1].integer);
            key.pttlMs = reply.elements[4 * i + 2].integer;
            const RedisReply& counter = reply.elements[4 * i + 3];
            key.fenceCounter = counter.isNil() ? -1 : counter.text.toLongLong();
            key.readUs = result.repliedUs;
            keys << key;
        }
        m_keys = keys;
        m_keysAskedUs = result.sentUs;
        emit changed();
    }
    if (m_again)
        refresh();
}

void NodeMonitor::readReplication()
{
    if (!m_watchReplication || m_replicationInFlight || !m_connection->isReady())
        return;
    m_replicationInFlight = true;
    m_connection->send({"INFO", "replication"}, ReadTimeoutMs,
                       [this](const CommandResult& r) { onReplicationReply(r); });
}

// "role:slave\r\nmaster_link_status:up\r\nslave_repl_offset:1234\r\n..." A replica's own
// offset is slave_repl_offset (what it has applied); a master's is master_repl_offset.
void NodeMonitor::onReplicationReply(const CommandResult& result)
{
    m_replicationInFlight = false;
    if (result.status != CommandResult::Status::Replied || result.reply.isError())
        return;
    QHash<QByteArray, QByteArray> info;
    for (const QByteArray& line : result.reply.text.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            info.insert(line.left(colon), line.mid(colon + 1).trimmed());
    }
    const bool replica = info.value("role") == "slave";
    m_role = replica ? QStringLiteral("replica") : QStringLiteral("master");
    m_replOffset =
        info.value(replica ? "slave_repl_offset" : "master_repl_offset", "-1").toLongLong();
    m_replLinkUp = replica && info.value("master_link_status") == "up";
    m_replMasterPort = replica ? quint16(info.value("master_port").toUInt()) : 0;
    emit changed();
}

// Each connect's handshake reads the node's process_id: another one than before is a restart,
// whoever made it (the app, a script, systemd). A pause or a partition keeps the process.
void NodeMonitor::noteProcess()
{
    const qint64 pid = m_connection->serverPid();
    if (pid <= 0)
        return;
    if (m_seenPid > 0 && pid != m_seenPid)
        m_restartedUs = m_clock.nowUs();
    m_seenPid = pid;
}

void NodeMonitor::onStateChanged(RedisConnection::State state, const QString& error)
{
    const bool up = state == RedisConnection::State::Ready;
    if (!up) { // what a node we cannot reach holds is unknown: the last keys seen, marked so
        for (KeySnapshot& key : m_keys)
            key.stale = true;
        m_role.clear();
        m_replOffset = -1;
        m_replMasterPort = 0;
    }
    // A node that was never reached is down too, with its reason ("connection refused",
    // "host not found", "timed out connecting"): said once, at the first failed attempt.
    const bool neverReached = !up && !m_reported && state == RedisConnection::State::Backoff;
    if (up != m_wasUp || neverReached) {
        m_wasUp = up;
        m_reported = true;
        m_stateSinceUs = m_clock.nowUs();
        if (up)
            noteProcess();
        emit upChanged(up, error);
        if (up)
            refresh();
    }
    emit changed();
}
