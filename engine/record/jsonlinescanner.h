// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>
#include <optional>

// Reads one flat JSON object from one line, field by field, without building a document:
// a run file holds a million such lines (what that saves over a QJsonDocument per line, as
// measured: docs/benchmarks.md, "The benchmark").
// Values are numbers, strings, true, false, null and arrays; nested objects and arrays are
// skipped whole, so a field added by a later minor version is passed over, not refused.
//
//     JsonLineScanner s(line);
//     while (s.next())
//         if (s.key() == "t") t = s.integer();
//     if (!s.atEnd()) ... s.error()
class JsonLineScanner
{
public:
    enum class Type
    {
        Number,
        String,
        Array,
        Object,
        Bool,
        Null
    };

    explicit JsonLineScanner(QByteArrayView line);

    // Moves to the next field; false at the closing brace or at a syntax error.
    bool next();
    // True once the whole object was read without a syntax error.
    bool atEnd() const { return m_closed && m_error.isEmpty(); }
    QString error() const { return m_error; }

    QByteArrayView key() const { return m_key; } // as written (our keys need no escapes)
    Type type() const { return m_type; }
    // The value as a whole number; nothing when it is not one (a string, 1.5, 1e3, overflow).
    std::optional<qint64> integer() const;
    bool isTrue() const { return m_type == Type::Bool && m_value.front() == 't'; }
    // A string's bytes (UTF-8, escapes decoded); empty for any other type.
    QByteArray bytes() const;
    QString text() const { return QString::fromUtf8(bytes()); }
    // An array of whole numbers; nothing when it holds anything else.
    std::optional<QList<qint64>> integers() const;

private:
    bool fail(const char* what);
    void skipSpace();
    bool scanString(QByteArrayView* out, bool* escaped);
    bool scanValue();
    bool scanNested();
    static std::optional<qint64> parseInteger(QByteArrayView text);
    static void appendUtf8(QByteArray* out, char32_t code);

    const char* m_p;
    const char* m_end;
    QByteArrayView m_key;
    QByteArrayView m_value; // a string's contents without its quotes; otherwise the token
    bool m_escaped = false;
    Type m_type = Type::Null;
    bool m_started = false;
    bool m_closed = false;
    QString m_error;
};
