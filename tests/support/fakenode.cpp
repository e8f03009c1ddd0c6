// SPDX-License-Identifier: GPL-3.0-or-later
#include "fakenode.h"

#include "lock/redlock.h"
#include "manualclock.h"

#include <QTimer>

FakeNode::FakeNode(ManualClock& clock, QObject* parent) : QObject(parent), m_clock(clock) {}

void FakeNode::send(const QByteArrayList& args, int timeoutMs, Callback callback)
{
    const qint64 sentUs = m_clock.nowUs();
    CommandResult result;
    result.sentUs = sentUs;
    m_received.append(args);
    if (m_mode == Mode::Down) {
        result.status = CommandResult::Status::Down;
        result.error = QStringLiteral("node down: connection refused");
        result.repliedUs = sentUs;
        QTimer::singleShot(0, this, [callback, result] { callback(result); });
        return;
    }
    qint64 delayUs = m_latencyUs;
    if (m_mode == Mode::Frozen || m_latencyUs > qint64(timeoutMs) * 1000) {
        delayUs = qint64(timeoutMs) * 1000;
        result.status = CommandResult::Status::Timeout;
        result.error = QStringLiteral("no reply within %1 ms").arg(timeoutMs);
    } else {
        result.status = CommandResult::Status::Replied;
        ++m_commandCounts[args.value(0).toUpper()];
    }
    // The command takes effect when the node "receives" it; the reply travels back later.
    if (result.status != CommandResult::Status::Timeout)
        result.reply =
            m_mode == Mode::Failing ? RedisReply::error("ERR injected failure") : execute(args);
    result.repliedUs = sentUs + delayUs;
    QTimer::singleShot(int(delayUs / 1000), this, [this, callback, result] {
        m_clock.advanceToUs(result.repliedUs);
        callback(result);
    });
}

void FakeNode::expire()
{
    const qint64 now = m_clock.nowUs();
    for (auto it = m_keys.begin(); it != m_keys.end();) {
        if (it->expiresUs != 0 && it->expiresUs <= now)
            it = m_keys.erase(it);
        else
            ++it;
    }
}

RedisReply FakeNode::execute(const QByteArrayList& args)
{
    expire();
    const QByteArray name = args.value(0).toUpper();
    if (name == "SET")
        return set(args);
    if (name == "EVAL")
        return eval(args);
    if (name == "GET") {
        const auto it = m_keys.constFind(args.value(1));
        return it == m_keys.cend() ? RedisReply::nil() : RedisReply::string(it->value);
    }
    if (name == "PTTL")
        return RedisReply::number(pttl(args.value(1)));
    if (name == "DEL")
        return RedisReply::number(m_keys.remove(args.value(1)) ? 1 : 0);
    return RedisReply::error("ERR unknown command '" + name + "'");
}

RedisReply FakeNode::set(const QByteArrayList& args)
{
    // SET key value NX PX ms [GET]
    const QByteArray key = args.value(1);
    const bool withGet = args.contains("GET");
    if (withGet && !m_setNxGet)
        return RedisReply::error("ERR syntax error");
    const auto it = m_keys.constFind(key);
    if (it != m_keys.cend())
        return withGet ? RedisReply::string(it->value) : RedisReply::nil();
    const qint64 ttlMs = args.value(args.indexOf("PX") + 1).toLongLong();
    m_keys.insert(key, {args.value(2), m_clock.nowUs() + ttlMs * 1000});
    return withGet ? RedisReply::nil() : RedisReply::status("OK");
}

RedisReply FakeNode::eval(const QByteArrayList& args)
{
    if (args.value(1) == Redlock::FencedAcquireScript) {
        // EVAL script 2 key counterKey token ttl
        const QByteArray key = args.value(3);
        const auto held = m_keys.constFind(key);
        if (held != m_keys.cend())
            return RedisReply::string(held->value);
        m_keys.insert(key, {args.value(5), m_clock.nowUs() + args.value(6).toLongLong() * 1000});
        Entry& counter = m_keys[args.value(4)];
        counter.value = QByteArray::number(counter.value.toLongLong() + 1);
        return RedisReply::number(counter.value.toLongLong());
    }
    // EVAL script 1 key token [ttl]
    const QByteArray key = args.value(3);
    const auto it = m_keys.find(key);
    const bool ours = it != m_keys.end() && it->value == args.value(4);
    if (args.value(1) == Redlock::ReleaseScript) {
        if (ours)
            m_keys.erase(it);
        return RedisReply::number(ours ? 1 : 0);
    }
    if (args.value(1) == Redlock::ExtendScript) {
        if (ours)
            it->expiresUs = m_clock.nowUs() + args.value(5).toLongLong() * 1000;
        return RedisReply::number(ours ? 1 : 0);
    }
    return RedisReply::error("NOSCRIPT unknown script");
}

void FakeNode::setKey(const QByteArray& key, const QByteArray& value, qint64 ttlMs)
{
    m_keys.insert(key, {value, ttlMs > 0 ? m_clock.nowUs() + ttlMs * 1000 : 0});
}

QByteArray FakeNode::value(const QByteArray& key) const
{
    const auto it = m_keys.constFind(key);
    if (it == m_keys.cend() || (it->expiresUs != 0 && it->expiresUs <= m_clock.nowUs()))
        return {};
    return it->value;
}

qint64 FakeNode::pttl(const QByteArray& key) const
{
    const auto it = m_keys.constFind(key);
    if (it == m_keys.cend() || (it->expiresUs != 0 && it->expiresUs <= m_clock.nowUs()))
        return -2;
    return it->expiresUs == 0 ? -1 : (it->expiresUs - m_clock.nowUs()) / 1000;
}
