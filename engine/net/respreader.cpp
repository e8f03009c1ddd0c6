// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/respreader.h"

#include <hiredis/hiredis.h>

RespReader::RespReader() : m_reader(redisReaderCreate()) {}

RespReader::~RespReader()
{
    redisReaderFree(m_reader);
}

void RespReader::feed(const char* data, qsizetype size)
{
    if (m_broken || size <= 0)
        return;
    if (redisReaderFeed(m_reader, data, size_t(size)) != REDIS_OK)
        m_broken = true;
}

QString RespReader::error() const
{
    return m_broken ? QString::fromLocal8Bit(m_reader->errstr) : QString();
}

std::optional<RedisReply> RespReader::next()
{
    if (m_broken)
        return std::nullopt;
    void* reply = nullptr;
    if (redisReaderGetReply(m_reader, &reply) != REDIS_OK) {
        m_broken = true;
        return std::nullopt;
    }
    if (!reply)
        return std::nullopt;
    RedisReply out = RedisReply::fromHiredis(static_cast<redisReply*>(reply));
    freeReplyObject(reply);
    return out;
}
