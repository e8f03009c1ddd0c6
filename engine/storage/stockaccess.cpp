// SPDX-License-Identifier: GPL-3.0-or-later
#include "storage/stockaccess.h"

const QByteArray StockAccess::StockKey = "stock";
const QByteArray StockAccess::FenceKey = "stock:fence";
const QByteArray StockAccess::RejectsKey = "stock:rejected";

// KEYS: stock, fence hash, rejects counter. ARGV: the new value, the token's wire form
// ("1:14,2:14,4:13", or "" without fencing). Accepts when, on every node both the new token
// and the last accepted one name, the new counter is higher (docs/domain.md, "Fencing"); then the
// new token replaces the old. Returns {1, the stock just before} accepted (read in the same
// atomic step, so lost updates are counted exactly), or {0, last accepted token} rejected.
const QByteArray StockAccess::WriteScript =
    "if ARGV[2] ~= '' then "
    "  local pairs = {} "
    "  for node, counter in string.gmatch(ARGV[2], '(%d+):(%d+)') do "
    "    local last = redis.call('hget', KEYS[2], node) "
    "    if last and tonumber(counter) <= tonumber(last) then "
    "      redis.call('incr', KEYS[3]) "
    "      local held = redis.call('hgetall', KEYS[2]) local wire = {} "
    "      for i = 1, #held, 2 do wire[#wire + 1] = held[i] .. ':' .. held[i + 1] end "
    "      return {0, table.concat(wire, ',')} "
    "    end "
    "    pairs[#pairs + 1] = node pairs[#pairs + 1] = counter "
    "  end "
    "  redis.call('del', KEYS[2]) "
    "  redis.call('hset', KEYS[2], unpack(pairs)) "
    "end "
    "local before = redis.call('get', KEYS[1]) "
    "redis.call('set', KEYS[1], ARGV[1]) "
    "return {1, before or ''}";

namespace {
constexpr int StorageTimeoutMs = 500;
} // namespace

StockAccess::StockAccess(const NodeAddress& storage, const RedisConnection::Options& options,
                         const Clock& clock, QObject* parent)
    : QObject(parent), m_connection(new RedisConnection(storage, options, clock, this))
{}

void StockAccess::open()
{
    if (m_connection->state() == RedisConnection::State::Disconnected)
        m_connection->open();
}

void StockAccess::close()
{
    m_connection->close();
}

bool StockAccess::connecting() const
{
    const RedisConnection::State state = m_connection->state();
    return state == RedisConnection::State::Resolving ||
           state == RedisConnection::State::Connecting;
}

StockAccess::ReadResult StockAccess::readResultOf(const CommandResult& result)
{
    ReadResult r;
    r.latencyUs = result.latencyUs();
    if (result.status != CommandResult::Status::Replied)
        r.error = result.error;
    else if (result.reply.isError())
        r.error = QString::fromUtf8(result.reply.text);
    else if (!result.reply.isNil())
        r.value = result.reply.text.toLongLong(&r.exists);
    r.ok = r.error.isEmpty();
    if (r.ok && !r.exists && !result.reply.isNil())
        r.error = QStringLiteral("the stock is not a number");
    return r;
}

void StockAccess::read(ReadCallback callback)
{
    m_connection->send({"GET", StockKey}, StorageTimeoutMs,
                       [callback](const CommandResult& result) { callback(readResultOf(result)); });
}

void StockAccess::watchRead(ReadCallback callback)
{
    // One connection, answers in order: the WATCH is in force when the GET is read.
    m_connection->send({"WATCH", StockKey}, StorageTimeoutMs, [](const CommandResult&) {});
    m_connection->send({"GET", StockKey}, StorageTimeoutMs,
                       [callback](const CommandResult& result) { callback(readResultOf(result)); });
}

void StockAccess::execWrite(qint64 value, WriteCallback callback)
{
    for (const QByteArrayList& queued :
         {QByteArrayList{"MULTI"}, QByteArrayList{"GET", StockKey},
          QByteArrayList{"SET", StockKey, QByteArray::number(value)}})
        m_connection->send(queued, StorageTimeoutMs, [](const CommandResult&) {});
    m_connection->send({"EXEC"}, StorageTimeoutMs, [callback](const CommandResult& result) {
        WriteResult w;
        w.latencyUs = result.latencyUs();
        const RedisReply& reply = result.reply;
        if (result.status != CommandResult::Status::Replied)
            w.error = result.error;
        else if (reply.isError())
            w.error = QString::fromUtf8(reply.text);
        else if (reply.isNil())
            w.conflict = true; // the watched stock changed: nothing was written
        else {
            w.accepted = true;
            bool ok = false;
            const qint64 before = reply.elements.value(0).text.toLongLong(&ok);
            w.previous = ok ? before : -1;
        }
        callback(w);
    });
}

void StockAccess::write(qint64 value, const FencingToken& fence, WriteCallback callback)
{
    const QByteArrayList command{
        "EVAL",        WriteScript, "3", StockKey, FenceKey, RejectsKey, QByteArray::number(value),
        fence.toWire()};
    m_connection->send(command, StorageTimeoutMs, [callback](const CommandResult& result) {
        WriteResult w;
        w.latencyUs = result.latencyUs();
        const RedisReply& reply = result.reply;
        if (result.status != CommandResult::Status::Replied) {
            w.error = result.error;
        } else if (reply.isError()) {
            w.error = QString::fromUtf8(reply.text);
        } else if (reply.type == RedisReply::Type::Array && !reply.elements.isEmpty()) {
            w.accepted = reply.elements[0].integer == 1;
            w.rejected = !w.accepted;
            if (w.accepted && reply.elements.size() > 1) {
                bool ok = false;
                const qint64 before = reply.elements[1].text.toLongLong(&ok);
                w.previous = ok ? before : -1;
            }
            if (w.rejected && reply.elements.size() > 1)
                w.newest = FencingToken::fromWire(reply.elements[1].text).value_or(FencingToken());
        } else {
            w.error = QStringLiteral("unexpected answer from the storage");
        }
        callback(w);
    });
}
