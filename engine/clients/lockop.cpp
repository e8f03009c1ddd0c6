// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/lockop.h"

#include <QCryptographicHash>

namespace {
using Kind = LockOp::Kind;

bool isNumber(const QByteArray& text, qint64* value = nullptr)
{
    bool ok = false;
    const qint64 n = text.toLongLong(&ok);
    if (ok && value)
        *value = n;
    return ok;
}

LockOp fromReplyError(LockOp op, const RedisReply& reply)
{
    if (reply.isError()) {
        op.error = true;
        op.granted = false;
        op.errorText = QString::fromUtf8(reply.text);
    }
    return op;
}

// SET key value [NX|XX] [GET] [EX s|PX ms|...]: with NX an acquire.
LockOp fromSet(const QByteArrayList& c, const RedisReply& reply, const QByteArray& stockKey)
{
    LockOp op;
    if (c.size() < 3)
        return op;
    bool nx = false;
    bool get = false;
    for (qsizetype i = 3; i < c.size(); ++i) {
        const QByteArray word = c.at(i).toUpper();
        qint64 n = 0;
        if (word == "NX")
            nx = true;
        else if (word == "GET")
            get = true;
        else if ((word == "PX" || word == "EX") && i + 1 < c.size() && isNumber(c.at(i + 1), &n))
            op.ttlMs = word == "PX" ? n : n * 1000;
    }
    if (!nx) {
        if (c.at(1) != stockKey || !isNumber(c.at(2), &op.value))
            return {};
        op.kind = Kind::Write;
        op.key = c.at(1);
        op.granted = !reply.isError();
        if (reply.type == RedisReply::Type::String) // the storage's proxy asked for it
            isNumber(reply.text, &op.previous);
        return fromReplyError(op, reply);
    }
    op.kind = Kind::Acquire;
    op.key = c.at(1);
    op.token = c.at(2);
    // NX GET: nil means it was free and is ours now, a string names the holder.
    op.granted = get ? reply.isNil() : reply.isOkStatus();
    if (get && reply.type == RedisReply::Type::String)
        op.holder = reply.text;
    return fromReplyError(op, reply);
}

// Lua comments say what a script does in words a test of its text would take for calls
// ("-- Return 0 if an entry already exists"): they go before it is read.
QByteArray withoutComments(const QByteArray& body)
{
    QByteArray out;
    for (const QByteArray& line : body.split('\n')) {
        const qsizetype dashes = line.indexOf("--");
        out += (dashes < 0 ? line : line.left(dashes)) + '\n';
    }
    return out;
}

// What a script does, from its text: compared with an argument (the holder's token) and then
// deleted or given more time, or set only where free.
LockOp fromScript(const QByteArray& body, const QByteArrayList& keys, const QByteArrayList& args,
                  const RedisReply& reply, const QByteArray& stockKey)
{
    const QByteArray text = withoutComments(body).toLower();
    const bool compares = (text.contains("get") || text.contains("hexists")) &&
                          text.contains("argv") &&
                          (text.contains("==") || text.contains("~=") || text.contains("== 0"));
    const bool deletes = text.contains("'del'") || text.contains("\"del\"") ||
                         text.contains("'unlink'") || text.contains("\"unlink\"");
    const bool setsWithTtl = (text.contains("'set'") || text.contains("\"set\"")) &&
                             (text.contains("px") || text.contains("ex"));
    const bool expires = text.contains("pexpire") || text.contains("expire") || setsWithTtl;
    const bool hash = text.contains("hincrby") || text.contains("hset");
    const bool setsIfFree = (text.contains("exists") && (text.contains("set") || hash)) ||
                            text.contains("setnx") || text.contains("'nx'") ||
                            text.contains("\"nx\"");
    LockOp op;
    if (keys.isEmpty())
        return op;
    op.key = keys.first();
    for (const QByteArray& arg : args) {
        qint64 n = 0;
        if (isNumber(arg, &n)) {
            if (op.ttlMs < 0)
                op.ttlMs = n;
        } else if (op.token.isEmpty()) {
            op.token = arg;
        }
    }
    if (op.key == stockKey) // the storage's own fenced write script, used by a foreign client
        return {};
    if (compares && deletes) {
        op.kind = Kind::Release;
        // Redisson: 1 released, 0 still held (reentrant), nil not held; others: keys deleted.
        op.granted = reply.type == RedisReply::Type::Integer && reply.integer >= 1;
    } else if (setsIfFree) { // before extensions: Redisson's lock also compares and expires
        op.kind = Kind::Acquire;
        // Redisson answers nil when it locked, the lock's PTTL when it is held; scripts that
        // count answer how many keys they set; some answer OK.
        op.granted = hash ? reply.isNil()
                          : (reply.type == RedisReply::Type::Integer && reply.integer >= 1) ||
                                reply.isOkStatus();
    } else if (compares && expires) {
        op.kind = Kind::Extend;
        op.granted =
            (reply.type == RedisReply::Type::Integer && reply.integer >= 1) || reply.isOkStatus();
    }
    return fromReplyError(op, reply);
}

LockOp fromEval(const QByteArrayList& c, const RedisReply& reply, const QByteArray& stockKey,
                LockOp::Scripts* scripts)
{
    if (c.size() < 3)
        return {};
    // NOSCRIPT says nothing of the lock: the client sends the script itself next, with the
    // same arguments (node-redlock, redis-py), and that answer is the node's.
    if (reply.isError() && reply.text.startsWith("NOSCRIPT"))
        return {};
    const bool bySha = c.first().toUpper() == "EVALSHA";
    const QByteArray body = bySha ? scripts->body(c.at(1)) : c.at(1);
    if (!bySha)
        scripts->learn(body);
    qint64 numKeys = 0;
    if (body.isEmpty() || !isNumber(c.at(2), &numKeys) || numKeys < 0 || 3 + numKeys > c.size())
        return {};
    return fromScript(body, c.mid(3, numKeys), c.mid(3 + numKeys), reply, stockKey);
}
} // namespace

void LockOp::Scripts::learn(const QByteArray& body)
{
    const QByteArray sha = QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex();
    m_bodies.insert(sha, body);
}

LockOp LockOp::recognise(const QByteArrayList& c, const RedisReply& reply,
                         const QByteArray& stockKey, Scripts* scripts)
{
    if (c.isEmpty())
        return {};
    const QByteArray verb = c.first().toUpper();
    LockOp op;
    if (verb == "SET")
        return fromSet(c, reply, stockKey);
    if (verb == "EVAL" || verb == "EVALSHA")
        return fromEval(c, reply, stockKey, scripts);
    if (verb == "SCRIPT" && c.size() >= 3 && c.at(1).toUpper() == "LOAD") {
        scripts->learn(c.at(2));
        return op;
    }
    if (c.size() < 2)
        return op;
    op.key = c.at(1);
    if (verb == "SETNX" && c.size() >= 3) {
        op.kind = Kind::Acquire;
        op.token = c.at(2);
        op.granted = reply.type == RedisReply::Type::Integer && reply.integer == 1;
    } else if (verb == "GET" && op.key == stockKey) {
        op.kind = Kind::Read;
        op.granted = !reply.isError();
        if (reply.type == RedisReply::Type::String)
            isNumber(reply.text, &op.value);
    } else if (verb == "DEL" || verb == "UNLINK") {
        op.kind = Kind::Release;
        op.granted = reply.type == RedisReply::Type::Integer && reply.integer >= 1;
    } else if (verb == "GETDEL") {
        op.kind = Kind::Release;
        op.granted = reply.type == RedisReply::Type::String;
        op.token = reply.text; // the value it deleted: whose key it was
    } else if ((verb == "PEXPIRE" || verb == "EXPIRE") && c.size() >= 3) {
        qint64 n = 0;
        if (isNumber(c.at(2), &n))
            op.ttlMs = verb == "PEXPIRE" ? n : n * 1000;
        op.kind = Kind::Extend;
        op.granted = reply.type == RedisReply::Type::Integer && reply.integer == 1;
    }
    if (op.key == stockKey && op.kind != Kind::Read)
        return {};
    return fromReplyError(op, reply);
}
