// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/redisreply.h"

#include <hiredis/hiredis.h>

RedisReply RedisReply::fromHiredis(const redisReply* reply)
{
    // NULL means hiredis gave up on the command (context freed): no answer, so Nil.
    if (!reply)
        return nil();

    RedisReply out;
    switch (reply->type) {
    case REDIS_REPLY_STATUS:
        out.type = Type::Status;
        out.text = QByteArray(reply->str, qsizetype(reply->len));
        break;
    case REDIS_REPLY_ERROR:
        out.type = Type::Error;
        out.text = QByteArray(reply->str, qsizetype(reply->len));
        break;
    case REDIS_REPLY_STRING:
        out.type = Type::String;
        out.text = QByteArray(reply->str, qsizetype(reply->len));
        break;
    case REDIS_REPLY_INTEGER:
        out.type = Type::Integer;
        out.integer = reply->integer;
        break;
    case REDIS_REPLY_ARRAY:
        // hiredis's reader bounds the nesting depth, so this recursion is bounded too.
        out.type = Type::Array;
        out.elements.reserve(qsizetype(reply->elements));
        for (size_t i = 0; i < reply->elements; ++i)
            out.elements.append(fromHiredis(reply->element[i]));
        break;
    case REDIS_REPLY_NIL:
    default:
        out.type = Type::Nil;
        break;
    }
    return out;
}

RedisReply RedisReply::withText(Type type, const QByteArray& text)
{
    RedisReply out;
    out.type = type;
    out.text = text;
    return out;
}

RedisReply RedisReply::status(const QByteArray& text)
{
    return withText(Type::Status, text);
}

RedisReply RedisReply::error(const QByteArray& text)
{
    return withText(Type::Error, text);
}

RedisReply RedisReply::string(const QByteArray& text)
{
    return withText(Type::String, text);
}

RedisReply RedisReply::number(qint64 value)
{
    RedisReply out;
    out.type = Type::Integer;
    out.integer = value;
    return out;
}

RedisReply RedisReply::nil()
{
    return {};
}
