// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/redisreply.h"

#include <QByteArray>
#include <QString>
#include <optional>

struct redisReader;

// Reads RESP values out of a byte stream that arrives in pieces, with hiredis's own reader:
// a foreign client's commands (arrays of bulk strings) or a node's replies to it. A stream
// that is not RESP (an inline command, garbage) makes it give up for good: isBroken().
class RespReader
{
public:
    RespReader();
    ~RespReader();
    RespReader(const RespReader&) = delete;
    RespReader& operator=(const RespReader&) = delete;

    void feed(const QByteArray& bytes) { feed(bytes.constData(), bytes.size()); }
    void feed(const char* data, qsizetype size);
    // The next whole value, or nothing until more bytes come (or once broken).
    std::optional<RedisReply> next();
    bool isBroken() const { return m_broken; }
    // What the reader found wrong once broken ("Protocol error, got \"H\" as reply type
    // byte"), in hiredis's words.
    QString error() const;

private:
    redisReader* m_reader;
    bool m_broken = false;
};
