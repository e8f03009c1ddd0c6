// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

struct redisReply;

// A reply copied out of hiredis: hiredis frees its own reply when the callback returns.
struct RedisReply
{
    enum class Type
    {
        Nil,
        Status,
        Error,
        Integer,
        String,
        Array
    };

    Type type = Type::Nil;
    QByteArray text; // Status, Error and String
    qint64 integer = 0;
    QList<RedisReply> elements;

    bool isError() const { return type == Type::Error; }
    bool isNil() const { return type == Type::Nil; }
    bool isOkStatus() const { return type == Type::Status && text == "OK"; }

    static RedisReply fromHiredis(const redisReply* reply);
    static RedisReply status(const QByteArray& text);
    static RedisReply error(const QByteArray& text);
    static RedisReply string(const QByteArray& text);
    static RedisReply number(qint64 value);
    static RedisReply nil();

private:
    static RedisReply withText(Type type, const QByteArray& text);
};
