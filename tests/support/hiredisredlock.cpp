// SPDX-License-Identifier: GPL-3.0-or-later
#include "hiredisredlock.h"

#include <QElapsedTimer>

#include <hiredis/hiredis.h>

namespace {
// The compare-and-delete every Redlock page shows.
constexpr char Unlock[] = "if redis.call('get', KEYS[1]) == ARGV[1] then "
                          "return redis.call('del', KEYS[1]) else return 0 end";
} // namespace

HiredisRedlock::HiredisRedlock(const QList<quint16>& ports, const QByteArray& name, int timeoutMs)
    : m_ports(ports), m_name(name), m_timeoutMs(timeoutMs), m_contexts(ports.size(), nullptr)
{}

HiredisRedlock::~HiredisRedlock()
{
    for (redisContext* c : m_contexts)
        if (c)
            redisFree(c);
}

redisContext* HiredisRedlock::context(int node)
{
    redisContext*& c = m_contexts[size_t(node)];
    if (c && c->err) {
        redisFree(c);
        c = nullptr;
    }
    if (c)
        return c;
    const timeval timeout{m_timeoutMs / 1000, (m_timeoutMs % 1000) * 1000};
    c = redisConnectWithTimeout("127.0.0.1", m_ports.at(node), timeout);
    if (!c || c->err)
        return c;
    redisSetTimeout(c, timeout);
    if (!m_name.isEmpty()) {
        auto* r = static_cast<redisReply*>(
            redisCommand(c, "CLIENT SETNAME %b", m_name.constData(), size_t(m_name.size())));
        if (r)
            freeReplyObject(r);
    }
    return c;
}

bool HiredisRedlock::command(int node, const QList<QByteArray>& args, QByteArray* status)
{
    redisContext* c = context(node);
    if (!c || c->err)
        return false;
    std::vector<const char*> argv;
    std::vector<size_t> lengths;
    for (const QByteArray& a : args) {
        argv.push_back(a.constData());
        lengths.push_back(size_t(a.size()));
    }
    auto* r = static_cast<redisReply*>(
        redisCommandArgv(c, int(argv.size()), argv.data(), lengths.data()));
    if (!r)
        return false;
    const bool ok = r->type != REDIS_REPLY_ERROR && r->type != REDIS_REPLY_NIL;
    if (status)
        *status = r->type == REDIS_REPLY_INTEGER ? QByteArray::number(r->integer)
                                                 : QByteArray(r->str, int(r->len));
    freeReplyObject(r);
    return ok;
}

bool HiredisRedlock::lock(const QByteArray& key, const QByteArray& token, int ttlMs)
{
    QElapsedTimer took;
    took.start();
    m_lastGranted = 0;
    for (int node = 0; node < m_ports.size(); ++node)
        if (command(node, {"SET", key, token, "NX", "PX", QByteArray::number(ttlMs)}, nullptr))
            m_lastGranted |= 1u << node;
    const int granted = qPopulationCount(m_lastGranted);
    const qint64 validityMs = ttlMs - took.elapsed() - ttlMs / 100 - 2; // drift, as the page
    if (granted >= m_ports.size() / 2 + 1 && validityMs > 0)
        return true;
    unlock(key, token);
    return false;
}

void HiredisRedlock::unlock(const QByteArray& key, const QByteArray& token)
{
    for (int node = 0; node < m_ports.size(); ++node)
        command(node, {"EVAL", Unlock, "1", key, token}, nullptr);
}
