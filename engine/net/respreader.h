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
//
// Bulks::Skim (the exposed proxy's reader of a foreign client's traffic) keeps no more than a
// bound per stream, whatever the peer sends: a bulk string longer than kMaxKeptBulkBytes (a
// 10 MB value, half of a 500 MB one) is skipped by its length as it goes by and read as the
// string kOmitted. No lock command or reply is that long; a connection that sends one is
// followed on without holding it. Bulks::Whole (the engine's own connections, whose caller
// asked for the value) reads every reply whole, as hiredis does.
class RespReader
{
public:
    static constexpr qsizetype kMaxKeptBulkBytes = 256 * 1024;
    // What a skipped bulk string reads as (no key, token or number is this).
    static constexpr char kOmitted[] = "\x01(omitted)";

    enum class Bulks
    {
        Whole, // every bulk string as it came
        Skim   // bulk strings over kMaxKeptBulkBytes read as kOmitted
    };

    explicit RespReader(Bulks bulks = Bulks::Whole);
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
    const Bulks m_bulks;
    bool m_broken = false;
    Expect m_expect = Expect::TypeByte;
    QByteArray m_header;      // a bulk header so far, its type byte first
    qint64 m_payloadLeft = 0; // payload bytes and "\r\n" still to come
    bool m_skipping = false;  // the payload is too long: it is not kept
};
