// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QtGlobal>

// Finds where each client command ends in a client -> Redis byte stream, incrementally, so
// a proxy can drop WHOLE commands: half a command would make the node answer with a
// protocol error and close the connection.
//
// It understands what Redis itself reads from a client: multibulk arrays
// ("*N\r\n$len\r\n<len bytes>\r\n...") and inline commands (a line ending in "\n"). It keeps
// no bytes: it only tracks its position inside the current command (a small header buffer
// aside), so following a stream costs a scan of headers and inline lines; bulk payloads are
// skipped by their length. The caller decides what to keep.
//
// A stream that is not RESP (a header that does not parse, an inline line longer than
// Redis accepts) makes the framer give up for good: isBroken(). Redis would answer such a
// stream with a protocol error and close; a proxy should forward it untouched.
class RespFramer
{
public:
    // Consumes bytes of data[0..size) up to and including the end of the current command,
    // or all of them if it does not end there. Returns how many bytes were consumed and
    // sets *commandEnded. Once broken, consumes everything and never reports an end.
    qsizetype advance(const char* data, qsizetype size, bool* commandEnded);

    // Follows a chunk without looking for ends (the proxy's fast path).
    void follow(const QByteArray& bytes);

    // True between commands: nothing of the next command has been seen yet.
    bool atBoundary() const { return m_expect == Expect::CommandStart && !m_broken; }
    bool isBroken() const { return m_broken; }

    // Redis refuses inline requests longer than this (PROTO_INLINE_MAX_SIZE).
    static constexpr qsizetype kMaxInlineBytes = 64 * 1024;
    // Longer "*N" or "$len" header lines are not RESP.
    static constexpr qsizetype kMaxHeaderBytes = 32;

private:
    enum class Expect
    {
        CommandStart,
        CountLine,  // after '*': the argument count up to "\r\n"
        BulkHeader, // '$', the length, "\r\n"
        BulkBody,   // the payload and its "\r\n"
        InlineLine  // up to '\n'
    };

    qsizetype scanLine(const char* data, qsizetype size, QByteArrayView* line);
    static bool parseLine(QByteArrayView line, qint64 max, qint64* value);
    void finishCountLine(QByteArrayView line, bool* commandEnded);
    void finishBulkHeader(QByteArrayView line);
    void endArgument(bool* commandEnded);
    void breakStream();

    Expect m_expect = Expect::CommandStart;
    QByteArray m_line;           // a header line split over chunks, so far (without '*')
    qsizetype m_inlineBytes = 0; // length of the inline line read so far
    qint64 m_argsLeft = 0;       // bulk arguments still to come in this command
    qint64 m_bodyLeft = 0;       // payload bytes plus "\r\n" still to skip
    bool m_broken = false;
};
