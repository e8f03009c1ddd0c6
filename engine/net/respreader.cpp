// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/respreader.h"

#include <hiredis/hiredis.h>

#include <algorithm>
#include <cstring>

namespace {
// A bulk header ("$12345\r\n") longer than this is not RESP.
constexpr qsizetype MaxHeaderBytes = 32;

bool isBulk(char type)
{
    return type == '$' || type == '!' || type == '='; // string, error, verbatim (RESP3)
}
} // namespace

RespReader::RespReader(Bulks bulks) : m_reader(redisReaderCreate()), m_bulks(bulks) {}

RespReader::~RespReader()
{
    redisReaderFree(m_reader);
}

void RespReader::feed(const char* data, qsizetype size)
{
    if (m_bulks == Bulks::Skim && !m_broken && size > 0)
        skimmed(data, size);
    else
        pass(data, size);
}

void RespReader::pass(const char* data, qsizetype size)
{
    if (m_broken || size <= 0)
        return;
    if (redisReaderFeed(m_reader, data, size_t(size)) != REDIS_OK)
        m_broken = true;
}

// Follows the values' outline (a type byte, a line, and for a bulk its payload by length)
// and hands hiredis everything but the payloads that are too long. Aggregates need no
// tracking: each element starts with a type byte of its own.
void RespReader::skimmed(const char* data, qsizetype size)
{
    qsizetype pos = 0;
    while (pos < size && !m_broken) {
        switch (m_expect) {
        case Expect::TypeByte:
            if (isBulk(data[pos])) {
                m_header = QByteArray(1, data[pos++]);
                m_expect = Expect::BulkHeader;
            } else {
                m_expect = Expect::Line; // hiredis judges whether the type byte is RESP
            }
            break;
        case Expect::Line: {
            const char* end =
                static_cast<const char*>(std::memchr(data + pos, '\n', size_t(size - pos)));
            const qsizetype upTo = end ? end - data + 1 : size;
            pass(data + pos, upTo - pos);
            pos = upTo;
            if (end)
                m_expect = Expect::TypeByte;
            break;
        }
        case Expect::BulkHeader: {
            const char* end =
                static_cast<const char*>(std::memchr(data + pos, '\n', size_t(size - pos)));
            const qsizetype upTo = end ? end - data + 1 : size;
            m_header.append(data + pos, upTo - pos);
            pos = upTo;
            if (m_header.size() > MaxHeaderBytes)
                m_broken = true;
            else if (end)
                finishBulkHeader();
            break;
        }
        case Expect::Payload: {
            const qsizetype take = qsizetype(std::min<qint64>(m_payloadLeft, size - pos));
            if (!m_skipping)
                pass(data + pos, take);
            pos += take;
            m_payloadLeft -= take;
            if (m_payloadLeft == 0)
                m_expect = Expect::TypeByte;
            break;
        }
        }
    }
}

// "$N\r\n": N bytes and "\r\n" follow ("$-1\r\n", a nil, none). A long one reads as kOmitted.
void RespReader::finishBulkHeader()
{
    bool ok = false;
    const qint64 length = m_header.mid(1).trimmed().toLongLong(&ok);
    if (!ok) {
        m_broken = true;
        return;
    }
    if (length < 0) {
        pass(m_header.constData(), m_header.size());
        m_expect = Expect::TypeByte;
        return;
    }
    m_payloadLeft = length + 2;
    m_skipping = length > kMaxKeptBulkBytes;
    m_expect = Expect::Payload;
    if (!m_skipping) {
        pass(m_header.constData(), m_header.size());
        return;
    }
    const QByteArray omitted(kOmitted);
    const QByteArray stand =
        m_header.left(1) + QByteArray::number(omitted.size()) + "\r\n" + omitted + "\r\n";
    pass(stand.constData(), stand.size());
}

QString RespReader::error() const
{
    if (!m_broken)
        return {};
    if (m_reader->err != 0)
        return QString::fromLocal8Bit(m_reader->errstr);
    return QStringLiteral("Protocol error, bad bulk length"); // found by the skim, not hiredis
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
