// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/jsonlinescanner.h"

#include <limits>

JsonLineScanner::JsonLineScanner(QByteArrayView line)
    : m_p(line.data()), m_end(line.data() + line.size())
{}

bool JsonLineScanner::fail(const char* what)
{
    if (m_error.isEmpty())
        m_error = QString::fromLatin1(what);
    m_p = m_end;
    return false;
}

void JsonLineScanner::skipSpace()
{
    while (m_p < m_end && (*m_p == ' ' || *m_p == '\t' || *m_p == '\r' || *m_p == '\n'))
        ++m_p;
}

bool JsonLineScanner::next()
{
    if (m_closed || !m_error.isEmpty())
        return false;
    skipSpace();
    if (!m_started) {
        if (m_p == m_end || *m_p != '{')
            return fail("not a JSON object");
        ++m_p;
        m_started = true;
        skipSpace();
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            m_closed = true;
            return false;
        }
    } else {
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            m_closed = true;
            skipSpace();
            return m_p == m_end ? false : fail("text after the closing brace");
        }
        if (m_p == m_end || *m_p != ',')
            return fail("a field does not end with ',' or '}'");
        ++m_p;
        skipSpace();
    }
    bool escaped = false;
    if (m_p == m_end || *m_p != '"' || !scanString(&m_key, &escaped))
        return fail("a field name is not a string");
    skipSpace();
    if (m_p == m_end || *m_p != ':')
        return fail("a field name is not followed by ':'");
    ++m_p;
    skipSpace();
    return scanValue();
}

// At the opening quote; leaves m_p after the closing one.
bool JsonLineScanner::scanString(QByteArrayView* out, bool* escaped)
{
    const char* start = ++m_p;
    *escaped = false;
    while (m_p < m_end) {
        const char c = *m_p;
        if (c == '"') {
            *out = QByteArrayView(start, m_p - start);
            ++m_p;
            return true;
        }
        if (c == '\\') {
            *escaped = true;
            ++m_p; // the escaped character cannot end the string
        }
        ++m_p;
    }
    return fail("a string is not closed (the line was cut off?)");
}

bool JsonLineScanner::scanValue()
{
    if (m_p == m_end)
        return fail("a field has no value");
    const char c = *m_p;
    if (c == '"') {
        m_type = Type::String;
        return scanString(&m_value, &m_escaped);
    }
    if (c == '[' || c == '{') {
        m_type = c == '[' ? Type::Array : Type::Object;
        return scanNested();
    }
    const char* start = m_p;
    while (m_p < m_end && *m_p != ',' && *m_p != '}' && *m_p != ' ' && *m_p != ']')
        ++m_p;
    m_value = QByteArrayView(start, m_p - start);
    if (m_value == "true" || m_value == "false")
        m_type = Type::Bool;
    else if (m_value == "null")
        m_type = Type::Null;
    else if (c == '-' || (c >= '0' && c <= '9'))
        m_type = Type::Number;
    else
        return fail("a value is not JSON");
    return true;
}

// Brackets and braces balanced, strings honoured: the raw text of the array or object.
bool JsonLineScanner::scanNested()
{
    const char* start = m_p;
    int depth = 0;
    while (m_p < m_end) {
        const char c = *m_p;
        if (c == '"') {
            QByteArrayView ignored;
            bool escaped = false;
            if (!scanString(&ignored, &escaped))
                return false;
            continue;
        }
        if (c == '[' || c == '{')
            ++depth;
        else if ((c == ']' || c == '}') && --depth == 0) {
            ++m_p;
            m_value = QByteArrayView(start, m_p - start);
            return true;
        }
        ++m_p;
    }
    return fail("an array or object is not closed (the line was cut off?)");
}

std::optional<qint64> JsonLineScanner::parseInteger(QByteArrayView text)
{
    qsizetype i = 0;
    const bool negative = !text.isEmpty() && text[0] == '-';
    if (negative)
        ++i;
    if (i == text.size())
        return std::nullopt;
    quint64 value = 0;
    constexpr quint64 Limit = quint64(std::numeric_limits<qint64>::max());
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + quint64(c - '0');
        if (value > Limit + (negative ? 1 : 0))
            return std::nullopt;
    }
    return negative ? qint64(0 - value) : qint64(value);
}

std::optional<qint64> JsonLineScanner::integer() const
{
    if (m_type != Type::Number)
        return std::nullopt;
    return parseInteger(m_value);
}

void JsonLineScanner::appendUtf8(QByteArray* out, char32_t code)
{
    const QString text = QString::fromUcs4(&code, 1);
    out->append(text.toUtf8());
}

QByteArray JsonLineScanner::bytes() const
{
    if (m_type != Type::String)
        return {};
    if (!m_escaped)
        return m_value.toByteArray();
    QByteArray out;
    out.reserve(m_value.size());
    for (qsizetype i = 0; i < m_value.size(); ++i) {
        const char c = m_value[i];
        if (c != '\\' || i + 1 >= m_value.size()) {
            out.append(c);
            continue;
        }
        const char e = m_value[++i];
        switch (e) {
        case 'n':
            out.append('\n');
            break;
        case 't':
            out.append('\t');
            break;
        case 'r':
            out.append('\r');
            break;
        case 'b':
            out.append('\b');
            break;
        case 'f':
            out.append('\f');
            break;
        case 'u': {
            bool ok = false;
            char32_t code = m_value.sliced(i + 1, qMin<qsizetype>(4, m_value.size() - i - 1))
                                .toByteArray()
                                .toUInt(&ok, 16);
            i += 4;
            // A surrogate pair (\ud83d\ude00) is one character.
            if (ok && code >= 0xD800 && code < 0xDC00 && i + 6 < m_value.size() + 0 &&
                m_value[i + 1] == '\\' && m_value[i + 2] == 'u') {
                bool lowOk = false;
                const char32_t low = m_value.sliced(i + 3, 4).toByteArray().toUInt(&lowOk, 16);
                if (lowOk && low >= 0xDC00 && low < 0xE000) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    i += 6;
                }
            }
            appendUtf8(&out, ok ? code : U'\uFFFD');
            break;
        }
        default: // \" \\ \/
            out.append(e);
            break;
        }
    }
    return out;
}

std::optional<QList<qint64>> JsonLineScanner::integers() const
{
    if (m_type != Type::Array)
        return std::nullopt;
    QList<qint64> values;
    QByteArrayView inner = m_value.sliced(1, m_value.size() - 2).trimmed();
    if (inner.isEmpty())
        return values;
    while (true) {
        const qsizetype comma = inner.indexOf(',');
        const auto value = parseInteger((comma < 0 ? inner : inner.first(comma)).trimmed());
        if (!value)
            return std::nullopt;
        values << *value;
        if (comma < 0)
            return values;
        inner = inner.sliced(comma + 1);
    }
}
