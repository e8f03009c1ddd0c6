// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/redisreply.h"

#include <QByteArray>
#include <optional>

struct redisReader;

// Reads RESP values out of a byte stream that arrives in pieces, with hiredis's own reader:
// a foreign client's commands (arrays of bulk strings) or a node's replies to it. A stream
// that is not RESP (an inline command, garbage) makes it give up for good: isBroken().
//
// It keeps no more than a bound per stream, whatever the peer sends: a bulk string longer
// than kMaxKeptBulkBytes (a 10 MB value, half of a 500 MB one) is skipped by its length as it
// goes by and read as the string kOmitted. No lock command or reply is that long; a
// connection that sends one is followed on without holding it.
class RespReader
{
public:
    static constexpr qsizetype kMaxKeptBulkBytes = 256 * 1024;
    // What a skipped bulk string reads as (no key, token or number is this).
    static constexpr char kOmitted[] = "\x01(omitted)";

    RespReader();
    ~RespReader();
    RespReader(const RespReader&) = delete;
    RespReader& operator=(const RespReader&) = delete;

    void feed(const QByteArray& bytes);
    // The next whole value, or nothing until more bytes come (or once broken).
    std::optional<RedisReply> next();
    bool isBroken() const { return m_broken; }

private:
    enum class Expect
    {
        TypeByte,   // a value starts
        Line,       // the rest of a simple line ("+OK", ":12", "*3", "%2")
        BulkHeader, // the length of a bulk ("$", "!", "=")
        Payload     // a bulk's bytes and their "\r\n", kept or skipped
    };

    void skimmed(const char* data, qsizetype size);
    void finishBulkHeader();
    void pass(const char* data, qsizetype size);

    redisReader* m_reader;
    bool m_broken = false;
    Expect m_expect = Expect::TypeByte;
    QByteArray m_header;      // a bulk header so far, its type byte first
    qint64 m_payloadLeft = 0; // payload bytes and "\r\n" still to come
    bool m_skipping = false;  // the payload is too long: it is not kept
};
