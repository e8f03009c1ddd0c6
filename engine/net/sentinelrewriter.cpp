// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/sentinelrewriter.h"

#include <QByteArrayList>
#include <cctype>

namespace {
// An aggregate deeper than this is no Sentinel reply: the stream passes unchanged.
constexpr int MaxElements = 1 << 20;

QByteArray bulk(const QByteArray& text)
{
    return '$' + QByteArray::number(text.size()) + "\r\n" + text + "\r\n";
}
} // namespace

SentinelRewriter::SentinelRewriter(const QString& internalHost, const QString& exposedHost,
                                   const QHash<quint16, quint16>& ports)
    : m_internalHost(internalHost.toUtf8()), m_exposedHost(exposedHost.toUtf8()), m_ports(ports)
{}

QByteArray SentinelRewriter::feed(QByteArrayView bytes)
{
    if (m_raw)
        return bytes.toByteArray();
    m_buffer += bytes;
    QByteArray out;
    qsizetype done = 0;
    while (done < m_buffer.size()) {
        qsizetype pos = done;
        QByteArray reply;
        QByteArray text;
        const Parse parse = value(&pos, &reply, &text);
        if (parse == Parse::Incomplete)
            break;
        if (parse == Parse::Invalid) { // not RESP: from here on it passes as it is
            m_raw = true;
            out += m_buffer.mid(done);
            m_buffer.clear();
            return out;
        }
        out += reply;
        done = pos;
    }
    m_buffer.remove(0, done);
    return out;
}

SentinelRewriter::Parse SentinelRewriter::line(qsizetype* pos, QByteArrayView* content) const
{
    const qsizetype end = m_buffer.indexOf("\r\n", *pos + 1);
    if (end < 0)
        return m_buffer.size() - *pos > 64 * 1024 ? Parse::Invalid : Parse::Incomplete;
    *content = QByteArrayView(m_buffer).sliced(*pos + 1, end - *pos - 1);
    *pos = end + 2;
    return Parse::Done;
}

// One RESP value at *pos, rewritten into *out; *text is a scalar's content as the Sentinel
// sent it (for the pairs an aggregate rewrites), empty for an aggregate.
SentinelRewriter::Parse SentinelRewriter::value(qsizetype* pos, QByteArray* out, QByteArray* text)
{
    if (*pos >= m_buffer.size())
        return Parse::Incomplete;
    const char type = m_buffer.at(*pos);
    const qsizetype start = *pos;
    QByteArrayView head;
    if (const Parse p = line(pos, &head); p != Parse::Done)
        return p;
    switch (type) {
    case '+':
        *text = head.toByteArray();
        *out = '+' + rewriteText(*text) + "\r\n";
        return Parse::Done;
    case '-':
    case ':':
    case '_':
    case '#':
    case ',':
    case '(':
        *text = type == ':' ? head.toByteArray() : QByteArray();
        *out = m_buffer.mid(start, *pos - start);
        return Parse::Done;
    case '$':
    case '=':
    case '!': {
        bool ok = false;
        const qint64 size = head.toLongLong(&ok);
        if (!ok || size < -1)
            return Parse::Invalid;
        if (size >= 0) {
            if (m_buffer.size() < *pos + size + 2)
                return Parse::Incomplete;
            *text = m_buffer.mid(*pos, size);
            *pos += size + 2;
        }
        *out =
            type == '$' && size >= 0 ? bulk(rewriteText(*text)) : m_buffer.mid(start, *pos - start);
        return Parse::Done;
    }
    case '*':
    case '>':
    case '~':
    case '%':
    case '|': {
        bool ok = false;
        qint64 count = head.toLongLong(&ok);
        if (!ok || count < -1 || count > MaxElements)
            return Parse::Invalid;
        text->clear();
        if (count < 0) {
            *out = m_buffer.mid(start, *pos - start);
            return Parse::Done;
        }
        if (type == '%' || type == '|')
            count *= 2;
        *out = m_buffer.mid(start, *pos - start);
        return aggregate(type, count, pos, out);
    }
    default:
        return Parse::Invalid;
    }
}

// The elements of an aggregate, each rewritten, then the pairs that say an address across
// two elements: ip/port fields, and a host followed by its port.
SentinelRewriter::Parse SentinelRewriter::aggregate(char, qint64 count, qsizetype* pos,
                                                    QByteArray* out)
{
    QByteArrayList items;
    QByteArrayList texts;
    for (qint64 i = 0; i < count; ++i) {
        QByteArray item;
        QByteArray text;
        if (const Parse p = value(pos, &item, &text); p != Parse::Done)
            return p;
        items << item;
        texts << text;
    }
    for (int i = 0; i + 1 < items.size(); ++i) {
        const QByteArray key = texts.at(i).toLower();
        QByteArray exposed;
        if ((key == "port" || key == "master-port") && mapped(texts.at(i + 1), &exposed)) {
            items[i + 1] = items.at(i + 1).startsWith(':') ? ':' + exposed + "\r\n" : bulk(exposed);
        } else if ((key == "ip" || key == "master-host") && texts.at(i + 1) == m_internalHost) {
            items[i + 1] = bulk(m_exposedHost);
        } else if (texts.at(i) == m_internalHost && mapped(texts.at(i + 1), &exposed)) {
            items[i] = bulk(m_exposedHost); // get-master-addr-by-name: [host, port]
            items[i + 1] = bulk(exposed);
        }
    }
    *out += items.join();
    return Parse::Done;
}

bool SentinelRewriter::mapped(const QByteArray& port, QByteArray* exposed) const
{
    bool ok = false;
    const uint number = port.toUInt(&ok);
    if (!ok || number > 65535 || !m_ports.contains(quint16(number)))
        return false;
    *exposed = QByteArray::number(m_ports.value(quint16(number)));
    return true;
}

// "127.0.0.1 41237" as two words, and "127.0.0.1:41237" anywhere, within a string (the `name`
// field, pub/sub events such as "+switch-master redlock 127.0.0.1 41237 127.0.0.1 39811",
// INFO's "address=127.0.0.1:41237").
QByteArray SentinelRewriter::rewriteText(const QByteArray& text) const
{
    if (!text.contains(m_internalHost))
        return text;
    QByteArrayList words = text.split(' ');
    for (int i = 0; i + 1 < words.size(); ++i) {
        QByteArray exposed;
        if (words.at(i) == m_internalHost && mapped(words.at(i + 1), &exposed)) {
            words[i] = m_exposedHost;
            words[i + 1] = exposed;
            ++i;
        }
    }
    QByteArray out = words.join(' ');
    const QByteArray prefix = m_internalHost + ':';
    for (qsizetype at = out.indexOf(prefix); at >= 0; at = out.indexOf(prefix, at + 1)) {
        if (at > 0 && (std::isdigit(uchar(out.at(at - 1))) || out.at(at - 1) == '.'))
            continue; // part of another address ("10.127.0.0.1:...")
        qsizetype end = at + prefix.size();
        while (end < out.size() && std::isdigit(uchar(out.at(end))))
            ++end;
        QByteArray exposed;
        if (mapped(out.mid(at + prefix.size(), end - at - prefix.size()), &exposed))
            out.replace(at, end - at, m_exposedHost + ':' + exposed);
    }
    return out;
}
