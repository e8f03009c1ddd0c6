// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/respreader.h"

#include <hiredis/hiredis.h>

RespReader::RespReader() : m_reader(redisReaderCreate()) {}

RespReader::~RespReader()
{
    redisReaderFree(m_reader);
}

void RespReader::feed(const QByteArray& bytes)
{
    if (m_broken || bytes.isEmpty())
        return;
    if (redisReaderFeed(m_reader, bytes.constData(), size_t(bytes.size())) != REDIS_OK)
        m_broken = true;
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
