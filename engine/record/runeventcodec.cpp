// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/runeventcodec.h"

#include "base/enumtable.h"
#include "model/clientsnapshot.h"
#include "model/fault.h"
#include "model/nodemask.h"
#include "model/nodeoutcome.h"
#include "record/jsonlinescanner.h"

#include <charconv>
#include <limits>

namespace {

using K = HistoryEvent::Kind;

// --- writing ------------------------------------------------------------------------------

void appendInteger(QByteArray* out, qint64 value)
{
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out->append(digits, end - digits);
}

void appendKey(QByteArray* out, const char* key)
{
    out->append(",\"", 2);
    out->append(key);
    out->append("\":", 2);
}

// JSON string escaping of UTF-8 text: quotes, backslashes and control characters.
void appendString(QByteArray* out, QByteArrayView utf8)
{
    static const char Hex[] = "0123456789abcdef";
    out->append('"');
    qsizetype plain = 0; // start of the run of characters that need no escape
    for (qsizetype i = 0; i < utf8.size(); ++i) {
        const auto c = uchar(utf8[i]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out->append(utf8.data() + plain, i - plain);
        plain = i + 1;
        switch (c) {
        case '"':
            out->append("\\\"", 2);
            break;
        case '\\':
            out->append("\\\\", 2);
            break;
        case '\n':
            out->append("\\n", 2);
            break;
        case '\t':
            out->append("\\t", 2);
            break;
        default: {
            const char escape[] = {'\\', 'u', '0', '0', Hex[c >> 4], Hex[c & 15]};
            out->append(escape, sizeof escape);
        }
        }
    }
    out->append(utf8.data() + plain, utf8.size() - plain);
    out->append('"');
}

void appendBytesField(QByteArray* out, const char* key, const QByteArray& bytes)
{
    if (bytes.isEmpty())
        return;
    if (QUtf8StringView(bytes).isValidUtf8()) {
        appendKey(out, key);
        appendString(out, bytes);
        return;
    }
    out->append(",\"", 2);
    out->append(key);
    out->append("64\":", 4);
    appendString(out, bytes.toBase64());
}

void appendTextField(QByteArray* out, const char* key, const QString& text)
{
    if (text.isEmpty())
        return;
    appendKey(out, key);
    appendString(out, text.toUtf8());
}

void appendIntegerField(QByteArray* out, const char* key, qint64 value, qint64 omitted)
{
    if (value == omitted)
        return;
    appendKey(out, key);
    appendInteger(out, value);
}

void appendNodeList(QByteArray* out, quint16 mask, const char* key = "nodes")
{
    if (!mask)
        return;
    appendKey(out, key);
    out->append('[');
    bool first = true;
    for (const int number : NodeMask::numbers(mask)) {
        if (!first)
            out->append(',');
        appendInteger(out, number);
        first = false;
    }
    out->append(']');
}

// The name of the event's code in the enum its kind uses; empty when the kind has none.
QByteArray codeName(const HistoryEvent& e)
{
    switch (e.kind) {
    case K::Fail:
    case K::Attempt:
    case K::RoundJudged:
        return EnumTable<HistoryEvent::FailReason>::instance().name(e.code);
    case K::NodeAnswer:
        return EnumTable<NodeOutcome::Kind>::instance().name(e.code);
    case K::SectionEnd:
        return EnumTable<HistoryEvent::SectionEndReason>::instance().name(e.code);
    case K::ClientState:
        return EnumTable<ClientSnapshot::State>::instance().name(e.code);
    case K::FaultStart:
    case K::FaultEnd:
        return EnumTable<Fault::Kind>::instance().name(e.code);
    case K::Violation:
    case K::ViolationEnd:
        return EnumTable<HistoryEvent::ViolationKind>::instance().name(e.code);
    default:
        return {};
    }
}

void appendCode(QByteArray* out, const HistoryEvent& e)
{
    if (e.kind == K::Command) {
        appendKey(out, "ok");
        out->append(e.code ? "true" : "false");
        return;
    }
    const QByteArray name = codeName(e);
    if (!name.isEmpty()) {
        appendKey(out, "code");
        appendString(out, name);
    } else {
        appendIntegerField(out, "code", e.code, 0); // a kind without an enum: as a number
    }
}

} // namespace

void RunEventCodec::encode(const HistoryEvent& e, QByteArray* out) const
{
    out->append("{\"t\":", 5);
    appendInteger(out, e.tUs);
    appendKey(out, "kind");
    appendString(out, EnumTable<K>::instance().name(int(e.kind)));
    if (e.operation != HistoryEvent::Operation::None) {
        appendKey(out, "f");
        appendString(out, EnumTable<HistoryEvent::Operation>::instance().name(int(e.operation)));
    }
    appendCode(out, e);
    appendIntegerField(out, "client", e.client, -1);
    appendIntegerField(out, "node", e.node, -1);
    appendIntegerField(out, "id", qint64(e.op), 0);
    appendIntegerField(out, "latency", e.latencyUs, -1);
    appendIntegerField(out, "number", e.number, 0);
    appendIntegerField(out, "since", e.sinceUs, -1);
    appendIntegerField(out, "previous", e.previous, -1);
    appendIntegerField(out, "line", e.line, 0);
    appendNodeList(out, e.nodeMask);
    appendNodeList(out, e.askedMask, "asked");
    // Left out when it is the default: the run's for a client's event, none for the others.
    const QByteArray& defaultResource = e.client >= 0 ? m_resource : QByteArray();
    if (e.resource != defaultResource) {
        if (e.resource.isEmpty()) {
            appendKey(out, "resource");
            out->append("\"\"", 2);
        }
        appendBytesField(out, "resource", e.resource);
    }
    appendBytesField(out, "token", e.token);
    if (!e.fence.isNull()) {
        appendKey(out, "fence");
        appendString(out, e.fence.toWire());
    }
    appendTextField(out, "text", e.text);
    appendTextField(out, "note", e.note);
    out->append("}\n", 2);
}

// --- reading ------------------------------------------------------------------------------

bool RunEventCodec::decodeCode(HistoryEvent* e, QByteArrayView name)
{
    const auto set = [e](auto value) {
        if (!value)
            return false;
        e->code = quint8(*value);
        return true;
    };
    switch (e->kind) {
    case K::Fail:
    case K::Attempt:
    case K::RoundJudged:
        return set(EnumTable<HistoryEvent::FailReason>::instance().parse(name));
    case K::NodeAnswer:
        return set(EnumTable<NodeOutcome::Kind>::instance().parse(name));
    case K::SectionEnd:
        return set(EnumTable<HistoryEvent::SectionEndReason>::instance().parse(name));
    case K::ClientState:
        return set(EnumTable<ClientSnapshot::State>::instance().parse(name));
    case K::FaultStart:
    case K::FaultEnd:
        return set(EnumTable<Fault::Kind>::instance().parse(name));
    case K::Violation:
    case K::ViolationEnd:
        return set(EnumTable<HistoryEvent::ViolationKind>::instance().parse(name));
    default:
        return false;
    }
}

namespace {

bool readInteger(const JsonLineScanner& s, qint64 min, qint64 max, qint64* out)
{
    const auto value = s.integer();
    if (!value || *value < min || *value > max)
        return false;
    *out = *value;
    return true;
}

template <typename T> bool readField(const JsonLineScanner& s, T* out)
{
    qint64 value = 0;
    if (!readInteger(s, std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), &value))
        return false;
    *out = T(value);
    return true;
}

bool readNodeList(const JsonLineScanner& s, quint16* mask)
{
    const auto numbers = s.integers();
    if (!numbers)
        return false;
    *mask = 0;
    for (qint64 n : *numbers) {
        if (n < 1 || n > 16)
            return false;
        *mask |= quint16(NodeMask::bit(n - 1));
    }
    return true;
}

bool readBase64(const JsonLineScanner& s, QByteArray* out)
{
    if (s.type() != JsonLineScanner::Type::String)
        return false;
    const auto decoded = QByteArray::fromBase64Encoding(s.bytes());
    *out = decoded.decoded;
    return bool(decoded);
}

} // namespace

// One field into the event (a named code waits in decode() until the kind is known: the
// fields may come in any order). Unknown fields are passed over: a later minor version may
// add some.
bool RunEventCodec::decodeField(QByteArrayView key, const JsonLineScanner& s, HistoryEvent* e) const
{
    using T = JsonLineScanner::Type;
    if (key == "t")
        return readField(s, &e->tUs) && e->tUs >= 0;
    if (key == "kind") {
        const auto kind = EnumTable<K>::instance().parse(s.bytes());
        e->kind = kind.value_or(K::Info);
        return kind.has_value();
    }
    if (key == "f") {
        const auto op = EnumTable<HistoryEvent::Operation>::instance().parse(s.bytes());
        e->operation = op.value_or(HistoryEvent::Operation::None);
        return op.has_value();
    }
    if (key == "code")
        return readField(s, &e->code);
    if (key == "ok") {
        e->code = s.isTrue() ? 1 : 0;
        return s.type() == T::Bool;
    }
    if (key == "client")
        return readField(s, &e->client);
    if (key == "node")
        return readField(s, &e->node);
    if (key == "id") {
        qint64 id = 0;
        const bool ok = readInteger(s, 0, std::numeric_limits<qint64>::max(), &id);
        e->op = quint64(id);
        return ok;
    }
    if (key == "latency")
        return readField(s, &e->latencyUs);
    if (key == "number")
        return readField(s, &e->number);
    if (key == "since")
        return readField(s, &e->sinceUs);
    if (key == "previous")
        return readField(s, &e->previous);
    if (key == "line")
        return readField(s, &e->line);
    if (key == "nodes")
        return readNodeList(s, &e->nodeMask);
    if (key == "asked")
        return readNodeList(s, &e->askedMask);
    if (key == "resource") {
        e->resource = s.bytes();
        return s.type() == T::String;
    }
    if (key == "resource64")
        return readBase64(s, &e->resource);
    if (key == "token") {
        e->token = s.bytes();
        return s.type() == T::String;
    }
    if (key == "token64")
        return readBase64(s, &e->token);
    if (key == "fence") {
        const auto fence = FencingToken::fromWire(s.bytes());
        e->fence = fence.value_or(FencingToken());
        return fence.has_value();
    }
    if (key == "text") {
        e->text = s.text();
        return s.type() == T::String;
    }
    if (key == "note") {
        e->note = s.text();
        return s.type() == T::String;
    }
    return true;
}

bool RunEventCodec::decode(QByteArrayView line, HistoryEvent* e, QString* error) const
{
    *e = HistoryEvent();
    JsonLineScanner s(line);
    QByteArray codeName;
    bool haveTime = false;
    bool haveKind = false;
    bool haveResource = false;
    while (s.next()) {
        const QByteArrayView key = s.key();
        if (key == "code" && s.type() == JsonLineScanner::Type::String) {
            codeName = s.bytes();
        } else if (!decodeField(key, s, e)) {
            *error = QStringLiteral("bad value in field \"%1\"").arg(QString::fromUtf8(key));
            return false;
        }
        haveResource = haveResource || key == "resource" || key == "resource64";
        haveTime = haveTime || key == "t";
        haveKind = haveKind || key == "kind";
    }
    if (!s.atEnd()) {
        *error = s.error();
        return false;
    }
    if (!haveTime || !haveKind) {
        *error = QStringLiteral("no \"%1\" field").arg(haveTime ? "kind" : "t");
        return false;
    }
    if (!haveResource && e->client >= 0)
        e->resource = m_resource; // shared, not copied
    if (!codeName.isEmpty() && !decodeCode(e, codeName)) {
        *error = QStringLiteral("unknown code \"%1\" for kind %2")
                     .arg(QString::fromUtf8(codeName),
                          QString::fromUtf8(EnumTable<K>::instance().name(int(e->kind))));
        return false;
    }
    return true;
}
