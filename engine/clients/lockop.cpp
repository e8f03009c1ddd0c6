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

// A script's answer that means "done": a count of keys, OK, or an array that starts with one
// (redlock-universal answers {1, ttl}).
bool saysDone(const RedisReply& reply)
{
    if (reply.type == RedisReply::Type::Array && !reply.elements.isEmpty())
        return saysDone(reply.elements.first());
    return (reply.type == RedisReply::Type::Integer && reply.integer >= 1) || reply.isOkStatus();
}

// What a script call did, from what the script is (its shape) and the node's answer.
LockOp fromShape(const ScriptShape& shape, const QByteArrayList& keys, const QByteArrayList& args,
                 const RedisReply& reply, const QByteArray& stockKey)
{
    LockOp op;
    if (keys.isEmpty() || keys.first() == stockKey) // the storage's own fenced write script
        return op;
    op.key = keys.first();
    op.args = args;
    op.token = ScriptShape::at(args, shape.tokenArg);
    qint64 ttl = 0;
    if (isNumber(ScriptShape::at(args, shape.ttlArg), &ttl))
        op.ttlMs = ttl * shape.ttlScale;
    op.ttlFromNode = shape.ttlFromNode;
    switch (shape.kind) {
    case ScriptShape::Kind::Release:
        op.kind = Kind::Release;
        // Redisson: 1 released, 0 still held (reentrant), nil not held; others: keys deleted.
        op.granted = saysDone(reply);
        break;
    case ScriptShape::Kind::Acquire:
        op.kind = Kind::Acquire;
        // Redisson answers nil when it locked, the lock's PTTL when it is held; scripts that
        // count answer how many keys they set; some answer OK.
        op.granted = shape.hash ? reply.isNil() : saysDone(reply);
        break;
    case ScriptShape::Kind::Extend:
        op.kind = Kind::Extend;
        op.granted = saysDone(reply);
        break;
    case ScriptShape::Kind::Unknown:
        break;
    }
    return fromReplyError(op, reply);
}

// KEYS and ARGV of an EVAL or EVALSHA, or false when the numbers do not add up.
bool splitEval(const QByteArrayList& c, QByteArrayList* keys, QByteArrayList* args)
{
    qint64 numKeys = 0;
    if (c.size() < 3 || !isNumber(c.at(2), &numKeys) || numKeys < 0 || 3 + numKeys > c.size())
        return false;
    *keys = c.mid(3, numKeys);
    *args = c.mid(3 + numKeys);
    return true;
}

LockOp fromEval(const QByteArrayList& c, const RedisReply& reply, const QByteArray& stockKey,
                LockOp::Scripts* scripts)
{
    QByteArrayList keys;
    QByteArrayList args;
    if (!splitEval(c, &keys, &args))
        return {};
    // NOSCRIPT says nothing of the lock: the client sends the script itself next, with the
    // same arguments (node-redlock, redis-py), and that answer is the node's.
    if (reply.isError() && reply.text.startsWith("NOSCRIPT"))
        return {};
    const bool bySha = c.first().toUpper() == "EVALSHA";
    if (bySha && !scripts->knows(c.at(1))) {
        LockOp op;
        if (keys.isEmpty() || keys.first() == stockKey)
            return op;
        op.unknownScript = true; // the node will tell what it did
        op.sha = c.at(1).toLower();
        op.key = keys.first();
        op.args = args;
        return fromReplyError(op, reply);
    }
    const ScriptShape shape = bySha ? scripts->shape(c.at(1)) : scripts->shapeOf(c.at(1));
    return fromShape(shape, keys, args, reply, stockKey);
}
} // namespace

void LockOp::Scripts::learn(const QByteArray& body)
{
    shapeOf(body);
}

ScriptShape LockOp::Scripts::shapeOf(const QByteArray& body)
{
    if (const auto it = m_bodies.constFind(body); it != m_bodies.cend())
        return *it;
    const ScriptShape shape = ScriptShape::read(body);
    m_bodies.insert(body, shape);
    m_shapes.insert(QCryptographicHash::hash(body, QCryptographicHash::Sha1).toHex(), shape);
    return shape;
}

void LockOp::Scripts::learnShape(const QByteArray& sha, const ScriptShape& shape)
{
    m_shapes.insert(sha.toLower(), shape);
}

LockOp LockOp::intent(const QByteArrayList& c, const QByteArray& stockKey, Scripts* scripts)
{
    // The answer a release would get if it deleted: what the request means, whatever came.
    return recognise(c, RedisReply::number(1), stockKey, scripts);
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
