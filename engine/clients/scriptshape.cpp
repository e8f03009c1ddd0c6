// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/scriptshape.h"

#include <QHash>
#include <QList>
#include <QRegularExpression>

namespace {

using Kind = ScriptShape::Kind;

// Lua comments say what a script does in words a test of its text would take for calls
// ("-- Return 0 if an entry already exists"): they go before it is read.
QByteArray withoutComments(const QByteArray& body)
{
    QByteArray out;
    for (const QByteArray& line : body.split('\n')) {
        const qsizetype dashes = line.indexOf("--");
        out += (dashes < 0 ? line : line.left(dashes)) + '\n';
    }
    return out;
}

struct Call
{
    QByteArray name;     // "set", "pexpire", ... (lower case, unquoted)
    QByteArrayList args; // the expressions after the name, trimmed
};

// Every redis.call(...) and redis.pcall(...), its arguments split at the top level.
QList<Call> callsIn(const QByteArray& text)
{
    QList<Call> calls;
    static const QRegularExpression start(QStringLiteral("redis\\.p?call\\s*\\("));
    const QString source = QString::fromLatin1(text);
    for (auto it = start.globalMatch(source); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        int depth = 1;
        qsizetype i = m.capturedEnd();
        QByteArrayList parts{QByteArray()};
        for (; i < text.size() && depth > 0; ++i) {
            const char c = text.at(i);
            if (c == '(' || c == '{' || c == '[')
                ++depth;
            else if (c == ')' || c == '}' || c == ']')
                --depth;
            if (depth == 0)
                break;
            if (c == ',' && depth == 1)
                parts << QByteArray();
            else
                parts.last() += c;
        }
        Call call;
        for (QByteArray& part : parts)
            part = part.trimmed();
        call.name = parts.takeFirst();
        call.name.replace('"', "").replace('\'', "");
        call.args = parts;
        calls << call;
    }
    return calls;
}

class Reader
{
public:
    explicit Reader(const QByteArray& text) : m_text(text)
    {
        // local name = ARGV[2] / tonumber(ARGV[2]) / ARGV[#ARGV]
        static const QRegularExpression alias(
            QStringLiteral("local\\s+([a-z_][a-z0-9_]*)\\s*=\\s*(?:tonumber\\s*\\()?\\s*"
                           "(argv\\s*\\[\\s*(?:\\d+|#argv)\\s*\\])"));
        for (auto it = alias.globalMatch(QString::fromLatin1(text)); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            m_alias.insert(m.captured(1).toLatin1(), argvIndex(m.captured(2).toLatin1()));
        }
    }

    // The ARGV index an expression stands for, or None.
    int ref(QByteArray expr) const
    {
        expr = expr.trimmed();
        if (expr.startsWith("tonumber(") && expr.endsWith(')'))
            expr = expr.mid(9, expr.size() - 10).trimmed();
        if (expr.startsWith("argv"))
            return argvIndex(expr);
        return m_alias.value(expr, ScriptShape::None);
    }

    // Whether `name` is given a sum somewhere (redis-py's extend: newttl = ARGV[2] + pttl).
    bool isSum(const QByteArray& expr) const
    {
        if (expr.contains('+'))
            return true;
        const QRegularExpression sum(
            QStringLiteral("\\b%1\\s*=[^=\\n][^\\n]*\\+")
                .arg(QRegularExpression::escape(QString::fromLatin1(expr.trimmed()))));
        return sum.match(QString::fromLatin1(m_text)).hasMatch();
    }

    // The first ARGV compared (== or ~=) with something: the holder's token. Either side of
    // the operator ("redis.call('get', key) == ARGV[1]", "token ~= ARGV[1]", "value == id").
    int compared() const
    {
        static const QRegularExpression sides(
            QStringLiteral("(?:(?:==|~=)\\s*(argv\\s*\\[[^\\]]*\\]|[a-z_][a-z0-9_]*))|"
                           "(?:(argv\\s*\\[[^\\]]*\\]|[a-z_][a-z0-9_]*)(?=\\s*(?:==|~=)))"));
        for (auto it = sides.globalMatch(QString::fromLatin1(m_text)); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            for (int side : {1, 2})
                if (const int index = ref(m.captured(side).toLatin1()); index != ScriptShape::None)
                    return index;
        }
        return ScriptShape::None;
    }

private:
    static int argvIndex(const QByteArray& expr)
    {
        const qsizetype open = expr.indexOf('[');
        const qsizetype close = expr.indexOf(']');
        if (open < 0 || close < open)
            return ScriptShape::None;
        const QByteArray inside = expr.mid(open + 1, close - open - 1).trimmed();
        if (inside == "#argv")
            return ScriptShape::Last;
        bool ok = false;
        const int n = inside.toInt(&ok);
        if (ok)
            return n >= 1 ? n - 1 : ScriptShape::None;
        return 0; // ARGV[i] in a loop over the keys: the first key's
    }

    QByteArray m_text;
    QHash<QByteArray, int> m_alias;
};

bool isAny(const QByteArray& name, std::initializer_list<const char*> names)
{
    for (const char* n : names)
        if (name == n)
            return true;
    return false;
}

// A quoted word among a call's arguments ("'PX'", "\"nx\""), and the index after it.
qsizetype wordAt(const QByteArrayList& args, const char* word)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        QByteArray a = args.at(i);
        a.replace('"', "").replace('\'', "");
        if (a == word)
            return i;
    }
    return -1;
}

} // namespace

QByteArray ScriptShape::at(const QByteArrayList& args, int index)
{
    if (index == Last)
        return args.isEmpty() ? QByteArray() : args.last();
    return index >= 0 && index < args.size() ? args.at(index) : QByteArray();
}

ScriptShape ScriptShape::read(const QByteArray& body)
{
    const QByteArray text = withoutComments(body).toLower();
    const Reader reader(text);
    const QList<Call> calls = callsIn(text);
    bool reads = false;   // looks at the key: get, exists, hexists
    bool deletes = false; // del, unlink
    bool setsIfFree = text.contains("exists") || text.contains("'nx'") || text.contains("\"nx\"");
    bool expires = false;
    bool sets = false;
    ScriptShape shape;
    int setValue = None;
    auto takeTtl = [&](const QByteArray& expr, int scale) {
        shape.ttlArg = reader.ref(expr);
        shape.ttlScale = scale;
        shape.ttlFromNode = shape.ttlArg == None || reader.isSum(expr);
    };
    for (const Call& c : calls) {
        if (isAny(c.name, {"get", "exists", "hexists", "hget", "pttl"}))
            reads = true;
        if (c.name == "hexists" && c.args.size() >= 2 && shape.tokenArg == None)
            shape.tokenArg = reader.ref(c.args.at(1));
        if (isAny(c.name, {"del", "unlink"}))
            deletes = true;
        if (isAny(c.name, {"setnx", "hsetnx"}))
            setsIfFree = true;
        if (isAny(c.name, {"hincrby", "hset", "hsetnx"})) {
            shape.hash = true;
            sets = true;
            if (c.args.size() >= 2 && setValue == None)
                setValue = reader.ref(c.args.at(1));
        }
        if (isAny(c.name, {"set", "setnx"}) && c.args.size() >= 2) {
            sets = true;
            if (setValue == None)
                setValue = reader.ref(c.args.at(1));
            for (const char* unit : {"px", "ex"})
                if (const qsizetype i = wordAt(c.args, unit); i >= 0 && i + 1 < c.args.size()) {
                    expires = true;
                    takeTtl(c.args.at(i + 1), qstrcmp(unit, "ex") == 0 ? 1000 : 1);
                }
        }
        if (isAny(c.name, {"pexpire", "expire"}) && c.args.size() >= 2) {
            expires = true;
            takeTtl(c.args.at(1), c.name == "expire" ? 1000 : 1);
        }
    }
    const bool compares = reads && (text.contains("==") || text.contains("~="));
    if (compares && deletes)
        shape.kind = Kind::Release;
    else if (setsIfFree && (sets || shape.hash)) // before extensions: Redisson's lock expires too
        shape.kind = Kind::Acquire;
    else if (compares && expires)
        shape.kind = Kind::Extend;
    if (shape.kind == Kind::Unknown)
        return shape;
    if (shape.tokenArg == None)
        shape.tokenArg = setValue != None ? setValue : reader.compared();
    if (shape.kind == Kind::Acquire && setValue != None && !shape.hash)
        shape.tokenArg = setValue;
    if (shape.kind == Kind::Release)
        shape.ttlArg = None;
    return shape;
}
