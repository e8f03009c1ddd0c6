// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/respframer.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace {

// Redis refuses more arguments than this in one multibulk (and lengths beyond its
// proto-max-bulk-len, which is configurable: only absurd lengths are refused here).
constexpr qint64 kMaxCount = std::numeric_limits<int>::max();
constexpr qint64 kMaxBulkLength = qint64(1) << 40;

} // namespace

qsizetype RespFramer::advance(const char* data, qsizetype size, bool* commandEnded)
{
    *commandEnded = false;
    qsizetype pos = 0;
    while (pos < size && !m_broken && !*commandEnded) {
        switch (m_expect) {
        case Expect::CommandStart:
            // As Redis decides: a command starting with '*' is a multibulk, anything else
            // an inline command.
            m_inlineBytes = 0;
            if (data[pos] == '*') {
                ++pos;
                m_expect = Expect::CountLine;
            } else {
                m_expect = Expect::InlineLine;
            }
            break;
        case Expect::CountLine: {
            QByteArrayView line;
            pos += scanLine(data + pos, size - pos, &line);
            if (!line.isNull())
                finishCountLine(line, commandEnded);
            break;
        }
        case Expect::BulkHeader: {
            if (m_line.isEmpty() && data[pos] != '$') {
                breakStream(); // Redis: "expected '$'"
                break;
            }
            QByteArrayView line;
            pos += scanLine(data + pos, size - pos, &line);
            if (!line.isNull())
                finishBulkHeader(line.sliced(1)); // after the '$'
            break;
        }
        case Expect::BulkBody: {
            const qint64 take = std::min<qint64>(m_bodyLeft, size - pos);
            pos += take;
            m_bodyLeft -= take;
            if (m_bodyLeft == 0)
                endArgument(commandEnded);
            break;
        }
        case Expect::InlineLine: {
            const auto* newline =
                static_cast<const char*>(std::memchr(data + pos, '\n', size_t(size - pos)));
            const qsizetype end = newline ? qsizetype(newline - data) + 1 : size;
            m_inlineBytes += end - pos;
            pos = end;
            if (newline) {
                m_expect = Expect::CommandStart;
                *commandEnded = true;
            } else if (m_inlineBytes > kMaxInlineBytes) {
                breakStream(); // Redis: "too big inline request"
            }
            break;
        }
        }
    }
    return m_broken ? size : pos;
}

void RespFramer::follow(const QByteArray& bytes)
{
    const char* data = bytes.constData();
    qsizetype left = bytes.size();
    bool ended = false;
    while (left > 0) {
        const qsizetype used = advance(data, left, &ended);
        data += used;
        left -= used;
    }
}

// Reads a header line up to '\n'. Once it is complete, *line is all of it without the
// '\n': straight from `data` when it came in one piece (the usual case: no copy), else
// gathered in m_line. Until then *line stays null.
qsizetype RespFramer::scanLine(const char* data, qsizetype size, QByteArrayView* line)
{
    const auto* newline = static_cast<const char*>(std::memchr(data, '\n', size_t(size)));
    const qsizetype length = newline ? qsizetype(newline - data) : size;
    if (m_line.size() + length > kMaxHeaderBytes) {
        breakStream();
        return size;
    }
    if (newline && m_line.isEmpty()) {
        *line = QByteArrayView(data, length);
        return length + 1;
    }
    m_line.append(data, length);
    if (!newline)
        return size;
    *line = QByteArrayView(m_line);
    return length + 1;
}

// `line` is a decimal integer followed by '\r', at most `max`.
bool RespFramer::parseLine(QByteArrayView line, qint64 max, qint64* value)
{
    if (!line.endsWith('\r'))
        return false;
    const QByteArrayView digits = line.chopped(1);
    const bool negative = digits.startsWith('-');
    const QByteArrayView magnitude = negative ? digits.sliced(1) : digits;
    if (magnitude.isEmpty() || magnitude.size() > 18)
        return false;
    qint64 result = 0;
    for (const char c : magnitude) {
        if (c < '0' || c > '9')
            return false;
        result = result * 10 + (c - '0');
    }
    *value = negative ? -result : result;
    return *value <= max;
}

void RespFramer::finishCountLine(QByteArrayView line, bool* commandEnded)
{
    qint64 count = 0;
    const bool ok = parseLine(line, kMaxCount, &count);
    m_line.truncate(0); // keeps its capacity
    if (!ok) {
        breakStream(); // Redis: "invalid multibulk length"
        return;
    }
    if (count <= 0) { // Redis skips "*0" and "*-1" as empty commands
        m_expect = Expect::CommandStart;
        *commandEnded = true;
        return;
    }
    m_argsLeft = count;
    m_expect = Expect::BulkHeader;
}

void RespFramer::finishBulkHeader(QByteArrayView line)
{
    qint64 length = 0;
    const bool ok = parseLine(line, kMaxBulkLength, &length) && length >= 0;
    m_line.truncate(0);
    if (!ok) {
        breakStream(); // Redis: "invalid bulk length"
        return;
    }
    m_bodyLeft = length + 2; // and its "\r\n"
    m_expect = Expect::BulkBody;
}

void RespFramer::endArgument(bool* commandEnded)
{
    if (--m_argsLeft > 0) {
        m_expect = Expect::BulkHeader;
        return;
    }
    m_expect = Expect::CommandStart;
    *commandEnded = true;
}

void RespFramer::breakStream()
{
    m_broken = true;
    m_line.clear(); // for good: give the memory back
}
